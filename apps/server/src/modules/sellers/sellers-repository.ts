import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { TSellerStatus } from '@pulse/contract/sellers';
import type { Db } from '../../db/client';
import {
  sellerApplicationHistory,
  sellerApplications,
  type SellerApplicationHistoryRow,
  type SellerApplicationRow,
} from '../../db/schema/seller-applications';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';

type NewSellerApplicationRow = typeof sellerApplications.$inferInsert;
type NewSellerApplicationHistoryRow = typeof sellerApplicationHistory.$inferInsert;

export async function findSellerApplicationByUserId(db: Db, userId: string): Promise<SellerApplicationRow | null> {
  const [row] = await db.select().from(sellerApplications).where(eq(sellerApplications.userId, userId));
  return row ?? null;
}

/** Creates the user's application or updates the one they have (one per user). */
export async function upsertSellerApplication(
  db: Db,
  values: { userId: string; status: TSellerStatus; businessName: string; rejectionReason: string | null },
): Promise<SellerApplicationRow> {
  const [row] = await db
    .insert(sellerApplications)
    .values(values)
    .onConflictDoUpdate({
      target: sellerApplications.userId,
      set: {
        status: values.status,
        businessName: values.businessName,
        rejectionReason: values.rejectionReason,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('Upsert into seller_applications returned no row');
  return row;
}

export async function countSellerApplicationsByStatus(db: Db, status: TSellerStatus): Promise<number> {
  const [row] = await db.select({ value: count() }).from(sellerApplications).where(eq(sellerApplications.status, status));
  return row?.value ?? 0;
}

export async function findSellerApplicationById(db: Db, id: string): Promise<SellerApplicationRow | null> {
  const [row] = await db.select().from(sellerApplications).where(eq(sellerApplications.id, id));
  return row ?? null;
}

/** The storage key of the application's ID document, if it still exists. */
export async function findIdDocumentStorageKey(db: Db, uploadId: string | null): Promise<string | null> {
  if (!uploadId) return null;
  const [row] = await db.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.id, uploadId));
  return row?.storageKey ?? null;
}

export type SellerApplicationForm = Pick<
  NewSellerApplicationRow,
  | 'businessName'
  | 'region'
  | 'lat'
  | 'lng'
  | 'produceTypes'
  | 'phone'
  | 'payoutMethod'
  | 'payoutAccountName'
  | 'payoutAccountNumber'
  | 'payoutProviderName'
  | 'idDocumentUploadId'
  | 'termsAcceptedAt'
  | 'referralCode'
  | 'submittedAt'
>;

export async function insertSellerApplication(db: Db, userId: string, form: SellerApplicationForm): Promise<SellerApplicationRow> {
  const [row] = await db
    .insert(sellerApplications)
    .values({ ...form, userId, status: 'pending' })
    .returning();
  if (!row) throw new Error('Insert into seller_applications returned no row');
  return row;
}

/** Puts a rejected application back to pending with the new submission; null unless it was rejected. */
export async function resubmitRejectedApplication(db: Db, id: string, form: SellerApplicationForm): Promise<SellerApplicationRow | null> {
  const [row] = await db
    .update(sellerApplications)
    .set({ ...form, status: 'pending', rejectionReason: null, reviewedAt: null, reviewedByUserId: null })
    .where(and(eq(sellerApplications.id, id), eq(sellerApplications.status, 'rejected')))
    .returning();
  return row ?? null;
}

/** Approves or rejects a pending application; null if it is not pending (any more). */
export async function decidePendingApplication(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; rejectionReason: string | null; reviewedByUserId: string; reviewedAt: Date },
): Promise<SellerApplicationRow | null> {
  const [row] = await db
    .update(sellerApplications)
    .set(decision)
    .where(and(eq(sellerApplications.id, id), eq(sellerApplications.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function insertApplicationHistory(db: Db, values: Omit<NewSellerApplicationHistoryRow, 'id' | 'createdAt'>): Promise<void> {
  await db.insert(sellerApplicationHistory).values(values);
}

export async function listApplicationHistory(db: Db, applicationId: string): Promise<SellerApplicationHistoryRow[]> {
  return db
    .select()
    .from(sellerApplicationHistory)
    .where(eq(sellerApplicationHistory.applicationId, applicationId))
    .orderBy(desc(sellerApplicationHistory.createdAt), desc(sellerApplicationHistory.id));
}

export type AdminApplicationRow = SellerApplicationRow & { applicantUsername: string; applicantEmail: string };

/** Newest application first (ids are UUIDv7), optionally of one status; keyset on id. */
export async function listSellerApplicationsForAdmin(
  db: Db,
  query: { status: TSellerStatus | undefined; afterId: string | null; limit: number },
): Promise<AdminApplicationRow[]> {
  const rows = await db
    .select({ application: sellerApplications, username: users.username, email: users.email })
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId))
    .where(
      and(
        query.status ? eq(sellerApplications.status, query.status) : undefined,
        query.afterId ? lt(sellerApplications.id, query.afterId) : undefined,
      ),
    )
    .orderBy(desc(sellerApplications.id))
    .limit(query.limit);
  return rows.map((row) => ({ ...row.application, applicantUsername: row.username, applicantEmail: row.email }));
}
