import type { FastifyInstance } from 'fastify';
import { createId } from '../db/new-id';
import type { NewProductRow } from '../db/schema/products';
import { hashPassword } from '../modules/auth/password-hashing';
import { insertProductRows } from '../modules/products/products-repository';
import { holdTransactionalMail } from '../modules/mail/order-mail-listeners';
import { createSandboxProvider } from '../modules/payments/sandbox-provider';
import { createTopUp } from '../modules/wallet/wallet-service';
import { DEMO_PASSWORD, PRODUCT_TEMPLATES, SEED_FARMS, SEED_PEOPLE, type ProductTemplate, type SeedFarm } from './catalogue-data';
import { renderAvatar, renderProductImage } from './images';
import { insertDemoAgents, SEED_AGENTS, seedDemoDeliveries } from './demo-delivery-seed';
import { seedDemoHistory } from './demo-history-seed';
import { seedDemoHub } from './demo-hub-seed';
import { seedDemoReferrals } from './demo-referrals-seed';
import { demoMinor, demoPrice } from './demo-money';
import { createRandom, type Random } from './random';
import { createSeedImageStore } from './seed-images';
import { findSetting } from '../modules/settings/settings-repository';
import {
  clearSeededTables,
  countAllUsers,
  countUsersOutsideDemo,
  holdDemoSeedLock,
  insertApprovedSellerApplications,
  insertSellerProfilePhotos,
  insertDeliverySlots,
  insertProductImages,
  insertUsers,
  setProfilePicture,
  DEMO_SEED_STATE_KEY,
  writeDemoSeedState,
} from './seed-repository';

export const DEMO_SEED = 20_260_501;
export const DEMO_BUYER_EMAIL = 'buyer@demo.pulse.market';
export const DEMO_SELLER_EMAIL = 'seller@demo.pulse.market';
/** The demo buyer's first sandbox top-up in dollars (250.00); the history tops up again when the wallet runs low. */
export const DEMO_TOP_UP_MINOR = 25_000;

/** The demo buyer's first top-up in the deployment's currency: GH₵3,000.00 in cedis. */
export function demoTopUpMinor(currency: string): number {
  return demoMinor(DEMO_TOP_UP_MINOR, currency, 100);
}

/**
 * What the demo buyer's wallet shows after the seed in cedis, as `npm start` seeds it (README, "Demo
 * data"): GH₵3,351.20 available, GH₵849.80 in escrow: the top-ups less the completed orders and Hub
 * tips, and the orders under way in escrow. The same on every run (seeded generator); the seed test
 * pins it, so a change of the demo that changes it updates the README. (With CURRENCY=USD the same
 * seed leaves 318.16 available and 70.74 in escrow.)
 */
export const DEMO_BUYER_WALLET = { availableMinor: 335_120, escrowMinor: 84_980 } as const;

export interface DemoSeedOptions {
  /** The clock the catalogue's dates and the slots are laid out from (tests fix it). */
  now?: Date;
}

export interface DemoSeedSummary {
  sellers: number;
  buyers: number;
  products: number;
  images: number;
  deliverySlots: number;
  /** Approved Pulse Agents (delivery) and delivery orders at every stage of their task. */
  agents: number;
  deliveryOrders: number;
  /** Orders of the people and the farm the demo referral agent referred (completed ones earned it its share). */
  referralOrders: number;
  /** Pulse Hub posts (with comments, likes, follows, tips and one open report). */
  hubPosts: number;
  /** Four weeks of history between the demo buyers and farms (orders in every state, completed ones among them). */
  historyOrders: number;
  completedHistoryOrders: number;
  /** Reviews with stars of the completed history orders, and the farms' answers to some. */
  reviews: number;
  sellerReplies: number;
  /** Chats between demo buyers and farms (some with unread messages), and their messages. */
  conversations: number;
  messages: number;
  /** Payouts of the demo seller, and saved home addresses (with coordinates) of the demo buyers. */
  payouts: number;
  addresses: number;
  /** Wall and CPU time of the history alone (part of the totals below). */
  historyMilliseconds: number;
  historyCpuMilliseconds: number;
  topUpMinor: number;
  milliseconds: number;
  /** CPU time of this process during the seed (image encoding runs on libvips threads, counted too). */
  cpuMilliseconds: number;
}

const DAY_MS = 86_400_000;
/** Photos on each demo shop page (from the farm's own product pictures). */
const SHOP_PHOTOS_PER_FARM = 3;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function stockFor(template: ProductTemplate, random: Random): number {
  switch (template.unit) {
    case 'g':
      return random.int(20, 200) * 100;
    case 'kg':
      return random.int(20, 400);
    case 'crate':
      return random.int(2, 30);
    case 'dozen':
      return random.int(5, 60);
    case 'bunch':
      return random.int(10, 80);
    case 'litre':
      return random.int(5, 80);
    default:
      return random.int(5, 120);
  }
}

function priceFor(template: ProductTemplate, random: Random, currency: string): number {
  const factor = 0.85 + random.next() * 0.35;
  // Per-gram prices are a few cents: kept whole; others rounded as a price board writes them (demo-money.ts).
  return demoPrice(template.priceMinor * factor, currency);
}

const FARM_SENTENCES = [
  (farm: SeedFarm) => `Grown and packed by ${farm.businessName} near ${farm.region.split(',')[0]}.`,
  (farm: SeedFarm) => `From ${farm.businessName} in ${farm.region}; we pick and pack on the day of your order.`,
  (farm: SeedFarm) => `${farm.businessName}, ${farm.region}. Ask us in chat about larger quantities.`,
];

/** Which farms list a template: one to three of those carrying its category. */
function offersFor(templates: readonly ProductTemplate[], random: Random): Array<{ template: ProductTemplate; farmIndex: number }> {
  const offers: Array<{ template: ProductTemplate; farmIndex: number }> = [];
  for (const template of templates) {
    const carriers = SEED_FARMS.map((farm, index) => ({ farm, index })).filter(({ farm }) => farm.categories.includes(template.category));
    const wanted = 1 + (random.chance(0.75) ? 1 : 0) + (random.chance(0.25) ? 1 : 0);
    for (const { index } of random.sample(carriers, Math.min(wanted, carriers.length))) offers.push({ template, farmIndex: index });
  }
  return offers;
}

/** Runs `work` over the items, `parallel` at a time, keeping the input order in the result. */
async function mapInPool<T, R>(items: readonly T[], parallel: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

/**
 * Seeds a believable marketplace on a database without users (first start): eight approved farms
 * around Ghanaian towns, 200+ products in every category with generated pictures, buyers with Pulse
 * Hub profiles, a week of pickup and delivery slots per farm and a topped-up demo wallet. The same
 * catalogue every run (seeded PRNG). Returns null when there is nothing to do.
 *
 * The catalogue commits in one transaction with the state 'started'; the orders, referrals and Hub
 * that follow go through the services' own transactions, and 'finished' is written after the last.
 * A start that finds 'started' (the process died in between) clears the half-seeded tables and
 * seeds again in the catalogue's transaction, so a half-seeded market never stays (decision 026).
 */
export async function seedDemoData(app: FastifyInstance, options: DemoSeedOptions = {}): Promise<DemoSeedSummary | null> {
  const release = await holdDemoSeedLock(app.database);
  // The demo's money (history top-ups, payouts) is play money: it goes through the sandbox even when
  // the app runs on Paystack, so a first start never calls the provider or waits for a person.
  const provider = app.paymentProvider;
  app.paymentProvider = createSandboxProvider();
  // The demo's history is not news: its orders, payouts and applications send no mail (decision 054).
  const releaseMail = holdTransactionalMail();
  try {
    return await seedUnderLock(app, options);
  } finally {
    releaseMail();
    app.paymentProvider = provider;
    await release();
  }
}

/** Seed an empty database, seed again over an interrupted seed, or leave the database alone. */
async function planDemoSeed(app: FastifyInstance): Promise<'seed' | 'reseed' | 'skip'> {
  const state = await findSetting(app.db, DEMO_SEED_STATE_KEY);
  if (state === 'finished') return 'skip';
  if (state === 'started') {
    if ((await countUsersOutsideDemo(app.db)) === 0) return 'reseed';
    // Someone signed up on the half-seeded market (a start with SEED_DEMO=false): their data wins.
    app.log.warn('The demo seed of an earlier start did not finish, but the database has other accounts since; it is left as it is.');
    return 'skip';
  }
  return (await countAllUsers(app.db)) > 0 ? 'skip' : 'seed';
}

async function seedUnderLock(app: FastifyInstance, options: DemoSeedOptions): Promise<DemoSeedSummary | null> {
  const started = Date.now();
  const cpuStarted = process.cpuUsage();
  const plan = await planDemoSeed(app);
  if (plan === 'skip') return null;
  if (plan === 'reseed') app.log.warn('The demo seed of an earlier start was interrupted: clearing what it wrote and seeding again.');
  app.log.info('Seeding the demo marketplace (first start; SEED_DEMO=false to skip)');
  const now = options.now ?? new Date();
  const random = createRandom(DEMO_SEED);
  const currency = app.config.currency;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const seeded = await app.db.transaction(async (tx) => {
    if (plan === 'reseed') await clearSeededTables(tx);
    await writeDemoSeedState(tx, 'started');
    const storeImage = createSeedImageStore({ db: tx, objectStorage: app.objectStorage });
    // Sellers first, so users sort by creation as farms then people.
    const sellerRows = await insertUsers(
      tx,
      SEED_FARMS.map((farm) => ({
        email: farm.email,
        username: farm.username,
        passwordHash,
        roles: ['buyer', 'seller'],
        bio: farm.bio,
        profession: farm.profession,
      })),
    );
    const sellerIds = sellerRows.map((row) => row.id);
    await insertApprovedSellerApplications(
      tx,
      SEED_FARMS.map((farm, index) => ({
        userId: sellerIds[index] as string,
        businessName: farm.businessName,
        region: farm.region,
        lat: farm.lat,
        lng: farm.lng,
        story: farm.story,
      })),
    );
    const peopleRows = await insertUsers(
      tx,
      SEED_PEOPLE.map((person) => ({
        email: person.email,
        username: person.username,
        passwordHash,
        roles: ['buyer'],
        bio: person.bio,
        profession: person.profession,
        isLegacyCreator: person.isLegacyCreator,
      })),
    );

    const agentIds = await insertDemoAgents(tx, passwordHash, now);

    const avatarColours = ['#5a8a3a', '#c98a3a', '#3a7a9a', '#7a5a9a', '#a8553a', '#c9a03a', '#8a6a4a', '#3a8a6a'];
    const avatars = [
      ...SEED_FARMS.map((farm, index) => ({ userId: sellerIds[index] as string, name: farm.businessName, colour: avatarColours[index % avatarColours.length] as string })),
      ...SEED_PEOPLE.map((person, index) => ({ userId: peopleRows[index]?.id as string, name: person.username, colour: person.colour })),
      ...SEED_AGENTS.map((agent, index) => ({ userId: agentIds[index] as string, name: agent.username, colour: agent.colour })),
    ];
    await mapInPool(avatars, 2, async (avatar) => {
      const stored = await storeImage(`avatar|${avatar.userId}`, avatar.userId, () => renderAvatar(avatar.name, avatar.colour));
      await setProfilePicture(tx, avatar.userId, stored.url);
    });

    // Products: newest first spread over the last 30 days; ids follow creation time (UUIDv7).
    const offers = offersFor(PRODUCT_TEMPLATES, random);
    // The assistant's example ("organic tomatoes under 5 near Kumasi", spec and issue 14) finds
    // Green Valley's Roma tomatoes: one Roma offer is theirs, organic and under 5.00 a kg
    // (without drawing from the generator, so the rest of the catalogue stays as it was).
    const kumasiTomatoes = offers.find((offer) => offer.template.title === 'Roma Tomatoes' && offer.farmIndex === 0) ?? offers.find((offer) => offer.template.title === 'Roma Tomatoes');
    if (kumasiTomatoes) kumasiTomatoes.farmIndex = 0;
    const productRows: NewProductRow[] = offers.map((offer) => {
      const { template, farmIndex } = offer;
      const showcase = offer === kumasiTomatoes;
      const farm = SEED_FARMS[farmIndex] as SeedFarm;
      const createdAt = new Date(now.getTime() - random.int(10, 30 * 24 * 60) * 60_000);
      const harvestDate = template.harvestDays
        ? isoDate(new Date(now.getTime() - random.int(template.harvestDays[0], template.harvestDays[1]) * DAY_MS))
        : null;
      const soldOut = random.chance(0.05);
      return {
        id: createId(createdAt.getTime()),
        sellerUserId: sellerIds[farmIndex] as string,
        title: template.title,
        description: `${template.description} ${random.pick(FARM_SENTENCES)(farm)}`,
        category: template.category,
        unit: template.unit,
        priceMinor: showcase ? Math.min(priceFor(template, random, currency), demoMinor(450, currency, 50)) : priceFor(template, random, currency),
        stockQuantity: soldOut && !showcase ? 0 : stockFor(template, random),
        minOrderQuantity: template.minOrder,
        harvestDate,
        organic: random.chance(template.organic) || showcase,
        originFarmName: farm.businessName,
        originRegion: farm.region,
        // A few hundred metres around the town centre, so farms do not sit on one point.
        originLat: Math.round((farm.lat + (random.next() - 0.5) * 0.04) * 1e5) / 1e5,
        originLng: Math.round((farm.lng + (random.next() - 0.5) * 0.04) * 1e5) / 1e5,
        status: 'active',
        createdAt,
        updatedAt: createdAt,
      };
    });
    const productIds = await insertProductRows(tx, productRows);

    const pictures = offers.flatMap(({ template, farmIndex }, productIndex) => {
      // One picture for half the products, two for a third, three for the rest.
      const roll = random.next();
      const imageCount = roll < 0.5 ? 1 : roll < 0.83 ? 2 : 3;
      // Fixed per product name, so farms selling the same produce share the drawings (encoded once).
      const firstVariant = PRODUCT_TEMPLATES.indexOf(template) % 3;
      return Array.from({ length: imageCount }, (_, position) => ({
        productId: productIds[productIndex] as string,
        ownerUserId: sellerIds[farmIndex] as string,
        position,
        picture: { title: template.title, shape: template.shape, colour: template.colour, variant: (firstVariant + position) % 3 },
      }));
    });
    const imageRows = await mapInPool(pictures, 2, async (item) => {
      const key = `${item.picture.title}|${item.picture.variant}`;
      const stored = await storeImage(key, item.ownerUserId, () => renderProductImage(item.picture));
      return { productId: item.productId, uploadId: stored.id, position: item.position };
    });
    await insertProductImages(tx, imageRows);

    // Shop photos: the first pictures of each farm's first three different products (the farm's own uploads).
    const shopPhotos = sellerIds.flatMap((sellerUserId, farmIndex) => {
      const titles = new Set<string>();
      const chosen: string[] = [];
      offers.forEach(({ template, farmIndex: offerFarm }, productIndex) => {
        if (offerFarm !== farmIndex || titles.has(template.title) || chosen.length >= SHOP_PHOTOS_PER_FARM) return;
        const first = imageRows.find((row) => row.productId === productIds[productIndex] && row.position === 0);
        if (!first) return;
        titles.add(template.title);
        chosen.push(first.uploadId);
      });
      return chosen.map((uploadId, position) => ({ userId: sellerUserId, uploadId, position }));
    });
    await insertSellerProfilePhotos(tx, shopPhotos);

    // Slots: pickup 09:00-11:00 and delivery 14:00-17:00 (UTC, Ghana's time) for the next 7 days,
    // orders closing 2 h before the start; today's too when its cut-off is still ahead.
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const slotRows = sellerIds.flatMap((sellerUserId) =>
      Array.from({ length: 8 }, (_, day) => today + day * DAY_MS).flatMap((dayStart) =>
        [
          { method: 'pickup' as const, startHour: 9, endHour: 11, capacity: 20 },
          { method: 'delivery' as const, startHour: 14, endHour: 17, capacity: 12 },
        ]
          .map((window) => ({
            sellerUserId,
            method: window.method,
            startsAt: new Date(dayStart + window.startHour * 3_600_000),
            endsAt: new Date(dayStart + window.endHour * 3_600_000),
            cutoffAt: new Date(dayStart + (window.startHour - 2) * 3_600_000),
            capacity: window.capacity,
          }))
          .filter((slot) => slot.cutoffAt.getTime() > now.getTime()),
      ),
    );
    await insertDeliverySlots(tx, slotRows);

    const demoBuyerId = peopleRows.find((row) => row.email === DEMO_BUYER_EMAIL)?.id ?? null;
    return {
      sellers: sellerIds.length,
      buyers: peopleRows.length,
      products: productIds.length,
      images: imageRows.length + avatars.length,
      deliverySlots: slotRows.length,
      agents: agentIds.length,
      demoBuyerId,
    };
  });

  app.log.info('Demo seed: catalogue committed; wallets, referrals, four weeks of history, deliveries and the Hub next');

  // The demo buyer's wallet, topped up through the wallet's own sandbox payment (after the seed's
  // transaction: the top-up runs its own).
  let topUpMinor = 0;
  if (seeded.demoBuyerId) {
    const amountMinor = demoTopUpMinor(app.config.currency);
    const { topUp } = await createTopUp(app, seeded.demoBuyerId, { amountMinor }, 'demo-seed-top-up');
    if (topUp.status === 'succeeded') topUpMinor = amountMinor;
  }
  // The demo referral agent's people, farm, their orders and link visits (its earnings are the
  // ledger's); before the delivery orders, so those of its people open pending earnings too.
  const referrals = await seedDemoReferrals(app, now);
  // Four weeks of orders, reviews, chats and a payout, before the delivery orders (ids follow time).
  const historyStarted = Date.now();
  const historyCpu = process.cpuUsage();
  const history = await seedDemoHistory(app, now, createRandom(DEMO_SEED));
  const historyCpuUsed = process.cpuUsage(historyCpu);
  const historyTimes = { historyMilliseconds: Date.now() - historyStarted, historyCpuMilliseconds: Math.round((historyCpuUsed.user + historyCpuUsed.system) / 1000) };
  // Delivery orders (open, claimed, in transit, delivered) through the real services, after the top-ups.
  const deliveryOrders = await seedDemoDeliveries(app, now);
  // Pulse Hub last: its tips are paid from the wallets funded above.
  const hub = await seedDemoHub(app, now);
  await writeDemoSeedState(app.db, 'finished');
  const { demoBuyerId: _demoBuyerId, ...counts } = seeded;
  const cpu = process.cpuUsage(cpuStarted);
  return {
    ...counts,
    deliveryOrders,
    referralOrders: referrals?.orders ?? 0,
    hubPosts: hub?.posts ?? 0,
    historyOrders: history?.orders ?? 0,
    completedHistoryOrders: history?.completedOrders ?? 0,
    reviews: history?.reviews ?? 0,
    sellerReplies: history?.sellerReplies ?? 0,
    conversations: history?.conversations ?? 0,
    messages: history?.messages ?? 0,
    payouts: history?.payouts ?? 0,
    addresses: history?.addresses ?? 0,
    ...historyTimes,
    topUpMinor,
    milliseconds: Date.now() - started,
    cpuMilliseconds: Math.round((cpu.user + cpu.system) / 1000),
  };
}
