import { and, asc, desc, eq, inArray } from 'drizzle-orm';
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
 * Puts lines back in the buyer's basket: the products still on sale, with the quantities ordered. A
 * line the buyer already has again is left as the buyer set it. Returns how many lines came back.
 */
export async function restoreBasketLines(db: Db, userId: string, quantities: ReadonlyMap<string, number>): Promise<number> {
  if (quantities.size === 0) return 0;
  const onSale = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...quantities.keys()]), eq(products.status, 'active')));
  if (onSale.length === 0) return 0;
  const restored = await db
    .insert(basketItems)
    .values(onSale.map(({ id }) => ({ userId, productId: id, quantity: quantities.get(id) ?? 1 })))
    .onConflictDoNothing({ target: [basketItems.userId, basketItems.productId] })
    .returning({ id: basketItems.id });
  return restored.length;
}
