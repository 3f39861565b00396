import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TCheckoutResponse, TOrderDetails } from '@pulse/contract/orders';
import { addresses } from '../../../db/schema/addresses';
import { basketItems } from '../../../db/schema/basket-items';
import { deliverySlots } from '../../../db/schema/delivery-slots';
import { ledgerPostings } from '../../../db/schema/ledger';
import { products } from '../../../db/schema/products';
import { sellerApplications } from '../../../db/schema/seller-applications';
import { users } from '../../../db/schema/users';
import { bearer, registerTestUser } from '../../../testing/auth-helpers';
import { getWalletBalances, postLedgerTransaction } from '../../wallet/ledger-service';

/** Test data for the order lanes: farms, products, slots, wallets, baskets and checkouts. */

export interface TestUser {
  id: string;
  token: string;
  username: string;
}

let keyCounter = 0;
export function nextKey(prefix = 'key'): string {
  keyCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${keyCounter}`;
}

export async function createBuyer(app: FastifyInstance): Promise<TestUser> {
  const registered = await registerTestUser(app);
  return { id: registered.user.id, token: registered.token, username: registered.user.username };
}

/** A user with the seller role and an approved application named `shopName`. */
export async function createSeller(app: FastifyInstance, shopName = 'Green Valley Farm'): Promise<TestUser> {
  const user = await createBuyer(app);
  await app.db.update(users).set({ roles: sql`array['buyer','seller']::text[]` }).where(eq(users.id, user.id));
  await app.db.insert(sellerApplications).values({ userId: user.id, businessName: shopName, status: 'approved' });
  return user;
}

export async function makeAdmin(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.update(users).set({ roles: sql`array['buyer','admin']::text[]` }).where(eq(users.id, userId));
}

/** Kumasi, Ghana: the farms' default location in these tests. */
export const FARM_LOCATION = { lat: 6.6885, lng: -1.6244 };

export async function createProduct(
  app: FastifyInstance,
  sellerUserId: string,
  values: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  const [row] = await app.db
    .insert(products)
    .values({
      sellerUserId,
      title: 'Tomatoes',
      unit: 'kg',
      priceMinor: 250,
      stockQuantity: 100,
      originLat: FARM_LOCATION.lat,
      originLng: FARM_LOCATION.lng,
      status: 'active',
      ...values,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('product not inserted');
  return row.id;
}

export async function createSlot(
  app: FastifyInstance,
  sellerUserId: string,
  values: Partial<typeof deliverySlots.$inferInsert> = {},
): Promise<string> {
  const startsAt = new Date(Date.now() + 2 * 24 * 3600_000);
  const [row] = await app.db
    .insert(deliverySlots)
    .values({
      sellerUserId,
      method: 'pickup',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 3600_000),
      cutoffAt: new Date(startsAt.getTime() - 12 * 3600_000),
      capacity: null,
      ...values,
    })
    .returning({ id: deliverySlots.id });
  if (!row) throw new Error('slot not inserted');
  return row.id;
}

export async function createAddress(app: FastifyInstance, userId: string, location: { lat: number | null; lng: number | null } = FARM_LOCATION): Promise<string> {
  const [row] = await app.db
    .insert(addresses)
    .values({ userId, recipientName: 'Ama Mensah', phone: '+233 20 000 0000', line1: '12 Market Road', city: 'Kumasi', lat: location.lat, lng: location.lng })
    .returning({ id: addresses.id });
  if (!row) throw new Error('address not inserted');
  return row.id;
}

/** Credits the wallet as a top-up would (provider clearing -> the user's available balance). */
export async function fundWallet(app: FastifyInstance, userId: string, amountMinor: number): Promise<void> {
  await postLedgerTransaction(app.db, {
    kind: 'top_up',
    idempotencyKey: nextKey('test-top-up'),
    currency: app.config.currency,
    postings: [
      { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: -amountMinor },
      { account: { ownerUserId: userId, kind: 'user_available' }, amountMinor },
    ],
  });
}

export async function putInBasket(app: FastifyInstance, userId: string, productId: string, quantity: number): Promise<void> {
  await app.db
    .insert(basketItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({ target: [basketItems.userId, basketItems.productId], set: { quantity } });
}

export async function checkout(
  app: FastifyInstance,
  buyer: TestUser,
  body: Record<string, unknown>,
  key: string | null = nextKey('checkout'),
) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...bearer(buyer.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

/** One farm, one product in the basket, a pickup slot, money in the wallet: a paid order. */
export async function placePaidOrder(
  app: FastifyInstance,
  options: { buyer?: TestUser; seller?: TestUser; quantity?: number; priceMinor?: number; fulfilment?: 'pickup' | 'delivery'; unit?: 'kg' | 'piece' | 'g'; payNow?: boolean } = {},
): Promise<{ buyer: TestUser; seller: TestUser; productId: string; order: TCheckoutResponse['orders'][number] }> {
  const buyer = options.buyer ?? (await createBuyer(app));
  const seller = options.seller ?? (await createSeller(app));
  const fulfilment = options.fulfilment ?? 'pickup';
  const productId = await createProduct(app, seller.id, { priceMinor: options.priceMinor ?? 250, unit: options.unit ?? 'kg' });
  const slotId = await createSlot(app, seller.id, { method: fulfilment });
  const addressId = fulfilment === 'delivery' ? await createAddress(app, buyer.id) : null;
  await fundWallet(app, buyer.id, 100_000);
  await putInBasket(app, buyer.id, productId, options.quantity ?? 4);
  const response = await checkout(app, buyer, { addressId, sellers: [{ sellerUserId: seller.id, fulfilment, slotId }], payNow: options.payNow ?? true });
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  const order = (response.json() as TCheckoutResponse).orders[0];
  if (!order) throw new Error('no order');
  return { buyer, seller, productId, order };
}

export async function act(app: FastifyInstance, user: TestUser, orderId: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/orders/${orderId}/actions`, headers: bearer(user.token), payload: body });
}

export async function getOrder(app: FastifyInstance, user: TestUser, orderId: string): Promise<TOrderDetails> {
  const response = await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(user.token) });
  if (response.statusCode !== 200) throw new Error(`get order failed: ${response.statusCode} ${response.body}`);
  return response.json() as TOrderDetails;
}

export async function productStock(app: FastifyInstance, productId: string): Promise<{ stock: number; reserved: number; ratingCount: number; ratingSum: number }> {
  const [row] = await app.db
    .select({ stock: products.stockQuantity, reserved: products.reservedQuantity, ratingCount: products.ratingCount, ratingSum: products.ratingSum })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error('no product');
  return row;
}

/** Sum over every posting ever made: zero in a double-entry ledger. */
export async function ledgerTotal(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ total: sql<string | null>`coalesce(sum(${ledgerPostings.amountMinor}), 0)` }).from(ledgerPostings);
  return Number(row?.total ?? 0);
}

export async function balances(app: FastifyInstance, userId: string) {
  return getWalletBalances(app.db, userId);
}

/** Balances of the platform accounts (commission, delivery fees). */
export async function platformBalance(app: FastifyInstance, kind: 'platform_commission' | 'platform_delivery_fees'): Promise<number> {
  const result = await app.db.execute<{ total: string | number | null }>(
    sql`select coalesce(sum(p.amount_minor), 0) as total from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.owner_user_id is null and a.kind = ${kind}`,
  );
  const rows = (result as unknown as { rows: Array<{ total: string | number | null }> }).rows;
  return Number(rows[0]?.total ?? 0);
}
