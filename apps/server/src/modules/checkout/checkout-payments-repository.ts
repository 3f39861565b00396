import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { basketItems } from '../../db/schema/basket-items';
import { checkouts, orderItems, orders, type CheckoutRow, type OrderRow } from '../../db/schema/orders';
import { paymentIntents, type PaymentIntentRow } from '../../db/schema/payments';
import { products } from '../../db/schema/products';

/** The buyer's own checkout; null for anyone else's (the caller answers 404) or an unknown id. */
export async function findOwnCheckout(db: Db, buyerUserId: string, checkoutId: string): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.buyerUserId, buyerUserId)));
  return row ?? null;
}

/** The payment intent that pays this checkout's orders (one per checkout; the newest if ever more). */
export async function findCheckoutIntent(db: Db, checkoutId: string): Promise<PaymentIntentRow | null> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.checkoutId, checkoutId), eq(paymentIntents.purpose, 'checkout')))
    .orderBy(desc(paymentIntents.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The checkout's orders locked for the caller's transaction, in id order (the order every other
 * locker of several orders uses), so a payment decision and the order timers wait on each other
 * instead of deciding the same order twice.
 */
export async function lockCheckoutOrders(db: Db, checkoutId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.id)).for('update');
}

/** What the orders held, per product still in the catalogue (a deleted product has no id any more). */
export async function listOrderedQuantities(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  const quantities = new Map<string, number>();
  if (orderIds.length === 0) return quantities;
  const rows = await db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]));
  for (const row of rows) {
    if (row.productId) quantities.set(row.productId, (quantities.get(row.productId) ?? 0) + row.quantity);
  }
  return quantities;
}

/**
 * Puts lines back in the buyer's basket: the products still on sale, with the quantities ordered,
 * within the basket's stock rules (never more than is available now, nothing below the product's
 * minimum). A line the buyer already has again is merged, not added to: it keeps the larger of the
 * two quantities (never both: the buyer re-adding a product is not a second order of it). Returns
 * how many lines were put back or raised.
 */
export async function restoreBasketLines(db: Db, userId: string, quantities: ReadonlyMap<string, number>): Promise<number> {
  if (quantities.size === 0) return 0;
  const onSale = await db
    .select({ id: products.id, stockQuantity: products.stockQuantity, reservedQuantity: products.reservedQuantity, minOrderQuantity: products.minOrderQuantity })
    .from(products)
    .where(and(inArray(products.id, [...quantities.keys()]), eq(products.status, 'active')));
  const lines = onSale.flatMap((product) => {
    const available = Math.max(0, product.stockQuantity - product.reservedQuantity);
    const quantity = Math.min(quantities.get(product.id) ?? 0, available);
    return quantity >= Math.max(1, product.minOrderQuantity) ? [{ userId, productId: product.id, quantity }] : [];
  });
  if (lines.length === 0) return 0;
  const restored = await db
    .insert(basketItems)
    .values(lines)
    .onConflictDoUpdate({
      target: [basketItems.userId, basketItems.productId],
      set: { quantity: sql`greatest(${basketItems.quantity}, excluded.quantity)` },
    })
    .returning({ id: basketItems.id });
  return restored.length;
}

/**
 * An order that lapsed unpaid (its 15-minute window) while it waited for a provider payment: its
 * lines go back into the basket, as after a failed payment, so the buyer can try again. Runs in the
 * lapse's transaction, once per order (only the transition from pending_payment calls it; a failed
 * payment that cancelled the order first leaves nothing pending to lapse). An order placed to be
 * paid from the wallet later is left as before.
 */
export async function restoreLinesOfLapsedOrder(db: Db, order: Pick<OrderRow, 'id' | 'checkoutId' | 'buyerUserId'>): Promise<number> {
  if (!order.checkoutId || !(await findCheckoutIntent(db, order.checkoutId))) return 0;
  return restoreBasketLines(db, order.buyerUserId, await listOrderedQuantities(db, [order.id]));
}
