import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliverySlots, type DeliverySlotRow } from '../../db/schema/delivery-slots';
import { products } from '../../db/schema/products';
import {
  standingOrderCycles,
  standingOrderLines,
  standingOrders,
  type StandingOrderCycleRow,
  type StandingOrderRow,
} from '../../db/schema/standing-orders';
import { productThumbUrlSql } from '../products/products-repository';
import type { StandingProductWithdrawnEvent } from './standing-order-events';

/** Cycle states nothing changes any more: the cycle made an order, or it is over. */
export const FINAL_CYCLE_STATUSES = ['placed', 'partly_placed', 'no_slot', 'missed', 'failed'] as const;
/** Cycle states a buyer may still skip (or whose skip may be taken back): nothing was ordered yet. */
export const OPEN_CYCLE_STATUSES = ['upcoming', 'held_price', 'held_funds', 'skipped'] as const;

/** The farm's public name: the shop profile's, else the approved application's, else the username (decision 013). */
export async function findShopName(db: Db, sellerUserId: string): Promise<string | null> {
  const result = (await db.execute(sql`select coalesce(
      (select sp.shop_name from seller_profiles sp where sp.user_id = u.id),
      (select sa.business_name from seller_applications sa where sa.user_id = u.id and sa.status = 'approved' limit 1),
      u.username) as shop_name
    from users u where u.id = ${sellerUserId}`)) as unknown as { rows: Array<{ shop_name: string }> };
  return result.rows[0]?.shop_name ?? null;
}

export interface StandingProductRecord {
  id: string;
  sellerUserId: string;
  title: string;
  unit: string;
  status: 'draft' | 'active' | 'paused' | 'sold_out' | 'archived';
  priceMinor: number;
  available: number;
  minOrderQuantity: number;
  acceptsStandingOrders: boolean;
  originLat: number | null;
  originLng: number | null;
  thumbUrl: string | null;
}

/** The products (any farm, any status) with what a weekly basket needs of them. */
export async function findStandingProducts(db: Db, productIds: readonly string[]): Promise<Map<string, StandingProductRecord>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      sellerUserId: products.sellerUserId,
      title: products.title,
      unit: products.unit,
      status: products.status,
      priceMinor: products.priceMinor,
      available: sql<number>`greatest(${products.stockQuantity} - ${products.reservedQuantity}, 0)::int`,
      minOrderQuantity: products.minOrderQuantity,
      acceptsStandingOrders: products.acceptsStandingOrders,
      originLat: products.originLat,
      originLng: products.originLng,
      thumbUrl: sql<string | null>`${productThumbUrlSql(sql`${products.id}`)}`,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row.id, { ...row, available: Number(row.available) }]));
}

export async function insertStandingOrder(db: Db, values: typeof standingOrders.$inferInsert): Promise<StandingOrderRow> {
  const [row] = await db.insert(standingOrders).values(values).returning();
  if (!row) throw new Error('standing order not inserted');
  return row;
}

export async function replaceStandingLines(
  db: Db,
  standingOrderId: string,
  lines: ReadonlyArray<{ productId: string; quantity: number; acceptedUnitPriceMinor: number }>,
): Promise<void> {
  await db.delete(standingOrderLines).where(eq(standingOrderLines.standingOrderId, standingOrderId));
  if (lines.length === 0) return;
  await db.insert(standingOrderLines).values(lines.map((line) => ({ standingOrderId, ...line })));
}

/** The buyer's standing order (another buyer's is not found); locked for update inside a transaction when asked. */
export async function findBuyerStandingOrder(db: Db, buyerUserId: string, id: string, lock = false): Promise<StandingOrderRow | null> {
  const query = db
    .select()
    .from(standingOrders)
    .where(and(eq(standingOrders.id, id), eq(standingOrders.buyerUserId, buyerUserId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The buyer's standing orders: running ones (active, paused) first, newest first within. */
export async function listBuyerStandingOrders(db: Db, buyerUserId: string): Promise<StandingOrderRow[]> {
  return db
    .select()
    .from(standingOrders)
    .where(eq(standingOrders.buyerUserId, buyerUserId))
    .orderBy(sql`case when ${standingOrders.status} in ('active', 'paused') then 0 else 1 end`, desc(standingOrders.createdAt), desc(standingOrders.id));
}

export async function updateStandingOrderRow(db: Db, id: string, values: Partial<typeof standingOrders.$inferInsert>, now: Date): Promise<void> {
  await db
    .update(standingOrders)
    .set({ ...values, updatedAt: now })
    .where(eq(standingOrders.id, id));
}

export interface StandingLineRecord {
  standingOrderId: string;
  productId: string;
  quantity: number;
  acceptedUnitPriceMinor: number;
}

export async function listStandingLines(db: Db, standingOrderIds: readonly string[]): Promise<StandingLineRecord[]> {
  if (standingOrderIds.length === 0) return [];
  return db
    .select({
      standingOrderId: standingOrderLines.standingOrderId,
      productId: standingOrderLines.productId,
      quantity: standingOrderLines.quantity,
      acceptedUnitPriceMinor: standingOrderLines.acceptedUnitPriceMinor,
    })
    .from(standingOrderLines)
    .where(inArray(standingOrderLines.standingOrderId, [...standingOrderIds]))
    .orderBy(asc(standingOrderLines.createdAt), asc(standingOrderLines.id));
}

/** The cycles of these standing orders, newest first. */
export async function listStandingCycles(db: Db, standingOrderIds: readonly string[]): Promise<StandingOrderCycleRow[]> {
  if (standingOrderIds.length === 0) return [];
  return db
    .select()
    .from(standingOrderCycles)
    .where(inArray(standingOrderCycles.standingOrderId, [...standingOrderIds]))
    .orderBy(desc(standingOrderCycles.cycleDate));
}

/**
 * The cycle row of that day, made (as 'skipped') when there is none, then locked: the engine places
 * a cycle under the same row lock, so a skip racing a placement waits and then sees 'placed'.
 */
export async function lockCycleForSkip(db: Db, standingOrderId: string, cycleDate: string, now: Date): Promise<{ cycle: StandingOrderCycleRow; inserted: boolean }> {
  const inserted = await db
    .insert(standingOrderCycles)
    .values({ standingOrderId, cycleDate, status: 'skipped', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [standingOrderCycles.standingOrderId, standingOrderCycles.cycleDate] })
    .returning({ id: standingOrderCycles.id });
  const [row] = await db
    .select()
    .from(standingOrderCycles)
    .where(and(eq(standingOrderCycles.standingOrderId, standingOrderId), eq(standingOrderCycles.cycleDate, cycleDate)))
    .for('update');
  if (!row) throw new Error('cycle row vanished');
  return { cycle: row, inserted: inserted.length > 0 };
}

/** The cycle row of that day, locked; null when there is none. */
export async function lockCycle(db: Db, standingOrderId: string, cycleDate: string): Promise<StandingOrderCycleRow | null> {
  const [row] = await db
    .select()
    .from(standingOrderCycles)
    .where(and(eq(standingOrderCycles.standingOrderId, standingOrderId), eq(standingOrderCycles.cycleDate, cycleDate)))
    .for('update');
  return row ?? null;
}

export async function setCycleStatus(db: Db, cycleId: string, status: StandingOrderCycleRow['status'], now: Date): Promise<void> {
  await db.update(standingOrderCycles).set({ status, updatedAt: now }).where(eq(standingOrderCycles.id, cycleId));
}

export async function deleteCycle(db: Db, cycleId: string): Promise<void> {
  await db.delete(standingOrderCycles).where(eq(standingOrderCycles.id, cycleId));
}

/**
 * Removes the cycles not ordered yet (upcoming, held, skipped) dated from `from` (and before
 * `before` when given): they belonged to a rhythm, pause or order that no longer holds. The status
 * condition is checked again after any lock the engine holds, so a cycle it placed meanwhile stays.
 */
export async function deleteOpenCycles(db: Db, standingOrderId: string, from: string, before: string | null = null): Promise<void> {
  await db
    .delete(standingOrderCycles)
    .where(
      and(
        eq(standingOrderCycles.standingOrderId, standingOrderId),
        inArray(standingOrderCycles.status, [...OPEN_CYCLE_STATUSES]),
        gte(standingOrderCycles.cycleDate, from),
        before === null ? undefined : lt(standingOrderCycles.cycleDate, before),
      ),
    );
}

export async function findSlotsByIds(db: Db, slotIds: readonly string[]): Promise<Map<string, DeliverySlotRow>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db.select().from(deliverySlots).where(inArray(deliverySlots.id, [...new Set(slotIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The buyers of running weekly baskets (active or paused) that hold this product. */
export async function findStandingBuyersOfProduct(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ buyerUserId: standingOrders.buyerUserId })
    .from(standingOrderLines)
    .innerJoin(standingOrders, eq(standingOrders.id, standingOrderLines.standingOrderId))
    .where(and(eq(standingOrderLines.productId, productId), inArray(standingOrders.status, ['active', 'paused'])));
  return rows.map((row) => row.buyerUserId).sort();
}

/** The farm's running weekly baskets (active or paused). */
export async function listRunningStandingOrdersOfFarm(db: Db, sellerUserId: string): Promise<StandingOrderRow[]> {
  return db
    .select()
    .from(standingOrders)
    .where(and(eq(standingOrders.sellerUserId, sellerUserId), inArray(standingOrders.status, ['active', 'paused'])));
}

/**
 * What to tell when a product leaves the catalogue (paused or archived) while running weekly
 * baskets hold it: its buyers (null when none, or when it was already withdrawn before). Read in
 * the products service's transaction; published once it committed.
 */
export async function productWithdrawal(
  db: Db,
  product: { id: string; title: string; sellerUserId: string; previousStatus: string },
  status: string,
): Promise<StandingProductWithdrawnEvent | null> {
  if ((status !== 'paused' && status !== 'archived') || product.previousStatus === 'paused' || product.previousStatus === 'archived') return null;
  const buyerUserIds = await findStandingBuyersOfProduct(db, product.id);
  if (buyerUserIds.length === 0) return null;
  return {
    productId: product.id,
    title: product.title,
    sellerUserId: product.sellerUserId,
    shopName: (await findShopName(db, product.sellerUserId)) ?? '',
    status,
    buyerUserIds,
  };
}
