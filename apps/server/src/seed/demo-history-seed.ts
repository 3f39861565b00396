import { and, asc, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { addresses } from '../db/schema/addresses';
import { basketItems } from '../db/schema/basket-items';
import { conversationMembers, conversations, messages } from '../db/schema/conversations';
import { deliverySlots } from '../db/schema/delivery-slots';
import { payouts, topUps } from '../db/schema/ledger';
import { orders } from '../db/schema/orders';
import { products } from '../db/schema/products';
import { reviews } from '../db/schema/reviews';
import { sellerApplications } from '../db/schema/seller-applications';
import { users, type UserRow } from '../db/schema/users';
import { placeCheckout } from '../modules/checkout/checkout-service';
import { sendMessage, startConversation } from '../modules/messages/messages-service';
import { getOrderDetails, performOrderAction } from '../modules/orders/orders-service';
import { createReview, replyToReview } from '../modules/reviews/reviews-service';
import { getWalletBalances } from '../modules/wallet/ledger-service';
import { createPayout } from '../modules/wallet/payouts-service';
import { createTopUp } from '../modules/wallet/wallet-service';
import { SEED_DELIVERIES } from './demo-delivery-seed';
import { createRandom, type Random } from './random';
import { demoMinor } from './demo-money';
import { planDemoWeeklyBasket } from './demo-standing-orders-seed';

/**
 * Four weeks of market life before the seed's clock (issue 16, decision 028): pickup orders between
 * the demo buyers and farms placed, paid, accepted, packed, handed over and confirmed through the
 * real checkout and order services (the ledger moves the money, reservations follow the orders),
 * reviews with stars and a few farm answers, chats with unread messages, a payout of the demo
 * seller, and a saved home address with coordinates for every demo buyer. Today's orders wait for
 * the farms (paid, accepted, ready), so the demo seller's dashboard has sales today, a month of
 * bars and queues, and the demo buyer's orders show every state: under way, delivered, completed,
 * refunded and cancelled with the money back.
 *
 * The services stamp what they write with the time they are given (orders, events, slots, the
 * ledger's order payments, releases and refunds) or with the database clock (top-ups, payouts,
 * notifications, reviews, messages); the second kind is dated afterwards from the order events it
 * belongs to, so every page tells one story. Row ids follow
 * the creation order, and everything here is created oldest first.
 *
 * Kofi's referred people (yaw@, akosua@) and farm (Ashanti Gold) stay out of it: their orders would
 * earn him shares the referral seed counts.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export const HISTORY_DAYS = 28;
export const DEMO_SELLER = 'seller@demo.pulse.market';
export const DEMO_BUYER = 'buyer@demo.pulse.market';
/** Who buys in the history: the demo buyer and two people who are not Kofi's referrals. */
export const HISTORY_BUYERS = [DEMO_BUYER, 'kofi@demo.pulse.market', 'esi@demo.pulse.market'] as const;
/** The farms they buy from: the demo seller most (Ashanti Gold is Kofi's referred farm). */
export const HISTORY_FARMS = [
  DEMO_SELLER,
  'coastal.breeze@demo.pulse.market',
  'volta.sunrise@demo.pulse.market',
  'savannah.grains@demo.pulse.market',
  'akuapem.honey@demo.pulse.market',
  'bolga.weavers@demo.pulse.market',
  'accra.greens@demo.pulse.market',
] as const;
/** What each history buyer tops up four weeks ago (a sandbox payment), and again when the wallet runs low. */
export const HISTORY_TOP_UP_MINOR = 30_000;
/** A history buyer tops up again before an order when less than this is left. */
const LOW_BALANCE_MINOR = 10_000;
/**
 * The newest products on sale (the first page of the listing's default order): the history's
 * reviewed orders buy each of them once where their farm is part of the history, so most cards a
 * visitor sees first carry stars (issue 22).
 */
export const SHOWCASE_PRODUCTS = 24;
/** Showcase products a reviewed order takes at most (the rest of its basket is the farm's others). */
const SHOWCASE_PER_ORDER = 3;
/** Where the demo seller's payouts go (its seller form's details). */
const DEMO_SELLER_PAYOUT = { method: 'mobile_money' as const, accountName: 'Green Valley Farm', accountNumber: '0241234567', providerName: 'MTN MoMo' };

export type Stage = 'completed' | 'delivered' | 'refunded' | 'cancelled' | 'ready' | 'accepted' | 'paid';

interface PlannedOrder {
  buyer: string;
  farm: string;
  placedAt: Date;
  stage: Stage;
  /** The past pickup slot's day (UTC midnight), or null: the farm's next open slot. */
  slotDay: number | null;
  /** Completed orders the buyer reviews: stars and words. */
  review: { rating: number; body: string } | null;
}

export interface DemoHistorySummary {
  orders: number;
  completedOrders: number;
  reviews: number;
  sellerReplies: number;
  conversations: number;
  messages: number;
  payouts: number;
  addresses: number;
}

/** Words that fit any farm's order (vegetables, honey, grain or a woven basket), by stars. */
const REVIEW_TEXTS: Record<number, readonly string[]> = {
  5: [
    'Exactly as described and packed with care. Will order again.',
    'Everything was ready on time, and the quality is excellent.',
    'The best I have found at this price. Thank you!',
    'Even better than the photos. The family loved it.',
    'Generous quantities and friendly people at the pickup.',
  ],
  4: [
    'Very good; the pickup took a few minutes longer than planned.',
    'Good quality and a fair price. One item was a little small.',
    'Well packed and as described. I would like more variety next time.',
  ],
  3: ['Fine overall, but not everything was as good as I expected.', 'Okay quality, but I had to wait at the pickup.'],
};

/** The farms' answers: thanks for five stars, the queue at the pickup for four, a fix for three. */
const FARM_ANSWERS = [
  'Thank you for buying from us! See you at the next pickup.',
  'Thanks for the feedback. We have added a second table at the pickup so nobody waits.',
  'Sorry about that. We now check every order before the pickup; ask us in chat and we set aside the best for you.',
];

function utcMidnight(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

async function userByEmail(db: Db, email: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`demo seed: no user ${email}`);
  return row;
}

/**
 * The timeline: completed orders over the weeks, then the scripted states of the last days. A farm
 * with more showcase products than its reviewed orders can carry (`showcaseByFarm`) gets more
 * completed, reviewed orders on days of the weeks before.
 */
function planOrders(now: Date, random: Random, showcaseByFarm: ReadonlyMap<string, number>): PlannedOrder[] {
  const today = utcMidnight(now.getTime());
  const sinceMidnight = now.getTime() - today;
  const on = (daysAgo: number, hour: number) => new Date(today - daysAgo * DAY_MS + hour * HOUR_MS);
  /** A moment of today before the clock (placed f of the way through the day so far). */
  const todayAt = (fraction: number) => new Date(today + Math.floor(sinceMidnight * fraction));
  const review = (): PlannedOrder['review'] => {
    if (!random.chance(0.8)) return null;
    const rating = random.pick([5, 5, 5, 4, 4, 3]);
    return { rating, body: random.pick(REVIEW_TEXTS[rating] ?? []) };
  };
  const plan: PlannedOrder[] = [];
  // Placed the day before their pickup (09:00-11:00, closing at 07:00), between 08:00 and 20:00.
  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 3; daysAgo -= 1) {
    for (const farm of HISTORY_FARMS) {
      if (!random.chance(farm === DEMO_SELLER ? 0.45 : 0.06)) continue;
      // The demo buyer orders most (its dashboard is the one people open).
      plan.push({ buyer: random.pick([DEMO_BUYER, ...HISTORY_BUYERS]), farm, placedAt: on(daysAgo, random.int(8, 20)), stage: 'completed', slotDay: today - (daysAgo - 1) * DAY_MS, review: review() });
    }
  }
  for (const farm of HISTORY_FARMS) {
    const reviewed = plan.filter((order) => order.farm === farm && order.review !== null).length;
    const wanted = Math.ceil((showcaseByFarm.get(farm) ?? 0) / SHOWCASE_PER_ORDER) + (farm === DEMO_SELLER ? 0 : 1);
    for (let extra = reviewed; extra < wanted; extra += 1) {
      const daysAgo = random.int(4, HISTORY_DAYS - 1);
      const rating = random.pick([5, 5, 5, 4, 4, 3]);
      plan.push({ buyer: random.pick(HISTORY_BUYERS), farm, placedAt: on(daysAgo, random.int(8, 20)), stage: 'completed', slotDay: today - (daysAgo - 1) * DAY_MS, review: { rating, body: random.pick(REVIEW_TEXTS[rating] ?? []) } });
    }
  }
  // The demo buyer's refund and a cancellation by the farm (money back both times).
  plan.push({ buyer: DEMO_BUYER, farm: 'volta.sunrise@demo.pulse.market', placedAt: on(11, 19), stage: 'refunded', slotDay: today - 10 * DAY_MS, review: null });
  plan.push({ buyer: DEMO_BUYER, farm: 'savannah.grains@demo.pulse.market', placedAt: on(6, 9), stage: 'cancelled', slotDay: today - 5 * DAY_MS, review: null });
  // Handed over yesterday, not yet confirmed (the auto-complete timer has days to go).
  plan.push({ buyer: DEMO_BUYER, farm: DEMO_SELLER, placedAt: on(2, 18), stage: 'delivered', slotDay: today - DAY_MS, review: null });
  plan.push({ buyer: 'esi@demo.pulse.market', farm: DEMO_SELLER, placedAt: on(2, 12), stage: 'completed', slotDay: today - DAY_MS, review: { rating: 5, body: REVIEW_TEXTS[5]?.[0] ?? '' } });
  // Under way, for the next open slots: ready, accepted, and paid today waiting for the farms.
  plan.push({ buyer: DEMO_BUYER, farm: 'akuapem.honey@demo.pulse.market', placedAt: on(1, 17), stage: 'ready', slotDay: null, review: null });
  plan.push({ buyer: DEMO_BUYER, farm: DEMO_SELLER, placedAt: on(1, 20), stage: 'accepted', slotDay: null, review: null });
  plan.push({ buyer: 'esi@demo.pulse.market', farm: DEMO_SELLER, placedAt: todayAt(0.3), stage: 'paid', slotDay: null, review: null });
  plan.push({ buyer: DEMO_BUYER, farm: 'accra.greens@demo.pulse.market', placedAt: todayAt(0.5), stage: 'paid', slotDay: null, review: null });
  plan.push({ buyer: 'kofi@demo.pulse.market', farm: DEMO_SELLER, placedAt: todayAt(0.7), stage: 'paid', slotDay: null, review: null });
  return plan.sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
}

/**
 * 1-3 lines of the farm's products with stock to spare (4 with the showcase), the newest on sale
 * first in the draw. An order that will be reviewed takes the showcase products no reviewed order
 * bought yet (`rated` is updated), so the stars spread over the first page.
 */
async function basketOf(
  db: Db,
  sellerUserId: string,
  showcase: ReadonlySet<string>,
  rated: Set<string>,
  reviewed: boolean,
  random: Random,
  currency: string,
): Promise<Array<{ productId: string; quantity: number }>> {
  const rows = await db
    .select({ id: products.id, priceMinor: products.priceMinor, min: products.minOrderQuantity, stock: products.stockQuantity, reserved: products.reservedQuantity })
    .from(products)
    .where(
      and(
        eq(products.sellerUserId, sellerUserId),
        eq(products.status, 'active'),
        // Stock to spare: 20, or 5 times the minimum of a showcase product (a few are scarce).
        gte(sql`${products.stockQuantity} - ${products.reservedQuantity}`, sql`case when ${inArray(products.id, [...showcase])} then 5 * ${products.minOrderQuantity} else 20 end`),
        // A household's basket: no line whose minimum costs more than 20.00.
        sql`${products.priceMinor} * ${products.minOrderQuantity} <= ${demoMinor(2000, currency)}`,
      ),
    )
    .orderBy(asc(products.id));
  if (rows.length === 0) throw new Error('demo seed: a history farm has no product in stock');
  // Up to two of the newest on sale (their cards get the stars), and one more of anything; a
  // reviewed order first takes up to three showcase products without stars yet.
  const featured = rows.filter((row) => showcase.has(row.id));
  const unrated = reviewed ? featured.filter((row) => !rated.has(row.id)) : [];
  const chosen = new Map<string, (typeof rows)[number]>();
  for (const row of unrated.slice(0, SHOWCASE_PER_ORDER)) chosen.set(row.id, row);
  if (chosen.size === 0) for (const row of random.sample(featured.length > 0 ? featured : rows, 2)) chosen.set(row.id, row);
  if (reviewed) for (const id of chosen.keys()) rated.add(id);
  for (const row of random.sample(rows, random.int(0, 1))) chosen.set(row.id, row);
  return [...chosen.values()].map((row) => {
    const target = demoMinor(random.int(3, 9) * 100, currency);
    const wanted = Math.max(row.min, Math.ceil(target / Math.max(1, row.priceMinor)));
    return { productId: row.id, quantity: Math.max(row.min, Math.min(wanted, Math.floor((row.stock - row.reserved) / 5))) };
  });
}

/** The farm's pickup slot on a past day (made once per farm and day), or its next open one. */
function slotFinder(db: Db, now: Date) {
  const made = new Map<string, string>();
  return async (sellerUserId: string, day: number | null): Promise<string> => {
    if (day === null) {
      const [open] = await db
        .select({ id: deliverySlots.id })
        .from(deliverySlots)
        .where(and(eq(deliverySlots.sellerUserId, sellerUserId), eq(deliverySlots.method, 'pickup'), gt(deliverySlots.cutoffAt, now)))
        .orderBy(asc(deliverySlots.startsAt))
        .limit(1);
      if (!open) throw new Error('demo seed: a history farm has no open pickup slot');
      return open.id;
    }
    const key = `${sellerUserId}|${day}`;
    const known = made.get(key);
    if (known) return known;
    const [row] = await db
      .insert(deliverySlots)
      .values({ sellerUserId, method: 'pickup', startsAt: new Date(day + 9 * HOUR_MS), endsAt: new Date(day + 11 * HOUR_MS), cutoffAt: new Date(day + 7 * HOUR_MS), capacity: 20 })
      .returning({ id: deliverySlots.id });
    if (!row) throw new Error('demo seed: a past slot was not stored');
    made.set(key, row.id);
    return row.id;
  };
}

/** Each demo buyer's home: the address of their first delivery in the demo, saved as the default. */
async function saveHomeAddresses(db: Db): Promise<number> {
  const firstByBuyer = new Map<string, (typeof SEED_DELIVERIES)[number]>();
  for (const delivery of SEED_DELIVERIES) if (!firstByBuyer.has(delivery.buyerEmail)) firstByBuyer.set(delivery.buyerEmail, delivery);
  for (const [email, delivery] of firstByBuyer) {
    const buyer = await userByEmail(db, email);
    await db.insert(addresses).values({ userId: buyer.id, label: 'Home', isDefault: true, ...delivery.address });
  }
  return firstByBuyer.size;
}

interface Chat {
  buyer: string;
  farm: string;
  /** What the chat is about: a product of the farm (the showcase's first), an order of the pair, or nothing. */
  subject: 'product' | 'order' | null;
  /** Who has not read the last messages (the others are read). */
  unreadFor: 'buyer' | 'farm' | null;
  lines: Array<{ from: 'buyer' | 'farm'; at: Date; text: (title: string) => string }>;
}

function planChats(now: Date): Chat[] {
  const today = utcMidnight(now.getTime());
  const on = (daysAgo: number, hour: number, minute = 0) => new Date(today - daysAgo * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS);
  const recent = (minutesAgo: number) => new Date(Math.max(today, now.getTime() - minutesAgo * MINUTE_MS));
  return [
    {
      buyer: DEMO_BUYER,
      farm: DEMO_SELLER,
      subject: 'product',
      unreadFor: 'buyer',
      lines: [
        { from: 'buyer', at: on(3, 10), text: (title) => `Hello! When did you harvest the ${title.toLowerCase()}? I would like some for Sunday.` },
        { from: 'farm', at: on(3, 11, 30), text: () => 'Good morning Ama, yesterday morning. I can keep some aside for your pickup.' },
        { from: 'buyer', at: on(3, 11, 42), text: () => 'Perfect, I will order tonight. Thank you!' },
        { from: 'farm', at: recent(25), text: () => 'Your order is packed. We also have fresh kontomire today if you want a bunch with it.' },
      ],
    },
    {
      buyer: DEMO_BUYER,
      farm: 'volta.sunrise@demo.pulse.market',
      subject: 'order',
      unreadFor: null,
      lines: [
        { from: 'buyer', at: on(10, 18, 50), text: () => 'Part of my order was bruised when I unpacked it, so I asked for a refund. Sorry!' },
        { from: 'farm', at: on(9, 9, 55), text: () => 'So sorry, Ama. We refunded you in full; next time we pack it in a crate.' },
        { from: 'buyer', at: on(9, 10, 20), text: () => 'Thank you, that is very fair.' },
      ],
    },
    {
      buyer: 'kofi@demo.pulse.market',
      farm: DEMO_SELLER,
      subject: null,
      unreadFor: 'farm',
      lines: [
        { from: 'buyer', at: on(5, 15), text: () => 'Hi Green Valley, could you supply the chop bar every Friday? About 10 kg of vegetables.' },
        { from: 'farm', at: on(5, 17, 10), text: () => 'Yes, happily. Order by Thursday noon and we pack it for the Friday pickup.' },
        { from: 'buyer', at: recent(55), text: () => 'Great. I placed this week\'s order; could you add two bunches of herbs if you have them?' },
      ],
    },
    {
      buyer: 'esi@demo.pulse.market',
      farm: DEMO_SELLER,
      subject: 'order',
      unreadFor: 'farm',
      lines: [{ from: 'buyer', at: recent(12), text: () => 'Good morning! Can I collect my order a little after 11? I finish a consultation at 10:30.' }],
    },
  ];
}

/**
 * After the referral seed and before the delivery orders (their ids come after these): addresses,
 * top-ups, the orders in time order with their reviews and the demo seller's payout, the chats, and
 * the dates of what the services stamped with the database clock. Returns null when the demo buyer
 * already has orders (nothing is written twice).
 */
export async function seedDemoHistory(app: FastifyInstance, now: Date, random: Random = createRandom(20_260_501)): Promise<DemoHistorySummary | null> {
  const { db } = app;
  const currency = app.config.currency;
  const demoBuyer = await userByEmail(db, DEMO_BUYER);
  const [already] = await db.select({ id: orders.id }).from(orders).where(eq(orders.buyerUserId, demoBuyer.id)).limit(1);
  if (already) return null;

  const people = new Map<string, UserRow>();
  for (const email of [...HISTORY_BUYERS, ...HISTORY_FARMS]) people.set(email, await userByEmail(db, email));
  const person = (email: string) => people.get(email) as UserRow;
  const seller = person(DEMO_SELLER);
  await db.update(sellerApplications).set({ payoutMethod: DEMO_SELLER_PAYOUT.method, payoutAccountName: DEMO_SELLER_PAYOUT.accountName, payoutAccountNumber: DEMO_SELLER_PAYOUT.accountNumber, payoutProviderName: DEMO_SELLER_PAYOUT.providerName }).where(eq(sellerApplications.userId, seller.id));
  const savedAddresses = await saveHomeAddresses(db);

  const start = new Date(utcMidnight(now.getTime()) - HISTORY_DAYS * DAY_MS + 8 * HOUR_MS);
  // The demo buyer's first top-up (the seed's, before this) is the oldest line of its wallet.
  const topUpDates = (await db.select({ id: topUps.id }).from(topUps).where(eq(topUps.userId, demoBuyer.id)).orderBy(asc(topUps.id))).map((row) => ({ id: row.id, at: start }));
  const topUp = async (buyer: UserRow, at: Date) => {
    const { topUp: made } = await createTopUp(app, buyer.id, { amountMinor: demoMinor(HISTORY_TOP_UP_MINOR, currency, 100) }, `demo-seed-history-top-up-${buyer.username}-${topUpDates.length}`);
    topUpDates.push({ id: made.id, at });
  };
  for (const [index, email] of HISTORY_BUYERS.entries()) await topUp(person(email), new Date(start.getTime() + (index + 1) * 17 * MINUTE_MS));

  const showcaseRows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, 'active'), gt(products.stockQuantity, products.reservedQuantity)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(SHOWCASE_PRODUCTS);
  const showcase = new Set(showcaseRows.map((row) => row.id));
  const showcaseByFarm = new Map<string, number>();
  for (const email of HISTORY_FARMS) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.sellerUserId, person(email).id), inArray(products.id, [...showcase])));
    showcaseByFarm.set(email, Number(row?.n ?? 0));
  }
  const rated = new Set<string>();
  const slotFor = slotFinder(db, now);
  const plan = planOrders(now, random, showcaseByFarm);
  const orderIds: string[] = [];
  const reviewTimes: Array<{ id: string; at: Date }> = [];
  const ordersByPair = new Map<string, string>();
  let completedOrders = 0;
  let payoutId: string | null = null;
  const payoutAt = new Date(utcMidnight(now.getTime()) - 7 * DAY_MS + 18 * HOUR_MS);

  // The demo buyer's weekly basket from the demo seller (issue 28): its past cycles take their
  // places in the timeline.
  const ensureFunds = async (buyer: UserRow, at: Date) => {
    if ((await getWalletBalances(db, buyer.id)).availableMinor < demoMinor(LOW_BALANCE_MINOR, currency)) await topUp(buyer, new Date(at.getTime() - 10 * MINUTE_MS));
  };
  const weeklyCycles = await planDemoWeeklyBasket(app, now, { buyer: demoBuyer, farm: seller, carryOrder, ensureFunds });

  for (const [index, order] of plan.entries()) {
    while (weeklyCycles[0] && weeklyCycles[0].placedAt.getTime() <= order.placedAt.getTime()) orderIds.push(await (weeklyCycles.shift() as (typeof weeklyCycles)[number]).place());
    // The demo seller takes most of what it earned so far out a week ago.
    if (!payoutId && order.placedAt.getTime() > payoutAt.getTime()) payoutId = await payOut(app, seller.id);
    const buyer = person(order.buyer);
    const farm = person(order.farm);
    if ((await getWalletBalances(db, buyer.id)).availableMinor < demoMinor(LOW_BALANCE_MINOR, currency)) await topUp(buyer, new Date(order.placedAt.getTime() - 10 * MINUTE_MS));
    await db.delete(basketItems).where(eq(basketItems.userId, buyer.id));
    await db.insert(basketItems).values((await basketOf(db, farm.id, showcase, rated, order.stage === 'completed' && order.review !== null, random, currency)).map((line) => ({ userId: buyer.id, ...line })));
    const slotId = await slotFor(farm.id, order.slotDay);
    const { response } = await placeCheckout(app, buyer, `demo-seed-history-${index + 1}`, { addressId: null, payNow: true, sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }] }, order.placedAt);
    const orderId = response.orders[0]?.id;
    if (!orderId) throw new Error('demo seed: a history checkout placed no order');
    orderIds.push(orderId);
    ordersByPair.set(`${order.buyer}|${order.farm}`, orderId);
    const confirmed = await carryOrder(app, { buyer, farm, orderId, placedAt: order.placedAt, stage: order.stage, slotDay: order.slotDay, now, random });
    if (confirmed === null) continue;
    completedOrders += 1;
    if (!order.review) continue;
    const review = await createReview(app, buyer, orderId, order.review);
    reviewTimes.push({ id: review.id, at: new Date(Math.min(confirmed + random.int(1, 4) * HOUR_MS, now.getTime() - MINUTE_MS)) });
  }

  // The demo buyer's weekly basket from the demo seller, with the orders of its past cycles (issue 28).
  for (const cycle of weeklyCycles.splice(0)) orderIds.push(await cycle.place());

  // The delivery orders and the Hub's tips still to come are paid from these wallets.
  for (const email of HISTORY_BUYERS) {
    if ((await getWalletBalances(db, person(email).id)).availableMinor < demoMinor(LOW_BALANCE_MINOR, currency)) await topUp(person(email), new Date(now.getTime() - 5 * MINUTE_MS));
  }
  // A few answers from the farms, the lower ratings first (the demo seller answers three).
  const answered = await answerReviews(app, reviewTimes, random);
  const chats = await seedChats(app, now, people, showcase, ordersByPair);
  await dateHistory(db, { orderIds, topUpDates, payoutId, payoutAt, reviewTimes, answered, now });
  return {
    orders: orderIds.length,
    completedOrders,
    reviews: reviewTimes.length,
    sellerReplies: answered.length,
    conversations: chats.conversations,
    messages: chats.messages,
    payouts: payoutId ? 1 : 0,
    addresses: savedAddresses,
  };
}

/**
 * Takes a placed pickup order through the farm's and the buyer's steps to its stage, each at a time
 * of the story (never after the seed's clock). The time the buyer confirmed receipt, or null when the
 * order stops before completion.
 */
export async function carryOrder(
  app: FastifyInstance,
  input: { buyer: UserRow; farm: UserRow; orderId: string; placedAt: Date; stage: Stage; slotDay: number | null; now: Date; random: Random },
): Promise<number | null> {
  const { buyer, farm, orderId, stage, slotDay, now, random } = input;
  const placed = input.placedAt.getTime();
  const act = (user: UserRow, action: Parameters<typeof performOrderAction>[3], at: number) => performOrderAction(app, user, orderId, action, new Date(Math.min(at, now.getTime())));
  if (stage === 'paid') return null;
  if (stage === 'cancelled') {
    await act(farm, { action: 'cancel', reason: 'We ran out of this week\'s batch, sorry! Your money is back in your wallet.' }, placed + 2 * HOUR_MS);
    return null;
  }
  await act(farm, { action: 'accept' }, slotDay === null ? Math.max(placed + 30 * MINUTE_MS, now.getTime() - 2 * HOUR_MS) : placed + random.int(1, 3) * HOUR_MS);
  if (stage === 'accepted') return null;
  const slotStart = slotDay ?? utcMidnight(now.getTime());
  await act(farm, { action: 'mark_ready' }, slotDay === null ? now.getTime() - HOUR_MS : slotStart + 8 * HOUR_MS);
  if (stage === 'ready') return null;
  const handedOver = slotStart + 9 * HOUR_MS + random.int(0, 110) * MINUTE_MS;
  const { confirmationCode } = await getOrderDetails(app.db, buyer, orderId);
  await act(farm, { action: 'hand_over', confirmationCode: confirmationCode ?? '' }, handedOver);
  if (stage === 'delivered') return null;
  if (stage === 'refunded') {
    await act(buyer, { action: 'request_refund', reason: 'Part of the order was bruised when I unpacked it.' }, handedOver + 8 * HOUR_MS);
    await act(farm, { action: 'approve_refund' }, handedOver + 24 * HOUR_MS);
    return null;
  }
  const confirmed = handedOver + random.int(1, 6) * HOUR_MS;
  await act(buyer, { action: 'confirm_receipt' }, confirmed);
  return confirmed;
}

/** 70% of what the seller has available, in whole tens, through the payout service. */
async function payOut(app: FastifyInstance, sellerUserId: string): Promise<string | null> {
  const { availableMinor } = await getWalletBalances(app.db, sellerUserId);
  const tens = demoMinor(1000, app.config.currency);
  const amountMinor = Math.floor((availableMinor * 0.7) / tens) * tens;
  if (amountMinor < tens) return null;
  const { payout } = await createPayout(app, sellerUserId, { amountMinor }, 'demo-seed-history-payout');
  return payout.status === 'succeeded' ? payout.id : null;
}

async function answerReviews(app: FastifyInstance, reviewTimes: Array<{ id: string; at: Date }>, random: Random): Promise<Array<{ id: string; at: Date }>> {
  const rows = await app.db
    .select({ id: reviews.id, rating: reviews.rating, sellerUserId: reviews.sellerUserId })
    .from(reviews)
    .where(inArray(reviews.id, reviewTimes.map((review) => review.id)))
    .orderBy(asc(reviews.rating), asc(reviews.id));
  const perSeller = new Map<string, number>();
  const seller = await userByEmail(app.db, DEMO_SELLER);
  const answered: Array<{ id: string; at: Date }> = [];
  for (const row of rows) {
    const count = perSeller.get(row.sellerUserId) ?? 0;
    if (count >= (row.sellerUserId === seller.id ? 3 : 1)) continue;
    perSeller.set(row.sellerUserId, count + 1);
    const reviewedAt = reviewTimes.find((review) => review.id === row.id)?.at ?? new Date();
    const at = new Date(reviewedAt.getTime() + random.int(2, 6) * HOUR_MS);
    await replyToReview(app, { id: row.sellerUserId }, row.id, FARM_ANSWERS[Math.min(FARM_ANSWERS.length - 1, 5 - row.rating)] ?? '', at);
    answered.push({ id: row.id, at });
  }
  return answered;
}

async function seedChats(
  app: FastifyInstance,
  now: Date,
  people: Map<string, UserRow>,
  showcase: ReadonlySet<string>,
  ordersByPair: Map<string, string>,
): Promise<{ conversations: number; messages: number }> {
  const { db } = app;
  let sent = 0;
  const chats = planChats(now);
  for (const [chatIndex, chat] of chats.entries()) {
    const buyer = people.get(chat.buyer) as UserRow;
    const farm = people.get(chat.farm) as UserRow;
    const [product] = await db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.sellerUserId, farm.id), inArray(products.id, [...showcase])))
      .orderBy(desc(products.createdAt))
      .limit(1);
    const orderId = ordersByPair.get(`${chat.buyer}|${chat.farm}`);
    const subject = chat.subject === 'product' && product ? { kind: 'product' as const, id: product.id } : chat.subject === 'order' && orderId ? { kind: 'order' as const, id: orderId } : undefined;
    const { conversation } = await startConversation(db, buyer.id, { otherUserId: farm.id, ...(subject ? { subject } : {}) });
    const times: Array<{ id: string; at: Date; from: 'buyer' | 'farm' }> = [];
    for (const [lineIndex, line] of chat.lines.entries()) {
      const sender = line.from === 'buyer' ? buyer : farm;
      const { message } = await sendMessage(app, sender, conversation.id, { body: line.text(product?.title ?? 'produce') }, `demo-seed-chat-${chatIndex + 1}-${lineIndex + 1}`);
      times.push({ id: message.id, at: line.at, from: line.from });
      sent += 1;
    }
    for (const time of times) await db.update(messages).set({ createdAt: time.at }).where(eq(messages.id, time.id));
    const first = times[0]?.at ?? now;
    const last = times.at(-1)?.at ?? now;
    await db.update(conversations).set({ createdAt: first, lastActivityAt: last }).where(eq(conversations.id, conversation.id));
    // Each member read up to the end, but the one with unread messages only up to before the last run of the other's.
    for (const side of ['buyer', 'farm'] as const) {
      const member = side === 'buyer' ? buyer : farm;
      let readUpTo = last;
      if (chat.unreadFor === side) {
        const trailing = times.findLastIndex((time) => time.from === side);
        readUpTo = trailing >= 0 ? (times[trailing]?.at ?? first) : new Date(first.getTime() - MINUTE_MS);
      }
      await db
        .update(conversationMembers)
        .set({ lastReadAt: chat.unreadFor === side && !times.some((time) => time.from === side) ? null : readUpTo })
        .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, member.id)));
    }
  }
  return { conversations: chats.length, messages: sent };
}

interface HistoryDates {
  orderIds: string[];
  topUpDates: Array<{ id: string; at: Date }>;
  payoutId: string | null;
  payoutAt: Date;
  reviewTimes: Array<{ id: string; at: Date }>;
  answered: Array<{ id: string; at: Date }>;
  now: Date;
}

/**
 * What the services stamped with the database clock gets the time of the step it belongs to:
 * notifications when their event happened (read unless they are of the last day or a chat still
 * unread), reviews and answers, top-ups at the start and the payout a week ago. An order's money
 * needs nothing: the order services post it with the action's own time (payment, release, refund:
 * decision 037). Only the timestamps change; amounts and postings are the services' own.
 */
async function dateHistory(db: Db, dates: HistoryDates): Promise<void> {
  const ids = sql`array[${sql.join(dates.orderIds.map((id) => sql`${id}::uuid`), sql`, `)}]`;
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  for (const { id, at } of dates.topUpDates) {
    await db.update(topUps).set({ createdAt: at }).where(eq(topUps.id, id));
    await run(sql`update ledger_transactions set created_at = ${at.toISOString()}::timestamptz where kind = 'top_up' and idempotency_key = ${`top-up:${id}`}`);
  }
  if (dates.payoutId) {
    // The sandbox settles at once: the hold and the settlement both happened then.
    await db.update(payouts).set({ createdAt: dates.payoutAt, decidedAt: dates.payoutAt }).where(eq(payouts.id, dates.payoutId));
    await run(
      sql`update ledger_transactions set created_at = ${dates.payoutAt.toISOString()}::timestamptz where kind = 'payout' and idempotency_key in (${`payout-hold:${dates.payoutId}`}, ${`payout-settle:${dates.payoutId}`})`,
    );
  }
  await run(sql`update ledger_postings p set created_at = t.created_at from ledger_transactions t
    where p.transaction_id = t.id and p.created_at <> t.created_at and t.kind in ('top_up', 'payout')`);

  for (const review of dates.reviewTimes) await db.update(reviews).set({ createdAt: review.at }).where(eq(reviews.id, review.id));
  for (const answer of dates.answered) await db.update(reviews).set({ sellerRepliedAt: answer.at }).where(eq(reviews.id, answer.id));

  // Notifications: order steps by their event, reviews and answers by theirs, chat messages by the message.
  await run(sql`update notifications n set created_at = e.created_at from order_events e
    where n.idempotency_key like 'order:%' and e.id::text = split_part(n.idempotency_key, ':', 4) and e.order_id = any(${ids})`);
  await run(sql`update notifications n set created_at = r.created_at from reviews r where n.idempotency_key = 'review:' || r.id::text and r.order_id = any(${ids})`);
  await run(sql`update notifications n set created_at = r.seller_replied_at from reviews r where n.idempotency_key = 'review-reply:' || r.id::text and r.order_id = any(${ids})`);
  await run(sql`update notifications n set created_at = m.created_at from messages m where n.type = 'new_message' and n.idempotency_key = m.id::text`);
  const dayBefore = new Date(dates.now.getTime() - DAY_MS).toISOString();
  await run(sql`update notifications n set read_at = n.created_at + interval '1 hour'
    where n.read_at is null and n.created_at < ${dayBefore}::timestamptz and n.type = 'order_update'`);
  // A chat notification is read when its conversation was read past the message.
  await run(sql`update notifications n set read_at = cm.last_read_at from messages m join conversation_members cm on cm.conversation_id = m.conversation_id
    where n.type = 'new_message' and n.idempotency_key = m.id::text and cm.user_id = n.user_id and cm.last_read_at >= m.created_at and n.read_at is null`);
}
