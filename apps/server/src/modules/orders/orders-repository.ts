import { and, asc, desc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  checkouts,
  orderEvents,
  orderItems,
  orders,
  type CheckoutRow,
  type OrderEventRow,
  type OrderItemRow,
  type OrderRow,
} from '../../db/schema/orders';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/ledger';
import { productImages, products } from '../../db/schema/products';
import { sellerApplications } from '../../db/schema/seller-applications';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';

export type OrderStatus = OrderRow['status'];
export type OrderActorKind = OrderEventRow['actor'];
export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderItemRow = typeof orderItems.$inferInsert;

const sellerUsers = alias(users, 'seller_users');
const buyerUsers = alias(users, 'buyer_users');

/** The seller profile's shop name, else the approved application's business name, else the seller's username (decision 013). */
const shopNameSql = sql<string>`coalesce(
  (select ${sellerProfiles.shopName} from ${sellerProfiles} where ${sellerProfiles.userId} = ${orders.sellerUserId}),
  (select ${sellerApplications.businessName} from ${sellerApplications}
   where ${sellerApplications.userId} = ${orders.sellerUserId} and ${sellerApplications.status} = 'approved'
   limit 1),
  ${sellerUsers.username}
)`;

const itemCountSql = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
const firstItemTitleSql = sql<string | null>`(select ${orderItems.title} from ${orderItems} where ${orderItems.orderId} = ${orders.id} order by ${orderItems.createdAt} asc, ${orderItems.id} asc limit 1)`;
const thumbUrlSql = sql<string | null>`(select ${orderItems.imageUrl} from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.imageUrl} is not null order by ${orderItems.createdAt} asc, ${orderItems.id} asc limit 1)`;

export interface OrderSummaryRecord {
  order: OrderRow;
  shopName: string;
  buyerUsername: string;
  itemCount: number;
  firstItemTitle: string | null;
  thumbUrl: string | null;
}

function summarySelect(db: Db) {
  return db
    .select({
      order: orders,
      shopName: shopNameSql,
      buyerUsername: buyerUsers.username,
      itemCount: itemCountSql,
      firstItemTitle: firstItemTitleSql,
      thumbUrl: thumbUrlSql,
    })
    .from(orders)
    .innerJoin(sellerUsers, eq(sellerUsers.id, orders.sellerUserId))
    .innerJoin(buyerUsers, eq(buyerUsers.id, orders.buyerUserId));
}

function toSummaryRecord(row: { order: OrderRow; shopName: string; buyerUsername: string; itemCount: number; firstItemTitle: string | null; thumbUrl: string | null }): OrderSummaryRecord {
  return { ...row, itemCount: Number(row.itemCount) };
}

export async function findOrderSummary(db: Db, orderId: string): Promise<OrderSummaryRecord | undefined> {
  const [row] = await summarySelect(db).where(eq(orders.id, orderId));
  return row ? toSummaryRecord(row) : undefined;
}

export async function findOrderSummariesByIds(db: Db, orderIds: readonly string[]): Promise<OrderSummaryRecord[]> {
  if (orderIds.length === 0) return [];
  const rows = await summarySelect(db)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id));
  return rows.map(toSummaryRecord);
}

/** Orders of a buyer or of a seller, newest first (ids are UUIDv7, so id order is creation order). */
export async function listOrderSummaries(
  db: Db,
  input: { userId: string; role: 'buyer' | 'seller'; statuses?: OrderStatus[]; beforeId?: string; limit: number },
): Promise<OrderSummaryRecord[]> {
  const conditions: SQL[] = [input.role === 'buyer' ? eq(orders.buyerUserId, input.userId) : eq(orders.sellerUserId, input.userId)];
  if (input.statuses && input.statuses.length > 0) conditions.push(inArray(orders.status, input.statuses));
  if (input.beforeId) conditions.push(lt(orders.id, input.beforeId));
  const rows = await summarySelect(db)
    .where(and(...conditions))
    .orderBy(desc(orders.id))
    .limit(input.limit);
  return rows.map(toSummaryRecord);
}

export async function listOrderItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}

export async function listOrderEvents(db: Db, orderId: string): Promise<Array<OrderEventRow & { actorUsername: string | null }>> {
  const rows = await db
    .select({ event: orderEvents, actorUsername: users.username })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((row) => ({ ...row.event, actorUsername: row.actorUsername }));
}

/** Locks the order row for the rest of the transaction (every transition starts here). */
export async function lockOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/**
 * Locks one order whose timer is due, skipping orders another process is working on: several
 * processes can sweep at once without waiting for or repeating each other.
 */
export async function lockDueOrder(db: Db, timer: 'expire' | 'auto_complete', now: Date): Promise<OrderRow | undefined> {
  const condition =
    timer === 'expire'
      ? and(eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now))
      : and(inArray(orders.status, ['delivered', 'refund_rejected']), lte(orders.autoCompleteAt, now));
  const [row] = await db
    .select()
    .from(orders)
    .where(condition)
    .orderBy(asc(timer === 'expire' ? orders.expiresAt : orders.autoCompleteAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function updateOrder(db: Db, orderId: string, values: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error(`order ${orderId} vanished during its transition`);
  return row;
}

export async function insertOrderEvent(
  db: Db,
  values: { orderId: string; fromStatus: OrderStatus | null; toStatus: OrderStatus; actor: OrderActorKind; actorUserId: string | null; note: string | null; createdAt?: Date },
): Promise<OrderEventRow> {
  const [row] = await db.insert(orderEvents).values(values).returning();
  if (!row) throw new Error('order event not inserted');
  return row;
}

export async function insertOrder(db: Db, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order not inserted');
  return row;
}

export async function insertOrderItems(db: Db, values: NewOrderItemRow[]): Promise<OrderItemRow[]> {
  if (values.length === 0) return [];
  return db.insert(orderItems).values(values).returning();
}

export async function updateOrderItemFinalQuantity(db: Db, itemId: string, finalQuantityMilli: number, lineTotalMinor: number): Promise<void> {
  await db.update(orderItems).set({ finalQuantityMilli, lineTotalMinor }).where(eq(orderItems.id, itemId));
}

/** Inserts the checkout unless this buyer already used the key; null then (the caller replays). */
export async function insertCheckoutOnce(db: Db, values: { buyerUserId: string; idempotencyKey: string; requestHash: string }): Promise<CheckoutRow | null> {
  const [row] = await db
    .insert(checkouts)
    .values(values)
    .onConflictDoNothing({ target: [checkouts.buyerUserId, checkouts.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findCheckout(db: Db, buyerUserId: string, idempotencyKey: string): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.buyerUserId, buyerUserId), eq(checkouts.idempotencyKey, idempotencyKey)));
  return row;
}

export async function listCheckoutOrderIds(db: Db, checkoutId: string): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.id));
  return rows.map((row) => row.id);
}

export interface ReservedProduct {
  id: string;
  sellerUserId: string;
  title: string;
  unit: OrderItemRow['unit'];
  priceMinor: number;
  originLat: number | null;
  originLng: number | null;
}

/**
 * Reserves `quantity` of an active product with ONE conditional UPDATE: the row lock and the
 * `stock - reserved >= quantity` test decide who gets the last units, whatever the concurrency.
 * Undefined when there is not enough (or the product is not on sale).
 */
export async function reserveStock(db: Db, productId: string, quantity: number): Promise<ReservedProduct | undefined> {
  const [row] = await db
    .update(products)
    .set({ reservedQuantity: sql`${products.reservedQuantity} + ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        sql`${products.stockQuantity} - ${products.reservedQuantity} >= ${quantity}`,
        eq(products.status, 'active'),
      ),
    )
    .returning({
      id: products.id,
      sellerUserId: products.sellerUserId,
      title: products.title,
      unit: products.unit,
      priceMinor: products.priceMinor,
      originLat: products.originLat,
      originLng: products.originLng,
    });
  return row;
}

export async function findProductStock(db: Db, productId: string): Promise<{ title: string; available: number; status: string } | undefined> {
  const [row] = await db
    .select({ title: products.title, stock: products.stockQuantity, reserved: products.reservedQuantity, status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  return row ? { title: row.title, available: Math.max(0, row.stock - row.reserved), status: row.status } : undefined;
}

/** Cancel or expiry: the reserved units go back on sale. */
export async function releaseReservations(db: Db, items: ReadonlyArray<{ productId: string | null; quantity: number }>): Promise<void> {
  for (const item of sortedByProduct(items)) {
    await db
      .update(products)
      .set({ reservedQuantity: sql`greatest(${products.reservedQuantity} - ${item.quantity}, 0)` })
      .where(eq(products.id, item.productId));
  }
}

/** Hand-over: the reservation becomes a sale (the units leave the stock). */
export async function convertReservationsToSales(db: Db, items: ReadonlyArray<{ productId: string | null; quantity: number }>): Promise<void> {
  for (const item of sortedByProduct(items)) {
    await db
      .update(products)
      .set({
        stockQuantity: sql`greatest(${products.stockQuantity} - ${item.quantity}, 0)`,
        reservedQuantity: sql`greatest(${products.reservedQuantity} - ${item.quantity}, 0)`,
      })
      .where(eq(products.id, item.productId));
  }
}

/** A failed delivery: the units come back to the farm and are held for the order again. */
export async function convertSalesToReservations(db: Db, items: ReadonlyArray<{ productId: string | null; quantity: number }>): Promise<void> {
  for (const item of sortedByProduct(items)) {
    await db
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} + ${item.quantity}`,
        reservedQuantity: sql`${products.reservedQuantity} + ${item.quantity}`,
      })
      .where(eq(products.id, item.productId));
  }
}

/** Products touched in one stable order, so two transactions never wait on each other in a cycle. */
function sortedByProduct(items: ReadonlyArray<{ productId: string | null; quantity: number }>): Array<{ productId: string; quantity: number }> {
  const totals = new Map<string, number>();
  for (const item of items) {
    if (item.productId) totals.set(item.productId, (totals.get(item.productId) ?? 0) + item.quantity);
  }
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([productId, quantity]) => ({ productId, quantity }));
}

/** Public URL of each product's first image (thumbnail when there is one). */
export async function findProductThumbUrls(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({ productId: productImages.productId, position: productImages.position, key: sql<string>`coalesce(${uploads.thumbStorageKey}, ${uploads.storageKey})` })
    .from(productImages)
    .innerJoin(uploads, eq(uploads.id, productImages.uploadId))
    .where(inArray(productImages.productId, [...productIds]))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const row of rows) {
    if (!result.has(row.productId)) result.set(row.productId, `/uploads/${row.key}`);
  }
  return result;
}

export async function findShopName(db: Db, sellerUserId: string): Promise<string> {
  const [row] = await db
    .select({
      name: sql<string>`coalesce(
        (select ${sellerProfiles.shopName} from ${sellerProfiles} where ${sellerProfiles.userId} = ${users.id}),
        (select ${sellerApplications.businessName} from ${sellerApplications}
         where ${sellerApplications.userId} = ${users.id} and ${sellerApplications.status} = 'approved' limit 1),
        ${users.username})`,
    })
    .from(users)
    .where(eq(users.id, sellerUserId));
  return row?.name ?? 'The farm';
}

/** The farm, region and point of the order's first product that still exists (where the goods are collected). */
export async function findPickupLocation(
  db: Db,
  orderId: string,
): Promise<{ farmName: string; region: string; lat: number | null; lng: number | null } | null> {
  const [row] = await db
    .select({ farmName: products.originFarmName, region: products.originRegion, lat: products.originLat, lng: products.originLng })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
    .limit(1);
  return row ?? null;
}

/** What a farm told Pulse Market about where it is and how to call it (shop profile, then its application). */
export interface FarmContact {
  region: string;
  lat: number | null;
  lng: number | null;
  phone: string | null;
}

/** The farm contact of each seller of `sellerUserIds` that has a profile or an application. */
export async function findFarmContacts(db: Db, sellerUserIds: readonly string[]): Promise<Map<string, FarmContact>> {
  const result = new Map<string, FarmContact>();
  if (sellerUserIds.length === 0) return result;
  const rows = await db
    .select({
      userId: users.id,
      profileRegion: sellerProfiles.region,
      profileLat: sellerProfiles.lat,
      profileLng: sellerProfiles.lng,
      applicationRegion: sellerApplications.region,
      applicationLat: sellerApplications.lat,
      applicationLng: sellerApplications.lng,
      phone: sellerApplications.phone,
    })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .leftJoin(sellerApplications, eq(sellerApplications.userId, users.id))
    .where(inArray(users.id, [...sellerUserIds]));
  for (const row of rows) {
    const fromProfile = row.profileLat !== null && row.profileLng !== null;
    result.set(row.userId, {
      region: row.profileRegion || row.applicationRegion || '',
      lat: fromProfile ? row.profileLat : (row.applicationLat ?? null),
      lng: fromProfile ? row.profileLng : (row.applicationLng ?? null),
      phone: row.phone?.trim() || null,
    });
  }
  return result;
}

/**
 * Orders in refund statuses, newest first (keyset on the id): one seller's (sellerUserId) or
 * everybody's (the admin's list).
 */
export async function listRefundCaseSummaries(
  db: Db,
  input: { sellerUserId: string | null; statuses: OrderStatus[]; beforeId?: string; limit: number },
): Promise<OrderSummaryRecord[]> {
  const conditions: SQL[] = [inArray(orders.status, input.statuses)];
  if (input.sellerUserId) conditions.push(eq(orders.sellerUserId, input.sellerUserId));
  if (input.beforeId) conditions.push(lt(orders.id, input.beforeId));
  const rows = await summarySelect(db)
    .where(and(...conditions))
    .orderBy(desc(orders.id))
    .limit(input.limit);
  return rows.map(toSummaryRecord);
}

/** What refunds (ledger kind refund) returned to each order's buyer. */
export async function refundedAmountsByOrder(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({ orderId: ledgerTransactions.orderId, total: sql<string | number>`sum(${ledgerPostings.amountMinor})` })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(inArray(ledgerTransactions.orderId, [...orderIds]), eq(ledgerTransactions.kind, 'refund'), eq(ledgerAccounts.kind, 'user_available')))
    .groupBy(ledgerTransactions.orderId);
  for (const row of rows) if (row.orderId) result.set(row.orderId, Number(row.total));
  return result;
}

/** The newest `limit` orders of a seller in each status, and how many there are per status. */
export async function listSellerOrdersByStatus(
  db: Db,
  sellerUserId: string,
  statuses: readonly OrderStatus[],
  limit: number,
): Promise<Map<OrderStatus, { count: number; items: OrderSummaryRecord[] }>> {
  const counts = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.sellerUserId, sellerUserId), inArray(orders.status, [...statuses])))
    .groupBy(orders.status);
  const result = new Map<OrderStatus, { count: number; items: OrderSummaryRecord[] }>();
  for (const status of statuses) {
    const count = Number(counts.find((row) => row.status === status)?.count ?? 0);
    const items = count === 0 ? [] : await listOrderSummaries(db, { userId: sellerUserId, role: 'seller', statuses: [status], limit });
    result.set(status, { count, items });
  }
  return result;
}
