import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import {
  AGENT_APPLICATION_APPROVED_MESSAGE,
  AGENT_APPLICATION_PENDING_MESSAGE,
  AGENT_PENDING_MESSAGE,
  isDeliveryKind,
  NO_AGENT_APPLICATION_MESSAGE,
  NOT_A_DELIVERY_AGENT_MESSAGE,
  NOT_AN_AGENT_MESSAGE,
  type TAgentApplication,
  type TAgentApplicationValues,
  type TAgentStatus,
  type TGetAgentResponse,
} from '@pulse/contract/agents';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { findUniqueViolation } from '../../db/find-unique-violation';
import type { AgentRow } from '../../db/schema/agents';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { findIdDocumentStorageKey } from '../sellers/sellers-repository';
import { ID_DOCUMENT_NOT_FOUND_MESSAGE, ID_DOCUMENT_NOT_PRIVATE_MESSAGE } from '../sellers/sellers-service';
import { registerPayoutRecipient, toPayoutAccount } from '../payments/payout-recipients-service';
import { findOwnedUpload } from '../uploads/uploads-repository';
import { buildPrivateUploadUrl, isPrivateUpload } from '../uploads/uploads-service';
import {
  findAgentByUserId,
  insertAgentApplication,
  insertAgentApplicationHistory,
  resubmitRejectedAgentApplication,
  type AgentApplicationForm,
} from './agents-repository';

export const AGENT_NOT_FOUND_MESSAGE = contractMessage(msg`No agent application was found for this user.`);

/** GET /api/agents/{userId}: the caller's own (or, for an admin, anyone's); others get the same 404. */
export async function getAgentStatus(db: Db, caller: UserRow, userId: string): Promise<TGetAgentResponse> {
  const allowed = caller.id === userId || caller.roles.includes('admin');
  const row = allowed ? await findAgentByUserId(db, userId) : null;
  if (!row) throw new NotFoundError(AGENT_NOT_FOUND_MESSAGE);
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    kind: row.kind,
    rejectionReason: row.rejectionReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAgentApplicationJson(row: AgentRow, idDocumentStorageKey: string | null): TAgentApplication {
  const payout =
    row.payoutMethod && row.payoutAccountName !== null && row.payoutAccountNumber !== null && row.payoutProviderName !== null
      ? { method: row.payoutMethod, accountName: row.payoutAccountName, accountNumber: row.payoutAccountNumber, providerName: row.payoutProviderName }
      : null;
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    kind: row.kind,
    region: row.region,
    lat: row.lat,
    lng: row.lng,
    workingRadiusKm: row.workingRadiusKm,
    vehicle: row.vehicle,
    phone: row.phone,
    payout,
    idDocument: row.idDocumentUploadId && idDocumentStorageKey ? { uploadId: row.idDocumentUploadId, url: buildPrivateUploadUrl(row.idDocumentUploadId) } : null,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function agentSubmissionSnapshot(row: AgentRow): Record<string, unknown> {
  return {
    kind: row.kind,
    region: row.region,
    lat: row.lat,
    lng: row.lng,
    workingRadiusKm: row.workingRadiusKm,
    vehicle: row.vehicle,
    phone: row.phone,
    payoutMethod: row.payoutMethod,
    payoutAccountName: row.payoutAccountName,
    payoutAccountNumber: row.payoutAccountNumber,
    payoutProviderName: row.payoutProviderName,
    idDocumentUploadId: row.idDocumentUploadId,
  };
}

function conflictFor(status: TAgentStatus): ConflictError {
  return new ConflictError(status === 'approved' ? AGENT_APPLICATION_APPROVED_MESSAGE : AGENT_APPLICATION_PENDING_MESSAGE);
}

/**
 * POST /api/agents/applications: first application (pending), or a rejected one re-submitted into
 * the same row (the rejected round goes to the history); pending or approved: 409. The ID document
 * must be the caller's private upload (decision 017). The `agent` role comes with approval only.
 * The payout details become the provider's transfer recipient once saved (issue 24); a network or
 * bank the provider cannot pay to is refused on `payout.providerName` first.
 */
export async function submitAgentApplication(app: FastifyInstance, caller: UserRow, input: TAgentApplicationValues, now = new Date()): Promise<TAgentApplication> {
  const { db } = app;
  const upload = await findOwnedUpload(db, input.idDocumentUploadId, caller.id);
  if (!upload) throw new InvalidError(ID_DOCUMENT_NOT_FOUND_MESSAGE, { idDocumentUploadId: ID_DOCUMENT_NOT_FOUND_MESSAGE });
  if (!isPrivateUpload(upload)) throw new InvalidError(ID_DOCUMENT_NOT_PRIVATE_MESSAGE, { idDocumentUploadId: ID_DOCUMENT_NOT_PRIVATE_MESSAGE });
  // Payout details the provider cannot pay to are refused here, before anything is saved.
  const payoutAccount = toPayoutAccount(app.paymentProvider, input.payout);
  const form: AgentApplicationForm = {
    kind: input.kind,
    region: input.region,
    lat: input.lat,
    lng: input.lng,
    workingRadiusKm: input.workingRadiusKm,
    vehicle: isDeliveryKind(input.kind) ? input.vehicle : null,
    phone: input.phone,
    payoutMethod: input.payout.method,
    payoutAccountName: input.payout.accountName,
    payoutAccountNumber: input.payout.accountNumber,
    payoutProviderName: input.payout.providerName,
    idDocumentUploadId: upload.id,
    termsAcceptedAt: now,
    submittedAt: now,
  };
  let saved: TAgentApplication;
  try {
    saved = await db.transaction(async (tx) => {
      const existing = await findAgentByUserId(tx, caller.id);
      if (!existing) return toAgentApplicationJson(await insertAgentApplication(tx, caller.id, form), upload.storageKey);
      if (existing.status !== 'rejected') throw conflictFor(existing.status);
      const row = await resubmitRejectedAgentApplication(tx, existing.id, form);
      if (!row) throw conflictFor('pending');
      await insertAgentApplicationHistory(tx, {
        agentId: existing.id,
        status: existing.status,
        rejectionReason: existing.rejectionReason,
        submittedAt: existing.submittedAt,
        reviewedAt: existing.reviewedAt,
        submission: agentSubmissionSnapshot(existing),
      });
      return toAgentApplicationJson(row, upload.storageKey);
    });
  } catch (error) {
    if (findUniqueViolation(error) !== null) throw conflictFor('pending');
    throw error;
  }
  await registerPayoutRecipient(app, caller.id, payoutAccount);
  return saved;
}

/** GET /api/agents/me/application */
export async function getMyAgentApplication(db: Db, caller: UserRow): Promise<TAgentApplication> {
  const row = await findAgentByUserId(db, caller.id);
  if (!row) throw new NotFoundError(NO_AGENT_APPLICATION_MESSAGE);
  return toAgentApplicationJson(row, await findIdDocumentStorageKey(db, row.idDocumentUploadId));
}

/** Whether the user is an approved Pulse Agent (any kind). */
export async function isApprovedAgent(db: Db, userId: string): Promise<boolean> {
  return (await findAgentByUserId(db, userId))?.status === 'approved';
}

/** The caller's approved agent row, or 403 with what is missing (pending, none/rejected). */
export async function assertApprovedAgent(db: Db, caller: UserRow): Promise<AgentRow> {
  const row = await findAgentByUserId(db, caller.id);
  if (row?.status === 'approved') return row;
  throw new ForbiddenError(row?.status === 'pending' ? AGENT_PENDING_MESSAGE : NOT_AN_AGENT_MESSAGE);
}

/** As assertApprovedAgent, and the agent must carry deliveries (delivery or both). */
export async function assertDeliveryAgent(db: Db, caller: UserRow): Promise<AgentRow> {
  const row = await assertApprovedAgent(db, caller);
  if (!isDeliveryKind(row.kind)) throw new ForbiddenError(NOT_A_DELIVERY_AGENT_MESSAGE);
  return row;
}
