import type { FastifyInstance } from 'fastify';
import {
  APPLICATION_ALREADY_DECIDED_MESSAGE,
  APPLICATION_NOT_FOUND_MESSAGE,
  type TAdminApplicationDetail,
  type TAdminApplicationListResponse,
  type TAdminApplicationSummary,
  type TApplicationKind,
} from '@pulse/contract/admin';
import type { TSellerStatus } from '@pulse/contract/sellers';
import type { Db } from '../../db/client';
import type { SellerApplicationRow } from '../../db/schema/seller-applications';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError } from '../../errors/domain-errors';
import { addUserRole, findUserById } from '../auth/users-repository';
import { notify } from '../notifications/notifications-service';
import { createProfileFromApplication } from '../seller-profile/seller-profile-repository';
import { buildPrivateUploadUrl } from '../uploads/uploads-service';
import {
  decidePendingApplication,
  findIdDocumentStorageKey,
  findSellerApplicationById,
  listApplicationHistory,
  listSellerApplicationsForAdmin,
  type AdminApplicationRow,
} from '../sellers/sellers-repository';
import { toSellerApplicationJson } from '../sellers/sellers-service';
import { recordAdminAction } from './audit-log';
import { readIdCursor, toPage } from './keyset-cursor';

export const APPROVED_NOTIFICATION_MESSAGE = 'Your seller application was approved. Switch to seller mode to start selling.';

function toSummary(row: AdminApplicationRow): TAdminApplicationSummary {
  return {
    id: row.id,
    kind: 'seller',
    status: row.status,
    applicant: { id: row.userId, username: row.applicantUsername, email: row.applicantEmail },
    displayName: row.businessName,
    region: row.region,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/applications. Agent applications are not collected yet: that list is empty. */
export async function listApplications(
  db: Db,
  query: { status?: TSellerStatus | undefined; kind: TApplicationKind; cursor?: string | undefined; limit: number },
): Promise<TAdminApplicationListResponse> {
  const afterId = readIdCursor(query.cursor);
  if (query.kind === 'agent') return { items: [], nextCursor: null };
  const rows = await listSellerApplicationsForAdmin(db, { status: query.status, afterId, limit: query.limit + 1 });
  const { page, nextCursor } = toPage(rows, query.limit, (row) => row.id);
  return { items: page.map(toSummary), nextCursor };
}

async function loadApplication(db: Db, id: string): Promise<{ row: SellerApplicationRow; applicant: UserRow }> {
  const row = await findSellerApplicationById(db, id);
  const applicant = row ? await findUserById(db, row.userId) : null;
  if (!row || !applicant) throw new NotFoundError(APPLICATION_NOT_FOUND_MESSAGE);
  return { row, applicant };
}

/** GET /api/admin/applications/{id}: everything the applicant sent, the ID document and past rounds. */
export async function getApplicationDetail(db: Db, id: string): Promise<TAdminApplicationDetail> {
  const { row, applicant } = await loadApplication(db, id);
  const storageKey = await findIdDocumentStorageKey(db, row.idDocumentUploadId);
  const history = await listApplicationHistory(db, row.id);
  return {
    ...toSummary({ ...row, applicantUsername: applicant.username, applicantEmail: applicant.email }),
    seller: toSellerApplicationJson(row, storageKey),
    idDocumentUrl: storageKey && row.idDocumentUploadId ? buildPrivateUploadUrl(row.idDocumentUploadId) : null,
    history: history.map((entry) => ({
      status: entry.status,
      rejectionReason: entry.rejectionReason,
      submittedAt: entry.submittedAt.toISOString(),
      reviewedAt: entry.reviewedAt?.toISOString() ?? null,
      businessName: typeof entry.submission.businessName === 'string' ? entry.submission.businessName : null,
    })),
  };
}

/**
 * Approves or rejects a pending application. One transaction: the status change, the seller role
 * (approval) and the audit row. The applicant is notified after the commit.
 */
async function decide(
  app: FastifyInstance,
  admin: UserRow,
  id: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
): Promise<TAdminApplicationDetail> {
  const reviewedAt = new Date();
  const rejectionReason = decision.status === 'rejected' ? decision.reason : null;
  const row = await app.db.transaction(async (tx) => {
    const { row: current } = await loadApplication(tx, id);
    const decided = await decidePendingApplication(tx, current.id, {
      status: decision.status,
      rejectionReason,
      reviewedByUserId: admin.id,
      reviewedAt,
    });
    if (!decided) throw new ConflictError(APPLICATION_ALREADY_DECIDED_MESSAGE);
    if (decision.status === 'approved') await addUserRole(tx, decided.userId, 'seller');
    if (decision.status === 'approved') await createProfileFromApplication(tx, decided.userId);
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: decision.status === 'approved' ? 'application.approve' : 'application.reject',
      targetType: 'seller_application',
      targetId: decided.id,
      details: { applicantUserId: decided.userId, businessName: decided.businessName, ...(rejectionReason ? { reason: rejectionReason } : {}) },
    });
    return decided;
  });
  await notify(app, row.userId, {
    type: 'application_update',
    source: 'marketplace',
    message:
      decision.status === 'approved' ? APPROVED_NOTIFICATION_MESSAGE : `Your seller application was not approved. Reason: ${rejectionReason ?? ''}`,
    related_entity_id: row.id,
    content_type: 'seller_application',
    idempotencyKey: `seller-application:${row.id}:${decision.status}:${reviewedAt.getTime()}`,
  });
  return getApplicationDetail(app.db, row.id);
}

export async function approveApplication(app: FastifyInstance, admin: UserRow, id: string): Promise<TAdminApplicationDetail> {
  return decide(app, admin, id, { status: 'approved' });
}

export async function rejectApplication(app: FastifyInstance, admin: UserRow, id: string, reason: string): Promise<TAdminApplicationDetail> {
  return decide(app, admin, id, { status: 'rejected', reason });
}
