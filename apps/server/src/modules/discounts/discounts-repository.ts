import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes, discountRedemptions, type DiscountCodeRow, type DiscountRedemptionRow } from '../../db/schema/discounts';
import { orders } from '../../db/schema/orders';

export type NewDiscountCodeRow = typeof discountCodes.$inferInsert;

export interface DiscountCodeWithStats {
  code: DiscountCodeRow;
  timesUsed: number;
  totalCostMinor: number;
}

/** A farm's codes (ownerUserId) or the platform's (null), newest first, with their active uses and cost. */
export async function listCodesWithStats(db: Db, ownerUserId: string | null): Promise<DiscountCodeWithStats[]> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(ownerUserId ? eq(discountCodes.ownerUserId, ownerUserId) : isNull(discountCodes.ownerUserId))
    .orderBy(sql`${discountCodes.createdAt} desc`, sql`${discountCodes.id} desc`);
  const stats = await usageStats(db, rows.map((row) => row.id));
  return rows.map((code) => ({ code, ...(stats.get(code.id) ?? { timesUsed: 0, totalCostMinor: 0 }) }));
}

export async function usageStats(db: Db, codeIds: string[]): Promise<Map<string, { timesUsed: number; totalCostMinor: number }>> {
  if (codeIds.length === 0) return new Map();
  const rows = await db
    .select({
      codeId: discountRedemptions.codeId,
      timesUsed: sql<number>`count(distinct ${discountRedemptions.checkoutId})::int`,
      totalCostMinor: sql<number>`coalesce(sum(${discountRedemptions.amountMinor}), 0)::bigint`,
    })
    .from(discountRedemptions)
    .where(and(inArray(discountRedemptions.codeId, codeIds), eq(discountRedemptions.status, 'active')))
    .groupBy(discountRedemptions.codeId);
  return new Map(rows.map((row) => [row.codeId, { timesUsed: Number(row.timesUsed), totalCostMinor: Number(row.totalCostMinor) }]));
}

/** The code with this id in this owner's scope (a farm's, or the platform's for null), else null. */
export async function findOwnedCode(db: Db, ownerUserId: string | null, codeId: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, codeId), ownerUserId ? eq(discountCodes.ownerUserId, ownerUserId) : isNull(discountCodes.ownerUserId)));
  return row ?? null;
}

export async function insertCode(db: Db, values: NewDiscountCodeRow): Promise<DiscountCodeRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  if (!row) throw new Error('discount code not inserted');
  return row;
}

export async function updateCode(db: Db, codeId: string, patch: Partial<NewDiscountCodeRow>): Promise<DiscountCodeRow> {
  const [row] = await db.update(discountCodes).set(patch).where(eq(discountCodes.id, codeId)).returning();
  if (!row) throw new Error('discount code vanished');
  return row;
}

/**
 * The codes a buyer's text may name: the platform's code of that text and the codes of that text of
 * the farms in the basket. With `lock`, the rows are locked (FOR UPDATE) in id order, so concurrent
 * checkouts count a code's uses one after the other.
 */
export async function findCandidateCodes(db: Db, texts: string[], sellerUserIds: string[], lock: boolean): Promise<DiscountCodeRow[]> {
  if (texts.length === 0) return [];
  const scope = sellerUserIds.length > 0 ? sql`(${discountCodes.ownerUserId} is null or ${inArray(discountCodes.ownerUserId, sellerUserIds)})` : isNull(discountCodes.ownerUserId);
  const query = db
    .select()
    .from(discountCodes)
    .where(and(inArray(discountCodes.code, texts), scope))
    .orderBy(asc(discountCodes.id));
  return lock ? query.for('update') : query;
}

/** Active uses of a code: checkouts overall and by this buyer (a checkout of several farms is one use). */
export async function countActiveUses(db: Db, codeId: string, buyerUserId: string): Promise<{ total: number; byBuyer: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(distinct ${discountRedemptions.checkoutId})::int`,
      byBuyer: sql<number>`count(distinct case when ${discountRedemptions.buyerUserId} = ${buyerUserId} then ${discountRedemptions.checkoutId} end)::int`,
    })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.status, 'active')));
  return { total: Number(row?.total ?? 0), byBuyer: Number(row?.byBuyer ?? 0) };
}

/** Whether the buyer already has a paid order that stands (of this farm, or anywhere for null). */
export async function hasStandingOrder(db: Db, buyerUserId: string, sellerUserId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.buyerUserId, buyerUserId),
        sellerUserId ? eq(orders.sellerUserId, sellerUserId) : undefined,
        isNotNull(orders.paidAt),
        notInArray(orders.status, ['cancelled', 'refunded']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRedemptions(db: Db, values: Array<typeof discountRedemptions.$inferInsert>): Promise<void> {
  if (values.length > 0) await db.insert(discountRedemptions).values(values);
}

/** The order's uses given back (cancelled or refunded); returns those that were active. */
export async function returnRedemptions(db: Db, orderId: string, now: Date): Promise<DiscountRedemptionRow[]> {
  return db
    .update(discountRedemptions)
    .set({ status: 'returned', returnedAt: now })
    .where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'active')))
    .returning();
}
