import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import {
  APPLICATION_ALREADY_DECIDED_MESSAGE,
  APPLICATION_NOT_FOUND_MESSAGE,
  type TAdminApplicationDetail,
  type TAdminApplicationListResponse,
  type TAdminApplicationSummary,
  type TApplicationKind,
} from '@pulse/contract/admin';
import { agentKindLabels, vehicleLabels } from '@pulse/contract/agents';
import type { TSellerStatus } from '@pulse/contract/sellers';
import type { Db } from '../../db/client';
import type { AgentRow } from '../../db/schema/agents';
import type { SellerApplicationRow } from '../../db/schema/seller-applications';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError } from '../../errors/domain-errors';
import { PendingEvents } from '../../lib/domain-events';
import {
  decidePendingAgentApplication,
  findAgentById,
  listAgentApplicationHistory,
  listAgentApplicationsForAdmin,
} from '../agents/agents-repository';
import { toAgentApplicationJson } from '../agents/agents-service';
import { addUserRole, findUserById } from '../auth/users-repository';
import { notify } from '../notifications/notifications-service';
import { ensureReferralCode, isReferralAgent } from '../referrals/referral-codes';
import { createProfileFromApplication } from '../seller-profile/seller-profile-repository';
import { buildPrivateUploadUrl } from '../uploads/uploads-service';
import {
  decidePendingApplication,
  findIdDocumentStorageKey,
  findSellerApplicationById,
  listApplicationHistory,
  listSellerApplicationsForAdmin,
} from '../sellers/sellers-repository';
import { toSellerApplicationJson } from '../sellers/sellers-service';
import './application-events';
import { recordAdminAction } from './audit-log';
import { readIdCursor, toPage } from './keyset-cursor';

export const APPROVED_NOTIFICATION_MESSAGE = contractMessage(msg`Your seller application was approved. Switch to seller mode to start selling.`);
export const AGENT_APPROVED_NOTIFICATION_MESSAGE = contractMessage(msg`Your Pulse Agent application was approved. Open the agent dashboard to start.`);

/**
 * One queue, one decision service, several kinds of application. Each kind says how to list, load,
 * decide and show its rows, what approval grants and how the applicant is told; the queue, the
 * cursor, the transaction, the audit row and the notification are shared.
 */
interface ApplicationKindHandler<Row extends { id: string; userId: string; status: TSellerStatus }> {
  kind: TApplicationKind;
  list(db: Db, query: { status: TSellerStatus | undefined; afterId: string | null; limit: number }): Promise<Array<Row & { applicantUsername: string; applicantEmail: string }>>;
  findById(db: Db, id: string): Promise<Row | null>;
  decidePending(db: Db, id: string, decision: { status: 'approved' | 'rejected'; rejectionReason: string | null; reviewedByUserId: string; reviewedAt: Date }): Promise<Row | null>;
  /** Runs in the decision's transaction after an approval (role, profile...). */
  onApproved(db: Db, row: Row): Promise<void>;
  displayName(row: Row): string;
  region(row: Row): string;
  submittedAt(row: Row): Date;
  reviewedAt(row: Row): Date | null;
  idDocumentUploadId(row: Row): string | null;
  detail(row: Row, storageKey: string | null): Pick<TAdminApplicationDetail, 'seller' | 'agent'>;
  history(db: Db, row: Row): Promise<TAdminApplicationDetail['history']>;
  auditTargetType: string;
  auditAction: Record<'approved' | 'rejected', string>;
  auditDetails(row: Row): Record<string, unknown>;
  approvedMessage: string;
  rejectedMessage(reason: string): MessageDescriptor;
  contentType: string;
}

const sellerHandler: ApplicationKindHandler<SellerApplicationRow> = {
  kind: 'seller',
  list: (db, query) => listSellerApplicationsForAdmin(db, query),
  findById: findSellerApplicationById,
  decidePending: decidePendingApplication,
  async onApproved(db, row) {
    await addUserRole(db, row.userId, 'seller');
    await createProfileFromApplication(db, row.userId);
  },
  displayName: (row) => row.businessName,
  region: (row) => row.region,
  submittedAt: (row) => row.submittedAt,
  reviewedAt: (row) => row.reviewedAt,
  idDocumentUploadId: (row) => row.idDocumentUploadId,
  detail: (row, storageKey) => ({ seller: toSellerApplicationJson(row, storageKey), agent: null }),
  async history(db, row) {
    return (await listApplicationHistory(db, row.id)).map((entry) => ({
      status: entry.status,
      rejectionReason: entry.rejectionReason,
      submittedAt: entry.submittedAt.toISOString(),
      reviewedAt: entry.reviewedAt?.toISOString() ?? null,
      businessName: typeof entry.submission.businessName === 'string' ? entry.submission.businessName : null,
    }));
  },
  auditTargetType: 'seller_application',
  auditAction: { approved: 'application.approve', rejected: 'application.reject' },
  auditDetails: (row) => ({ applicantUserId: row.userId, businessName: row.businessName }),
  approvedMessage: APPROVED_NOTIFICATION_MESSAGE,
  rejectedMessage: (reason) => msg`Your seller application was not approved. Reason: ${{ reason }}`,
  contentType: 'seller_application',
};

function agentDisplayName(row: AgentRow): string {
  return row.vehicle ? `${agentKindLabels[row.kind]} · ${vehicleLabels[row.vehicle]}` : agentKindLabels[row.kind];
}

const agentHandler: ApplicationKindHandler<AgentRow> = {
  kind: 'agent',
  list: (db, query) => listAgentApplicationsForAdmin(db, query),
  findById: findAgentById,
  decidePending: decidePendingAgentApplication,
  async onApproved(db, row) {
    // The user's agentId is this row's id once approved (users-repository findApprovedProfileIds).
    await addUserRole(db, row.userId, 'agent');
    // A referral agent gets its code now (decision 023); a delivery-only agent has none.
    if (isReferralAgent(row)) await ensureReferralCode(db, row);
  },
  displayName: agentDisplayName,
  region: (row) => row.region,
  submittedAt: (row) => row.submittedAt,
  reviewedAt: (row) => row.reviewedAt,
  idDocumentUploadId: (row) => row.idDocumentUploadId,
  detail: (row, storageKey) => ({ seller: null, agent: toAgentApplicationJson(row, storageKey) }),
  async history(db, row) {
    return (await listAgentApplicationHistory(db, row.id)).map((entry) => ({
      status: entry.status,
      rejectionReason: entry.rejectionReason,
      submittedAt: entry.submittedAt.toISOString(),
      reviewedAt: entry.reviewedAt?.toISOString() ?? null,
      businessName: null,
    }));
  },
  auditTargetType: 'agent_application',
  auditAction: { approved: 'agent_application.approve', rejected: 'agent_application.reject' },
  auditDetails: (row) => ({ applicantUserId: row.userId, kind: row.kind, region: row.region }),
  approvedMessage: AGENT_APPROVED_NOTIFICATION_MESSAGE,
  rejectedMessage: (reason) => msg`Your Pulse Agent application was not approved. Reason: ${{ reason }}`,
  contentType: 'agent_application',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler is typed by its own row
type AnyHandler = ApplicationKindHandler<any>;
const HANDLERS: Record<TApplicationKind, AnyHandler> = { seller: sellerHandler, agent: agentHandler };

function toSummary<Row extends { id: string; userId: string; status: TSellerStatus }>(
  handler: ApplicationKindHandler<Row>,
  row: Row,
  applicant: { username: string; email: string },
): TAdminApplicationSummary {
  return {
    id: row.id,
    kind: handler.kind,
    status: row.status,
    applicant: { id: row.userId, username: applicant.username, email: applicant.email },
    displayName: handler.displayName(row),
    region: handler.region(row),
    submittedAt: handler.submittedAt(row).toISOString(),
    reviewedAt: handler.reviewedAt(row)?.toISOString() ?? null,
  };
}

/** GET /api/admin/applications?kind= : one queue, filtered by kind (seller by default). */
export async function listApplications(
  db: Db,
  query: { status?: TSellerStatus | undefined; kind: TApplicationKind; cursor?: string | undefined; limit: number },
): Promise<TAdminApplicationListResponse> {
  const afterId = readIdCursor(query.cursor);
  const handler = HANDLERS[query.kind];
  const rows = await handler.list(db, { status: query.status, afterId, limit: query.limit + 1 });
  const { page, nextCursor } = toPage(rows, query.limit, (row) => row.id);
  return { items: page.map((row) => toSummary(handler, row, { username: row.applicantUsername, email: row.applicantEmail })), nextCursor };
}

/** The application with this id, whichever kind it is (ids are UUIDv7, unique across tables in practice). */
async function loadApplication(db: Db, id: string): Promise<{ handler: AnyHandler; row: { id: string; userId: string; status: TSellerStatus }; applicant: UserRow }> {
  for (const handler of Object.values(HANDLERS)) {
    const row = (await handler.findById(db, id)) as { id: string; userId: string; status: TSellerStatus } | null;
    if (!row) continue;
    const applicant = await findUserById(db, row.userId);
    if (!applicant) break;
    return { handler, row, applicant };
  }
  throw new NotFoundError(APPLICATION_NOT_FOUND_MESSAGE);
}

/** GET /api/admin/applications/{id}: everything the applicant sent, the ID document and past rounds. */
export async function getApplicationDetail(db: Db, id: string): Promise<TAdminApplicationDetail> {
  const { handler, row, applicant } = await loadApplication(db, id);
  const uploadId = handler.idDocumentUploadId(row) as string | null;
  const storageKey = await findIdDocumentStorageKey(db, uploadId);
  return {
    ...toSummary(handler, row, applicant),
    ...(handler.detail(row, storageKey) as Pick<TAdminApplicationDetail, 'seller' | 'agent'>),
    idDocumentUrl: storageKey && uploadId ? buildPrivateUploadUrl(uploadId) : null,
    history: (await handler.history(db, row)) as TAdminApplicationDetail['history'],
  };
}

/**
 * Approves or rejects a pending application of either kind. One transaction: the status change,
 * what approval grants (role, shop) and the audit row. The applicant is notified after the commit
 * (newNotification, so the status page and the menu follow live).
 */
async function decide(
  app: FastifyInstance,
  admin: UserRow,
  id: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
): Promise<TAdminApplicationDetail> {
  const reviewedAt = new Date();
  const rejectionReason = decision.status === 'rejected' ? decision.reason : null;
  const { handler, row, pending } = await app.db.transaction(async (tx) => {
    const pending = new PendingEvents(tx, app.config, reviewedAt);
    const { handler: current, row: loaded } = await loadApplication(tx, id);
    const decided = (await current.decidePending(tx, loaded.id, {
      status: decision.status,
      rejectionReason,
      reviewedByUserId: admin.id,
      reviewedAt,
    })) as { id: string; userId: string } | null;
    if (!decided) throw new ConflictError(APPLICATION_ALREADY_DECIDED_MESSAGE);
    if (decision.status === 'approved') await current.onApproved(tx, decided);
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: current.auditAction[decision.status],
      targetType: current.auditTargetType,
      targetId: decided.id,
      details: { ...(current.auditDetails(decided) as Record<string, unknown>), ...(rejectionReason ? { reason: rejectionReason } : {}) },
    });
    await pending.inTransaction('application.decided', {
      kind: current.kind,
      applicationId: decided.id,
      userId: decided.userId,
      displayName: current.displayName(decided),
      status: decision.status,
      reason: rejectionReason,
    });
    return { handler: current, row: decided, pending };
  });
  await pending.publish(app);
  await notify(app, row.userId, {
    type: 'application_update',
    source: 'marketplace',
    message: decision.status === 'approved' ? handler.approvedMessage : handler.rejectedMessage(rejectionReason ?? ''),
    related_entity_id: row.id,
    content_type: handler.contentType,
    idempotencyKey: `${handler.contentType.replace('_application', '')}-application:${row.id}:${decision.status}:${reviewedAt.getTime()}`,
  });
  return getApplicationDetail(app.db, row.id);
}

export async function approveApplication(app: FastifyInstance, admin: UserRow, id: string): Promise<TAdminApplicationDetail> {
  return decide(app, admin, id, { status: 'approved' });
}

export async function rejectApplication(app: FastifyInstance, admin: UserRow, id: string, reason: string): Promise<TAdminApplicationDetail> {
  return decide(app, admin, id, { status: 'rejected', reason });
}
