import { and, asc, eq, gt, gte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { agents } from '../db/schema/agents';
import { basketItems } from '../db/schema/basket-items';
import { deliverySlots } from '../db/schema/delivery-slots';
import { ledgerPostings, ledgerTransactions, topUps } from '../db/schema/ledger';
import { products } from '../db/schema/products';
import { referralAttributions } from '../db/schema/referrals';
import { users, type UserRow } from '../db/schema/users';
import { placeCheckout } from '../modules/checkout/checkout-service';
import { getOrderDetails, performOrderAction } from '../modules/orders/orders-service';
import { attributeFarm, attributeSignUp } from '../modules/referrals/referral-attribution-service';
import { ensureReferralCode } from '../modules/referrals/referral-codes';
import { recordReferralVisit } from '../modules/referrals/referral-visits-service';
import { createTopUp } from '../modules/wallet/wallet-service';
import { DEMO_AGENT_KOFI_EMAIL } from './demo-delivery-seed';
import { createRandom, type Random } from './random';
import { demoMinor } from './demo-money';

/**
 * The referral programme of the demo (issue 13): Kofi, the demo referral agent, has a code, two
 * buyers near Kumasi who signed up with his link and one farm that gave his code on its seller
 * form; their orders went through the real checkout and order services (so the earnings are the
 * ledger's), and his link was opened about forty times over the last month. /agent-referrals shows
 * a funnel, people, earnings (some earned, one pending) and a chart on a fresh start.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Another stream than the catalogue's, so this seed never changes the products. */
const REFERRAL_SEED = 20_260_513;

export const DEMO_REFERRAL_AGENT_EMAIL = DEMO_AGENT_KOFI_EMAIL;

/** A referred order: who buys from which farm, how many days before the seed's clock, and whether it completes. */
interface SeedReferralOrder {
  buyerEmail: string;
  farmEmail: string;
  daysAgo: number;
  complete: boolean;
}

export interface SeedReferredBuyer {
  email: string;
  /** Signed up with Kofi's link this many days before the seed's clock. */
  daysAgo: number;
}

/** People near Kumasi who signed up through Kofi's link (not the demo buyer). */
export const DEMO_REFERRED_BUYERS: readonly SeedReferredBuyer[] = [
  { email: 'yaw@demo.pulse.market', daysAgo: 24 },
  { email: 'akosua@demo.pulse.market', daysAgo: 13 },
];

/** A farm near Kumasi that typed Kofi's code on its seller form (not the demo seller), with its own payout details. */
export const DEMO_REFERRED_FARM = { email: 'ashanti.gold@demo.pulse.market', daysAgo: 40, payoutAccountNumber: '0245553318' } as const;

/** Orders of the referred: from Green Valley (not referred) for the buyers, from a buyer who was not referred for the farm. */
export const DEMO_REFERRAL_ORDERS: readonly SeedReferralOrder[] = [
  { buyerEmail: 'yaw@demo.pulse.market', farmEmail: 'seller@demo.pulse.market', daysAgo: 21, complete: true },
  { buyerEmail: 'kwame@demo.pulse.market', farmEmail: DEMO_REFERRED_FARM.email, daysAgo: 16, complete: true },
  { buyerEmail: 'akosua@demo.pulse.market', farmEmail: 'seller@demo.pulse.market', daysAgo: 9, complete: true },
  { buyerEmail: 'yaw@demo.pulse.market', farmEmail: 'seller@demo.pulse.market', daysAgo: 4, complete: true },
  // Paid, not yet completed: a pending earning.
  { buyerEmail: 'akosua@demo.pulse.market', farmEmail: 'seller@demo.pulse.market', daysAgo: 1, complete: false },
];

/** What each buyer of these orders tops up first (more than their orders cost, so the wallets the Hub's tips come from keep their money). */
export const REFERRAL_BUYER_TOP_UP_MINOR = 30_000;

/** Counted link visits over the last 30 days (each from its own browser). */
export const DEMO_REFERRAL_VISITS = 40;
/** Where the visits come from: a handful of addresses, never more than REFERRAL_VISITS_PER_IP_HOUR in an hour. */
const VISIT_IPS = ['102.176.65.12', '154.160.3.41', '41.66.198.7', '197.251.140.22', '102.176.94.130', '154.161.27.9'];
const VISIT_PATHS = ['/', '/', '/', '/seller/apply', '/hub'];

/** What /agent-referrals of the demo agent shows, for the seed test and the summary. */
export interface DemoReferralSummary {
  code: string;
  visits: number;
  signUps: number;
  farms: number;
  orders: number;
  completedOrders: number;
}

async function userByEmail(db: Db, email: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`demo seed: no user ${email}`);
  return row;
}

/** A well-formed random UUID (v4) from the seed's generator, so every run records the same visitors. */
function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/**
 * One of the farm's products in stock (not sold by the gram), and a quantity worth about
 * `targetMinor`, so the commission, and the agent's share of it, are more than a few cents.
 */
async function basketLineOf(db: Db, sellerUserId: string, targetMinor: number, random: Random): Promise<{ productId: string; quantity: number }> {
  const rows = await db
    .select({ id: products.id, priceMinor: products.priceMinor, min: products.minOrderQuantity, stock: products.stockQuantity })
    .from(products)
    .where(and(eq(products.sellerUserId, sellerUserId), eq(products.status, 'active'), gte(products.stockQuantity, 20), ne(products.unit, 'g')))
    .orderBy(asc(products.id));
  if (rows.length === 0) throw new Error('demo seed: a referral farm has no product in stock');
  const row = random.pick(rows);
  const wanted = Math.max(row.min, Math.ceil(targetMinor / Math.max(1, row.priceMinor)));
  return { productId: row.id, quantity: Math.min(wanted, Math.max(row.min, Math.floor(row.stock / 4))) };
}

/** A top-up, its ledger transaction and postings, at `at` (timestamps only). */
async function dateTopUp(db: Db, topUpId: string, at: Date): Promise<void> {
  await db.update(topUps).set({ createdAt: at }).where(eq(topUps.id, topUpId));
  const [transaction] = await db.update(ledgerTransactions).set({ createdAt: at }).where(eq(ledgerTransactions.idempotencyKey, `top-up:${topUpId}`)).returning({ id: ledgerTransactions.id });
  if (transaction) await db.update(ledgerPostings).set({ createdAt: at }).where(eq(ledgerPostings.transactionId, transaction.id));
}

async function nextPickupSlot(db: Db, sellerUserId: string, after: Date): Promise<string> {
  const [row] = await db
    .select({ id: deliverySlots.id })
    .from(deliverySlots)
    .where(and(eq(deliverySlots.sellerUserId, sellerUserId), eq(deliverySlots.method, 'pickup'), gt(deliverySlots.cutoffAt, after)))
    .orderBy(asc(deliverySlots.startsAt))
    .limit(1);
  if (!row) throw new Error('demo seed: a referral farm has no open pickup slot');
  return row.id;
}

/**
 * After the delivery orders and before Pulse Hub: Kofi's code, the attributions (dated as if made
 * days ago), a sandbox top-up per buyer, the orders (pickup, paid, accepted, ready, handed over and
 * confirmed a few hours apart on their day, so the chart has bars on several days) and the visits.
 * Returns null when Kofi already has attributions (nothing is written twice).
 */
export async function seedDemoReferrals(app: FastifyInstance, now: Date): Promise<DemoReferralSummary | null> {
  const { db } = app;
  const random = createRandom(REFERRAL_SEED);
  const kofi = await userByEmail(db, DEMO_REFERRAL_AGENT_EMAIL);
  const [agentRow] = await db.select().from(agents).where(eq(agents.userId, kofi.id));
  if (!agentRow) throw new Error('demo seed: the demo referral agent has no agent row');
  const code = await ensureReferralCode(db, agentRow);
  const [already] = await db.select({ id: referralAttributions.id }).from(referralAttributions).where(eq(referralAttributions.agentUserId, kofi.id)).limit(1);
  if (already) return null;

  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS + hours * HOUR_MS);

  const farm = await userByEmail(db, DEMO_REFERRED_FARM.email);
  await attributeFarm(db, app.config, farm, code, { accountNumber: DEMO_REFERRED_FARM.payoutAccountNumber }, ago(DEMO_REFERRED_FARM.daysAgo));
  for (const referred of DEMO_REFERRED_BUYERS) {
    const buyer = await userByEmail(db, referred.email);
    await attributeSignUp(db, app.config, buyer, code, 'signup', ago(referred.daysAgo));
  }

  const toppedUp = new Set<string>();
  let completedOrders = 0;
  for (const [index, order] of DEMO_REFERRAL_ORDERS.entries()) {
    const buyer = await userByEmail(db, order.buyerEmail);
    const seller = await userByEmail(db, order.farmEmail);
    const line = await basketLineOf(db, seller.id, demoMinor(random.int(60, 120) * 100, app.config.currency), random);
    await db.delete(basketItems).where(eq(basketItems.userId, buyer.id));
    await db.insert(basketItems).values({ userId: buyer.id, ...line });
    // A few hours earlier or later each time.
    const placedAt = ago(order.daysAgo, random.int(-6, 3));
    if (!toppedUp.has(buyer.id)) {
      toppedUp.add(buyer.id);
      const { topUp } = await createTopUp(app, buyer.id, { amountMinor: demoMinor(REFERRAL_BUYER_TOP_UP_MINOR, app.config.currency, 100) }, `demo-seed-referral-top-up-${buyer.username}`);
      // The sandbox top-up is stamped with the database clock: dated an hour before the first order, so the wallet reads in order.
      await dateTopUp(db, topUp.id, new Date(placedAt.getTime() - HOUR_MS));
    }
    const { response } = await placeCheckout(
      app,
      buyer,
      `demo-seed-referral-${index + 1}`,
      { addressId: null, payNow: true, sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId: await nextPickupSlot(db, seller.id, now) }] },
      placedAt,
    );
    const orderId = response.orders[0]?.id;
    if (!orderId) throw new Error('demo seed: a referral checkout placed no order');
    if (!order.complete) continue;
    const at = (hours: number) => new Date(placedAt.getTime() + hours * HOUR_MS);
    await performOrderAction(app, seller, orderId, { action: 'accept' }, at(1));
    await performOrderAction(app, seller, orderId, { action: 'mark_ready' }, at(3));
    const { confirmationCode } = await getOrderDetails(db, buyer, orderId);
    await performOrderAction(app, seller, orderId, { action: 'hand_over', confirmationCode: confirmationCode ?? '' }, at(5));
    await performOrderAction(app, buyer, orderId, { action: 'confirm_receipt' }, at(6));
    completedOrders += 1;
  }

  // Link visits over the last 30 days, each at its own hour (so no address passes its hourly limit),
  // recorded oldest first as they would have happened (the limits look back from each visit).
  const hoursAgo = new Set<number>();
  while (hoursAgo.size < DEMO_REFERRAL_VISITS) hoursAgo.add(random.int(1, 30 * 24 - 1));
  let visits = 0;
  for (const hours of [...hoursAgo].sort((a, b) => b - a)) {
    const visitor = { code, visitorId: seededUuid(random), path: random.pick(VISIT_PATHS), ip: random.pick(VISIT_IPS) };
    const result = await recordReferralVisit(db, app.jwtSecret, visitor, new Date(now.getTime() - hours * HOUR_MS));
    if (result.counted) visits += 1;
  }

  return {
    code,
    visits,
    signUps: DEMO_REFERRED_BUYERS.length,
    farms: 1,
    orders: DEMO_REFERRAL_ORDERS.length,
    completedOrders,
  };
}
