import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import {
  APPLICATION_APPROVED_MESSAGE,
  APPLICATION_PENDING_MESSAGE,
  NO_APPLICATION_MESSAGE,
  type TGetSellerResponse,
  type TSellerApplication,
  type TSellerApplicationValues,
  type TSellerStatus,
} from '@pulse/contract/sellers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { findUniqueViolation } from '../../db/find-unique-violation';
import type { SellerApplicationRow } from '../../db/schema/seller-applications';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { addUserRole, findUserByEmail } from '../auth/users-repository';
import { registerPayoutRecipient, toPayoutAccount } from '../payments/payout-recipients-service';
import { attributeFarm } from '../referrals/referral-attribution-service';
import { createProfileFromApplication } from '../seller-profile/seller-profile-repository';
import { findOwnedUpload } from '../uploads/uploads-repository';
import { buildPrivateUploadUrl, isPrivateUpload } from '../uploads/uploads-service';
import {
  findIdDocumentStorageKey,
  findSellerApplicationByUserId,
  insertApplicationHistory,
  insertSellerApplication,
  resubmitRejectedApplication,
  upsertSellerApplication,
  type SellerApplicationForm,
} from './sellers-repository';

export const SELLER_NOT_FOUND_MESSAGE = contractMessage(msg`No seller application was found for this user.`);

/**
 * The seller application of `userId`, visible to that user and to admins only. Anyone else gets
 * the same 404 as for a user without one, so ids cannot be probed.
 */
export async function getSellerApplication(db: Db, caller: UserRow, userId: string): Promise<TGetSellerResponse> {
  const allowed = caller.id === userId || caller.roles.includes('admin');
  const application = allowed ? await findSellerApplicationByUserId(db, userId) : null;
  if (!application) throw new NotFoundError(SELLER_NOT_FOUND_MESSAGE);
  return {
    id: application.id,
    userId: application.userId,
    status: application.status,
    businessName: application.businessName,
    rejectionReason: application.rejectionReason,
    updatedAt: application.updatedAt.toISOString(),
  };
}

export interface SellerStatusChange {
  email: string;
  status: TSellerStatus;
  businessName?: string | undefined;
  rejectionReason?: string | undefined;
}

/** Creates or updates a user's application; approval also grants the seller role and makes the shop. */
export async function setSellerStatus(db: Db, change: SellerStatusChange) {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, change.email);
    if (!user) throw new NotFoundError(msg`No user has the e-mail ${{ email: change.email }}.`);
    const existing = await findSellerApplicationByUserId(tx, user.id);
    const businessName = change.businessName?.trim() || existing?.businessName || user.username;
    if (change.status === 'rejected' && !change.rejectionReason?.trim() && !existing?.rejectionReason) {
      throw new InvalidError(msg`Give a reason when rejecting an application.`, { reason: msg`Give a reason when rejecting an application.` });
    }
    const rejectionReason = change.status === 'rejected' ? change.rejectionReason?.trim() || existing?.rejectionReason || null : null;
    const application = await upsertSellerApplication(tx, { userId: user.id, status: change.status, businessName, rejectionReason });
    const updatedUser = change.status === 'approved' ? await addUserRole(tx, user.id, 'seller') : user;
    // The shop is made from the application once; re-approving keeps the seller's edits.
    if (change.status === 'approved') await createProfileFromApplication(tx, user.id);
    return { application, user: updatedUser ?? user };
  });
}

export const ID_DOCUMENT_NOT_FOUND_MESSAGE = contractMessage(msg`Upload a photo of your ID document again: that upload was not found.`);
export const ID_DOCUMENT_NOT_PRIVATE_MESSAGE = contractMessage(msg`Upload a photo of your ID document again: that photo was not uploaded as a private ID document.`);

/**
 * The full application as its owner and admins see it; `storageKey` is the ID document's (null
 * when it is gone). The ID document's URL is the guarded one (decision 017).
 */
export function toSellerApplicationJson(row: SellerApplicationRow, idDocumentStorageKey: string | null): TSellerApplication {
  const payout =
    row.payoutMethod && row.payoutAccountName !== null && row.payoutAccountNumber !== null && row.payoutProviderName !== null
      ? { method: row.payoutMethod, accountName: row.payoutAccountName, accountNumber: row.payoutAccountNumber, providerName: row.payoutProviderName }
      : null;
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    businessName: row.businessName,
    region: row.region,
    lat: row.lat,
    lng: row.lng,
    produceTypes: row.produceTypes,
    phone: row.phone,
    payout,
    idDocument: row.idDocumentUploadId && idDocumentStorageKey ? { uploadId: row.idDocumentUploadId, url: buildPrivateUploadUrl(row.idDocumentUploadId) } : null,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    referralCode: row.referralCode,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The form fields of a stored submission, as kept in the history when the applicant re-applies. */
export function submissionSnapshot(row: SellerApplicationRow): Record<string, unknown> {
  return {
    businessName: row.businessName,
    region: row.region,
    lat: row.lat,
    lng: row.lng,
    produceTypes: row.produceTypes,
    phone: row.phone,
    payoutMethod: row.payoutMethod,
    payoutAccountName: row.payoutAccountName,
    payoutAccountNumber: row.payoutAccountNumber,
    payoutProviderName: row.payoutProviderName,
    idDocumentUploadId: row.idDocumentUploadId,
    referralCode: row.referralCode,
  };
}

function conflictFor(status: TSellerStatus): ConflictError {
  return new ConflictError(status === 'approved' ? APPLICATION_APPROVED_MESSAGE : APPLICATION_PENDING_MESSAGE);
}

/**
 * POST /api/sellers/application. A first application is created pending; a rejected one goes back
 * to pending with the new answers (the rejected round is kept in the history); a pending or
 * approved one is refused with 409. The ID document must be an image the caller uploaded with
 * `?purpose=id_document` (private, decision 017).
 * Submitting grants the seller role (decision 013); the workspace still needs approval.
 * The referral code field attributes the new farm (decision 023); a typed code that cannot be used
 * refuses the application with a message on `referralCode`, and nothing is saved.
 * The payout details become the provider's transfer recipient once saved (issue 24); a network or
 * bank the provider cannot pay to is refused on `payout.providerName` first.
 */
export async function submitSellerApplication(
  app: FastifyInstance,
  caller: UserRow,
  input: TSellerApplicationValues,
  now = new Date(),
): Promise<{ application: TSellerApplication; resubmitted: boolean }> {
  const { db, config } = app;
  const upload = await findOwnedUpload(db, input.idDocumentUploadId, caller.id);
  if (!upload) throw new InvalidError(ID_DOCUMENT_NOT_FOUND_MESSAGE, { idDocumentUploadId: ID_DOCUMENT_NOT_FOUND_MESSAGE });
  if (!isPrivateUpload(upload)) throw new InvalidError(ID_DOCUMENT_NOT_PRIVATE_MESSAGE, { idDocumentUploadId: ID_DOCUMENT_NOT_PRIVATE_MESSAGE });
  // Payout details the provider cannot pay to are refused here, before anything is saved.
  const payoutAccount = toPayoutAccount(app.paymentProvider, input.payout);
  const form: SellerApplicationForm = {
    businessName: input.businessName,
    region: input.region,
    lat: input.lat,
    lng: input.lng,
    produceTypes: input.produceTypes,
    phone: input.phone,
    payoutMethod: input.payout.method,
    payoutAccountName: input.payout.accountName,
    payoutAccountNumber: input.payout.accountNumber,
    payoutProviderName: input.payout.providerName,
    idDocumentUploadId: upload.id,
    termsAcceptedAt: now,
    referralCode: input.referralCode?.toUpperCase() ?? null,
    submittedAt: now,
  };
  let saved: { application: TSellerApplication; resubmitted: boolean };
  try {
    saved = await db.transaction(async (tx) => {
      const existing = await findSellerApplicationByUserId(tx, caller.id);
      if (!existing || existing.status === 'rejected') await attributeFarm(tx, config, caller, input.referralCode ?? null, input.payout, now);
      // Applying makes a seller account (decision 013): the role shows the mode switch, which then
      // reads the application's state; only approval opens the seller workspace.
      if (!caller.roles.includes('seller')) await addUserRole(tx, caller.id, 'seller');
      if (!existing) {
        const row = await insertSellerApplication(tx, caller.id, form);
        return { application: toSellerApplicationJson(row, upload.storageKey), resubmitted: false };
      }
      if (existing.status !== 'rejected') throw conflictFor(existing.status);
      const row = await resubmitRejectedApplication(tx, existing.id, form);
      // Another request re-applied between the read and the update.
      if (!row) throw conflictFor('pending');
      await insertApplicationHistory(tx, {
        applicationId: existing.id,
        status: existing.status,
        rejectionReason: existing.rejectionReason,
        submittedAt: existing.submittedAt,
        reviewedAt: existing.reviewedAt,
        submission: submissionSnapshot(existing),
      });
      return { application: toSellerApplicationJson(row, upload.storageKey), resubmitted: true };
    });
  } catch (error) {
    // Two first applications at once: the unique index on user_id lets one through.
    if (findUniqueViolation(error) !== null) throw conflictFor('pending');
    throw error;
  }
  await registerPayoutRecipient(app, caller.id, payoutAccount);
  return saved;
}

/** GET /api/sellers/application/mine */
export async function getMySellerApplication(db: Db, caller: UserRow): Promise<TSellerApplication> {
  const row = await findSellerApplicationByUserId(db, caller.id);
  if (!row) throw new NotFoundError(NO_APPLICATION_MESSAGE);
  return toSellerApplicationJson(row, await findIdDocumentStorageKey(db, row.idDocumentUploadId));
}
