import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/products';
import { standingOrderCycles, standingOrderLines, standingOrders, type StandingOrderCycleRow, type StandingOrderRow } from '../../db/schema/standing-orders';
import { users } from '../../db/schema/users';
import { checkoutProductColumns, withThumbUrl, type BasketLineRow } from '../baskets/baskets-repository';

/**
 * The cycle engine's own queries (decision 064). The buyer's routes have theirs in
 * standing-orders-repository.ts; the engine needs few: the running standing orders, a cycle row
 * claimed once (insert ON CONFLICT DO NOTHING, then FOR UPDATE SKIP LOCKED), and the lines as the
 * checkout reads a basket.
 */

/** Standing orders the engine looks at: active and paused ones (paused ones come back to active). */
export async function listRunningStandingOrders(db: Db, ids?: readonly string[]): Promise<StandingOrderRow[]> {
  return db
    .select()
    .from(standingOrders)
    .where(and(inArray(standingOrders.status, ['active', 'paused']), ids && ids.length > 0 ? inArray(standingOrders.id, [...ids]) : undefined))
    .orderBy(asc(standingOrders.id));
}

/**
 * The standing order a cycle's transaction works for, read under a share lock: a cancel, pause or
 * change (an UPDATE of the row) committed before is seen, and one that comes while the cycle is
 * being placed waits for it, so a cycle is never ordered for a basket its buyer already cancelled.
 */
export async function findStandingOrder(db: Db, id: string): Promise<StandingOrderRow | null> {
  const [row] = await db.select().from(standingOrders).where(eq(standingOrders.id, id)).for('share');
  return row ?? null;
}

/** A paused standing order whose pause is over runs again; one past its last cycle has ended. */
export async function setStandingOrderStatus(db: Db, id: string, from: StandingOrderRow['status'], to: StandingOrderRow['status'], now: Date): Promise<boolean> {
  const rows = await db
    .update(standingOrders)
    .set({ status: to, ...(to === 'active' ? { pausedUntil: null } : {}), updatedAt: now })
    .where(and(eq(standingOrders.id, id), eq(standingOrders.status, from)))
    .returning({ id: standingOrders.id });
  return rows.length > 0;
}

export async function listCycles(db: Db, standingOrderId: string, cycleDates: readonly string[]): Promise<StandingOrderCycleRow[]> {
  if (cycleDates.length === 0) return [];
  return db
    .select()
    .from(standingOrderCycles)
    .where(and(eq(standingOrderCycles.standingOrderId, standingOrderId), inArray(standingOrderCycles.cycleDate, [...cycleDates])));
}

/** Cycles still waiting (announced or held): a standing order with one has not ended. */
export async function countOpenCycles(db: Db, standingOrderId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(standingOrderCycles)
    .where(and(eq(standingOrderCycles.standingOrderId, standingOrderId), inArray(standingOrderCycles.status, ['upcoming', 'held_price', 'held_funds'])));
  return Number(row?.value ?? 0);
}

/** Creates the cycle's row if no process did yet (the unique standing order + cycle date key decides). */
export async function insertCycleOnce(
  db: Db,
  values: Pick<StandingOrderCycleRow, 'standingOrderId' | 'cycleDate' | 'status' | 'slotId' | 'slotStartsAt' | 'cutoffAt'> & { now: Date },
): Promise<boolean> {
  const { now, ...row } = values;
  const inserted = await db
    .insert(standingOrderCycles)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [standingOrderCycles.standingOrderId, standingOrderCycles.cycleDate] })
    .returning({ id: standingOrderCycles.id });
  return inserted.length > 0;
}

/**
 * The cycle row, locked for this transaction. With skipLocked (the sweep) a row another process
 * holds is passed over (null): that process is deciding it. Without (the buyer's confirm) it waits.
 */
export async function lockCycle(db: Db, standingOrderId: string, cycleDate: string, skipLocked: boolean): Promise<StandingOrderCycleRow | null> {
  const query = db
    .select()
    .from(standingOrderCycles)
    .where(and(eq(standingOrderCycles.standingOrderId, standingOrderId), eq(standingOrderCycles.cycleDate, cycleDate)));
  const [row] = skipLocked ? await query.for('update', { skipLocked: true }) : await query.for('update');
  return row ?? null;
}

export async function findCycleOfBuyer(db: Db, buyerUserId: string, standingOrderId: string, cycleId: string): Promise<StandingOrderCycleRow | null> {
  const [row] = await db
    .select({ cycle: standingOrderCycles })
    .from(standingOrderCycles)
    .innerJoin(standingOrders, eq(standingOrders.id, standingOrderCycles.standingOrderId))
    .where(and(eq(standingOrderCycles.id, cycleId), eq(standingOrders.id, standingOrderId), eq(standingOrders.buyerUserId, buyerUserId)));
  return row?.cycle ?? null;
}

export async function updateCycle(
  db: Db,
  id: string,
  patch: Partial<Pick<StandingOrderCycleRow, 'status' | 'slotId' | 'slotStartsAt' | 'cutoffAt' | 'orderId' | 'totalMinor' | 'leftOut' | 'reason' | 'remindedAt'>>,
  now: Date,
): Promise<StandingOrderCycleRow> {
  const [row] = await db
    .update(standingOrderCycles)
    .set({ ...patch, updatedAt: now })
    .where(eq(standingOrderCycles.id, id))
    .returning();
  if (!row) throw new Error('cycle row vanished while locked');
  return row;
}

/** A standing order line as the checkout reads a basket line (the product as it is now), with the price the buyer accepted. */
export interface StandingCheckoutLine extends BasketLineRow {
  acceptedUnitPriceMinor: number;
}

export async function readStandingLinesForCheckout(db: Db, standingOrderId: string): Promise<StandingCheckoutLine[]> {
  const rows = await db
    .select({
      id: standingOrderLines.id,
      productId: standingOrderLines.productId,
      quantity: standingOrderLines.quantity,
      acceptedUnitPriceMinor: standingOrderLines.acceptedUnitPriceMinor,
      createdAt: standingOrderLines.createdAt,
      ...checkoutProductColumns,
    })
    .from(standingOrderLines)
    .innerJoin(products, eq(products.id, standingOrderLines.productId))
    .innerJoin(users, eq(users.id, products.sellerUserId))
    .where(eq(standingOrderLines.standingOrderId, standingOrderId))
    .orderBy(asc(standingOrderLines.createdAt), asc(standingOrderLines.id));
  return rows.map(withThumbUrl);
}

/** The buyer accepts today's prices (confirm of a cycle held for its price). */
export async function acceptTodaysPrices(db: Db, standingOrderId: string): Promise<void> {
  await db.execute(sql`
    update ${standingOrderLines} set accepted_unit_price_minor = ${products.priceMinor}
    from ${products}
    where ${products.id} = ${standingOrderLines.productId} and ${standingOrderLines.standingOrderId} = ${standingOrderId}
  `);
}

/** The farm's shop name as orders show it (its profile's, else its approved application's, else the username). */
export async function findShopName(db: Db, sellerUserId: string): Promise<string> {
  const [row] = await db
    .select({
      shopName: sql<string>`coalesce(
        (select sp.shop_name from seller_profiles sp where sp.user_id = ${sellerUserId}),
        (select sa.business_name from seller_applications sa where sa.user_id = ${sellerUserId} and sa.status = 'approved' limit 1),
        ${users.username}
      )`,
    })
    .from(users)
    .where(eq(users.id, sellerUserId));
  return row?.shopName ?? '';
}
