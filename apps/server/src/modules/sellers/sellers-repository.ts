import { count, eq } from 'drizzle-orm';
import type { TSellerStatus } from '@pulse/contract/sellers';
import type { Db } from '../../db/client';
import { sellerApplications, type SellerApplicationRow } from '../../db/schema/seller-applications';

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
