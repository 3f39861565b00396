import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '@pulse/contract/products';
import { ZSellerProfile } from '@pulse/contract/seller-profile';
import { ZGetAgentWalletResponse } from '@pulse/contract/agents';
import { ZReferralEarningsResponse, ZReferralSummary, ZReferredPeopleResponse } from '@pulse/contract/referrals';
import { ZGetOrderDeliveryResponse, ZListMyTasksResponse, ZListOpenTasksResponse } from '@pulse/contract/delivery';
import { ZAddressListResponse } from '@pulse/contract/addresses';
import { ZListConversationsResponse } from '@pulse/contract/messages';
import { ZListNotificationsResponse } from '@pulse/contract/notifications';
import { ZOrderListResponse } from '@pulse/contract/orders';
import { ZProductListResponse } from '@pulse/contract/products';
import { ZWalletHistoryResponse, ZWalletResponse } from '@pulse/contract/wallet';
import { loadConfig, ConfigError } from '../config';
import { deliverySlots } from '../db/schema/delivery-slots';
import { productImages, products } from '../db/schema/products';
import { sellerApplications } from '../db/schema/seller-applications';
import { sellerProfilePhotos, sellerProfiles } from '../db/schema/seller-profiles';
import { uploads } from '../db/schema/uploads';
import { standingOrderCycles, standingOrders } from '../db/schema/standing-orders';
import { users } from '../db/schema/users';
import { getSellerDashboard, getSellerWallet } from '../modules/seller-dashboard/seller-dashboard-service';
import { getWalletBalances } from '../modules/wallet/ledger-service';
import { checkIntegrity, INTEGRITY_CHECKS } from '../scale/write-burst';
import { createTestApp, TEST_ENV, type TestApp } from '../testing/create-test-app';
import { bearer, nextSignUpAddress, registerTestUser } from '../testing/auth-helpers';
import { DEMO_PASSWORD } from './catalogue-data';
import { SEED_HUB_POSTS, SEED_HUB_TIPS, seedDemoHub } from './demo-hub-seed';
import { DEMO_AGENT_AMA_EMAIL, DEMO_AGENT_KOFI_EMAIL, SEED_DELIVERIES } from './demo-delivery-seed';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_WALLET, DEMO_SELLER_EMAIL, DEMO_TOP_UP_MINOR, demoTopUpMinor, seedDemoData, type DemoSeedSummary } from './demo-seed';
import { demoMinor, demoPrice, demoTipMinor } from './demo-money';
import { writeDemoSeedState } from './seed-repository';
import { DEMO_REFERRAL_ORDERS, DEMO_REFERRAL_VISITS, DEMO_REFERRED_BUYERS, DEMO_REFERRED_FARM } from './demo-referrals-seed';
import { HISTORY_BUYERS, HISTORY_DAYS, SHOWCASE_PRODUCTS } from './demo-history-seed';

describe('demo seed on an empty database', () => {
  let testApp: TestApp;
  let summary: DemoSeedSummary | null;
  const now = new Date('2026-05-04T06:30:00Z');

  beforeAll(async () => {
    // The order timers off: they run on the real clock, months after this seed's, and would
    // complete the orders the history leaves delivered.
    // In cedis, as `npm start` seeds it (the suites' other apps count in dollars).
    testApp = await createTestApp({ ORDER_TIMERS: 'off', CURRENCY: 'GHS' });
    summary = await seedDemoData(testApp.app, { now });
    console.info(`demo seed: ${JSON.stringify(summary)}`);
    // Generous: CI runs other files beside this one on two cores (the seed itself checks its CPU time);
    // 338 s were measured with nine jobs sharing two cores.
  }, 600_000);

  afterAll(async () => {
    await testApp.close();
  });

  async function count(query: string): Promise<number> {
    return Number(((await testApp.app.db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n);
  }

  /** One sign-in per account (the sign-in limit counts attempts per address). */
  const sessions = new Map<string, Record<string, string>>();
  async function signIn(email: string): Promise<Record<string, string>> {
    const known = sessions.get(email);
    if (known) return known;
    // From an address of its own: the file signs in more often than the per-address limit allows.
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: nextSignUpAddress() });
    expect(response.statusCode).toBe(200);
    const headers = bearer((response.json() as { token: string }).token);
    sessions.set(email, headers);
    return headers;
  }

  async function getAs(headers: Record<string, string>, url: string): Promise<unknown> {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as unknown;
  }

  it('sends no mail about the history it writes (its orders, payouts and applications are not news)', async () => {
    expect(await count(`select count(*) as n from mail_outbox`)).toBe(0);
  });

  it('reports what it seeded and how long it took', () => {
    expect(summary).not.toBeNull();
    // The times are reported (the start's log line and the README's figures come from them), not
    // asserted: process CPU time counts the other test files' threads on a loaded machine.
    expect(summary?.milliseconds).toBeGreaterThan(0);
    expect(summary?.cpuMilliseconds).toBeGreaterThan(0);
    expect(summary?.historyCpuMilliseconds).toBeGreaterThan(0);
    expect(summary?.sellers).toBe(8);
    expect(summary?.products).toBeGreaterThanOrEqual(200);
  });

  it('creates 200+ active products with every category represented', async () => {
    const rows = await testApp.app.db
      .select({ category: products.category, total: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.status, 'active'))
      .groupBy(products.category);
    const total = rows.reduce((sum, row) => sum + Number(row.total), 0);
    expect(total).toBeGreaterThanOrEqual(200);
    expect(rows.map((row) => row.category).sort()).toEqual([...PRODUCT_CATEGORIES].sort());
    for (const row of rows) expect(Number(row.total)).toBeGreaterThanOrEqual(5);
  });

  it('gives products believable prices, stock, origins and 1-3 images each', async () => {
    const rows = await testApp.app.db.select().from(products);
    for (const row of rows) {
      expect(row.priceMinor).toBeGreaterThan(0);
      expect(row.minOrderQuantity).toBeGreaterThanOrEqual(1);
      expect(row.originFarmName).not.toBe('');
      expect(row.originRegion).toMatch(/^[A-Z][A-Za-z ]+, [A-Z]/);
      expect(row.originLat).toBeGreaterThan(4.5);
      expect(row.originLat).toBeLessThan(11.5);
      expect(row.description.length).toBeGreaterThan(40);
    }
    expect(rows.some((row) => row.organic)).toBe(true);
    // Cedi prices (issue 23): a kilo of garden eggs is tens of cedis, on a price board's 50 pesewas.
    const gardenEggs = rows.filter((row) => row.title === 'Garden Eggs' && row.unit === 'kg');
    expect(gardenEggs.length).toBeGreaterThan(0);
    for (const row of gardenEggs) {
      expect(row.priceMinor).toBeGreaterThanOrEqual(2000);
      expect(row.priceMinor).toBeLessThanOrEqual(5500);
      expect(row.priceMinor % 50).toBe(0);
    }
    expect(rows.some((row) => !row.organic)).toBe(true);
    const perProduct = await testApp.app.db
      .select({ productId: productImages.productId, images: sql<number>`count(*)::int` })
      .from(productImages)
      .groupBy(productImages.productId);
    expect(perProduct).toHaveLength(rows.length);
    for (const row of perProduct) {
      expect(Number(row.images)).toBeGreaterThanOrEqual(1);
      expect(Number(row.images)).toBeLessThanOrEqual(3);
    }
  });

  it('stores the pictures so they are served as WebP, with a thumbnail', async () => {
    const [image] = await testApp.app.db
      .select({ storageKey: uploads.storageKey, thumbStorageKey: uploads.thumbStorageKey, width: uploads.width })
      .from(productImages)
      .innerJoin(uploads, eq(uploads.id, productImages.uploadId))
      .limit(1);
    expect(image).toBeDefined();
    for (const key of [image?.storageKey, image?.thumbStorageKey]) {
      const response = await testApp.app.inject({ method: 'GET', url: `/uploads/${key}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    expect(image?.width).toBe(800);
  });

  it('makes every farm an approved seller with a shop name, and people with Hub profiles', async () => {
    const applications = await testApp.app.db
      .select({ status: sellerApplications.status, businessName: sellerApplications.businessName, roles: users.roles })
      .from(sellerApplications)
      .innerJoin(users, eq(users.id, sellerApplications.userId));
    expect(applications).toHaveLength(8);
    for (const application of applications) {
      expect(application.status).toBe('approved');
      expect(application.roles).toContain('seller');
    }
    expect(applications.map((row) => row.businessName)).toContain('Green Valley Farm');

    const people = await testApp.app.db.select().from(users);
    for (const person of people) {
      expect(person.bio).toBeTruthy();
      expect(person.profession).toBeTruthy();
      expect(person.profilePictureUrl).toMatch(/^\/uploads\/.+\.webp$/);
    }
    expect(people.filter((person) => person.isLegacyCreator).length).toBeGreaterThanOrEqual(2);
  });

  it('gives every farm a shop with a story, its location and three of its own product pictures; the public shop page reads it', async () => {
    const shops = await testApp.app.db.select().from(sellerProfiles);
    expect(shops).toHaveLength(8);
    for (const shop of shops) {
      expect(shop.story.length).toBeGreaterThan(80);
      expect(shop.region).toMatch(/^[A-Z][A-Za-z ]+, [A-Z]/);
      expect(shop.lat).not.toBeNull();
      const response = await testApp.app.inject({ method: 'GET', url: `/api/shops/${shop.userId}` });
      expect(response.statusCode).toBe(200);
      const page = ZSellerProfile.parse(response.json());
      expect(page).toMatchObject({ shopName: shop.shopName, story: shop.story });
      expect(page.productCount).toBeGreaterThan(5);
      expect(page.photos).toHaveLength(3);
      const owners = await testApp.app.db
        .select({ owner: uploads.ownerUserId })
        .from(sellerProfilePhotos)
        .innerJoin(uploads, eq(uploads.id, sellerProfilePhotos.uploadId))
        .where(eq(sellerProfilePhotos.userId, shop.userId));
      expect(owners.map((row) => row.owner)).toEqual([shop.userId, shop.userId, shop.userId]);
    }
    expect(shops.map((shop) => shop.shopName)).toContain('Green Valley Farm');
  });

  it('lets the demo buyer and the demo seller sign in with the documented password', async () => {
    for (const email of [DEMO_BUYER_EMAIL, DEMO_SELLER_EMAIL]) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
      expect(response.statusCode).toBe(200);
    }
  });

  it("shows the demo buyer's wallet with what the README says", async () => {
    const wallet = ZWalletResponse.parse(await getAs(await signIn(DEMO_BUYER_EMAIL), '/api/wallet'));
    expect({ availableMinor: wallet.availableMinor, escrowMinor: wallet.escrowMinor }).toEqual(DEMO_BUYER_WALLET);
  });

  it('dates every order payment, release and refund with its step, so the wallets list and chart them on their days', async () => {
    // Nothing of an order's money after the seed's clock (the referral orders' releases carried the wall clock).
    expect(await count(`select count(*) as n from ledger_transactions where order_id is not null and kind <> 'escrow_release' and created_at > '${now.toISOString()}'::timestamptz`)).toBe(0);
    expect(await count(`select count(*) as n from ledger_transactions where idempotency_key like 'order-release:%' and created_at > '${now.toISOString()}'::timestamptz`)).toBe(0);
    // Each release at its order's completion.
    expect(await count(`select count(*) as n from ledger_transactions t join orders o on o.id = t.order_id where t.idempotency_key like 'order-release:%' and t.created_at <> o.completed_at`)).toBe(0);
    const history = ZWalletHistoryResponse.parse(await getAs(await signIn(DEMO_SELLER_EMAIL), '/api/wallet/history?limit=100'));
    const times = history.items.map((item) => Date.parse(item.createdAt));
    expect(times.length).toBeGreaterThan(10);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const [seller] = await testApp.app.db.select().from(users).where(eq(users.email, DEMO_SELLER_EMAIL));
    const wallet = await getSellerWallet(testApp.app, seller?.id ?? '', 0, now);
    // No order completes on the seed's day: no "Released" bar today.
    expect(wallet.series.at(-1)?.releasedMinor).toBe(0);
  });

  it("lists one line per order payment in the demo buyer's history, never two minus lines for one order", async () => {
    const history = ZWalletHistoryResponse.parse(await getAs(await signIn(DEMO_BUYER_EMAIL), '/api/wallet/history?limit=100'));
    const minusLines = new Map<string, number>();
    for (const item of history.items) {
      if (item.orderId && (item.availableChangeMinor < 0 || item.escrowChangeMinor < 0) && item.kind !== 'refund') minusLines.set(item.orderId, (minusLines.get(item.orderId) ?? 0) + 1);
    }
    expect(minusLines.size).toBeGreaterThanOrEqual(5);
    expect([...minusLines.values()].every((lines) => lines === 1)).toBe(true);
    const states = new Set(history.items.map((item) => item.payment?.status).filter(Boolean));
    expect([...states].sort()).toEqual(['held', 'paid', 'refunded']);
  });

  it("gives the demo buyer a weekly basket from the demo seller: three weekly cycles ordered and collected, the latest without a sold-out line", async () => {
    const { db } = testApp.app;
    const [buyer] = await db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    const [farm] = await db.select().from(users).where(eq(users.email, DEMO_SELLER_EMAIL));
    const rows = await db.select().from(standingOrders).where(eq(standingOrders.buyerUserId, buyer?.id ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sellerUserId: farm?.id, status: 'active', intervalWeeks: 1, fulfilment: 'pickup' });
    const cycles = await db.select().from(standingOrderCycles).where(eq(standingOrderCycles.standingOrderId, rows[0]?.id ?? '')).orderBy(standingOrderCycles.cycleDate);
    expect(cycles.map((cycle) => cycle.status)).toEqual(['placed', 'placed', 'partly_placed']);
    // A week apart, each with its own completed order of the farm, keyed as the cycle engine keys it.
    const days = cycles.map((cycle) => Date.parse(`${cycle.cycleDate}T00:00:00Z`));
    expect(days.slice(1).map((day, index) => (day - (days[index] ?? 0)) / 86_400_000)).toEqual([7, 7]);
    for (const cycle of cycles) {
      expect(await count(`select count(*) as n from orders o join checkouts c on c.id = o.checkout_id where o.id = '${cycle.orderId}' and o.status = 'completed' and o.seller_user_id = '${farm?.id}' and c.idempotency_key = 'standing-order:${rows[0]?.id}:${cycle.cycleDate}'`)).toBe(1);
    }
    expect(cycles[2]?.leftOut).toHaveLength(1);
    expect(await count(`select count(*) as n from order_items where order_id = '${cycles[2]?.orderId}'`)).toBe(2);
    expect(await count(`select count(*) as n from standing_order_lines where standing_order_id = '${rows[0]?.id}'`)).toBe(3);
  });

  it('tops up the demo buyer wallet: what its completed orders and Hub tips did not spend is available or in escrow', async () => {
    const { db } = testApp.app;
    const [buyer] = await db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    const balances = await getWalletBalances(db, buyer?.id ?? '');
    expect(balances.escrowMinor).toBeGreaterThan(0);
    expect(balances.availableMinor).toBeGreaterThan(0);
    const tipped = SEED_HUB_TIPS.filter((tip) => tip.from === 'ama_buys').reduce((sum, tip) => sum + demoTipMinor(tip.amountMinor, 'GHS'), 0);
    const toppedUp = await count(`select coalesce(sum(amount_minor), 0) as n from top_ups where status = 'succeeded' and user_id = '${buyer?.id}'`);
    // Refunded and cancelled orders gave everything back; completed ones paid the farms.
    const spent = await count(`select coalesce(sum(total_minor - refunded_minor), 0) as n from orders where status = 'completed' and buyer_user_id = '${buyer?.id}'`);
    expect(spent).toBeGreaterThan(0);
    expect(balances.availableMinor + balances.escrowMinor).toBe(toppedUp - spent - tipped);
    expect(summary?.topUpMinor).toBe(demoTopUpMinor('GHS'));
    expect(summary?.topUpMinor).toBe(300_000);
  });

  it('seeds two approved delivery agents near the farms and delivery orders at every stage of their task', async () => {
    const { app } = testApp;
    expect(summary).toMatchObject({ agents: 2, deliveryOrders: SEED_DELIVERIES.length });
    const tokens: Record<string, string> = {};
    for (const email of [DEMO_AGENT_KOFI_EMAIL, DEMO_AGENT_AMA_EMAIL]) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
      expect(response.statusCode).toBe(200);
      tokens[email] = (response.json() as { token: string }).token;
    }
    const get = async (email: string, url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: bearer(tokens[email] ?? '') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as unknown;
    };
    const kofiOpen = ZListOpenTasksResponse.parse(await get(DEMO_AGENT_KOFI_EMAIL, '/api/delivery/tasks/open'));
    expect(kofiOpen.items.length).toBeGreaterThanOrEqual(2);
    expect(kofiOpen.items.every((item) => item.dropOff.city === 'Kumasi')).toBe(true);
    const amaOpen = ZListOpenTasksResponse.parse(await get(DEMO_AGENT_AMA_EMAIL, '/api/delivery/tasks/open'));
    expect(amaOpen.items.length).toBeGreaterThanOrEqual(2);

    const kofiTasks = ZListMyTasksResponse.parse(await get(DEMO_AGENT_KOFI_EMAIL, '/api/delivery/tasks/mine?scope=all'));
    expect(kofiTasks.items.map((task) => task.status).sort()).toEqual(['claimed', 'delivered', 'in_transit']);
    const amaTasks = ZListMyTasksResponse.parse(await get(DEMO_AGENT_AMA_EMAIL, '/api/delivery/tasks/mine?scope=all'));
    expect(amaTasks.items.map((task) => task.status)).toEqual(['claimed']);
    const wallet = ZGetAgentWalletResponse.parse(await get(DEMO_AGENT_KOFI_EMAIL, '/api/agent/wallet'));
    // The delivered order's fee: in escrow, or already available when the app's order timers
    // auto-completed it (the test app runs them; the seed's clock is fixed months back).
    expect(wallet.escrowMinor + wallet.availableMinor).toBeGreaterThan(0);
    expect(wallet.deliveredCount).toBe(1);

    // The demo buyer follows the order on its way, with the agent's last position.
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD } });
    const buyerToken = (login.json() as { token: string }).token;
    const inTransit = kofiTasks.items.find((task) => task.status === 'in_transit');
    const delivery = await app.inject({ method: 'GET', url: `/api/orders/${inTransit?.orderId}/delivery`, headers: bearer(buyerToken) });
    expect(delivery.statusCode).toBe(200);
    const view = ZGetOrderDeliveryResponse.parse(delivery.json());
    expect(view.position).not.toBeNull();
    expect(view.agent?.name).toBe('kofi_rides');
  });

  it("shows the demo referral agent a real funnel on /agent-referrals: visits, two buyers and a farm, first orders, earned and pending shares of the commission", async () => {
    const { app } = testApp;
    const completed = DEMO_REFERRAL_ORDERS.filter((order) => order.complete).length;
    expect(summary?.referralOrders).toBe(DEMO_REFERRAL_ORDERS.length);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_AGENT_KOFI_EMAIL, password: DEMO_PASSWORD } });
    const headers = bearer((login.json() as { token: string }).token);
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as unknown;
    };

    const me = ZReferralSummary.parse(await get('/api/referrals/me'));
    expect(me.code).toMatch(/^KOF-[A-Z0-9]{3}$/);
    expect(me.sharePath).toBe(`/?ref=${me.code}`);
    expect(me.funnel).toEqual({ visits: DEMO_REFERRAL_VISITS, signUps: DEMO_REFERRED_BUYERS.length, farms: 1, firstOrders: 3 });

    const people = ZReferredPeopleResponse.parse(await get('/api/referrals/me/people'));
    expect(people.items.map((person) => [person.username, person.side]).sort()).toEqual([
      ['akosua_bakes', 'buyer'],
      ['ashantigold', 'farm'],
      ['yaw_gardens', 'buyer'],
    ]);
    for (const person of people.items) expect(person.firstOrderAt, person.username).not.toBeNull();
    const farm = people.items.find((person) => person.side === 'farm');
    expect(farm).toMatchObject({ farmName: 'Ashanti Gold Orchards', source: 'seller_form' });
    expect(new Date(farm?.attributedAt ?? 0).getTime()).toBe(now.getTime() - DEMO_REFERRED_FARM.daysAgo * 86_400_000);

    // One earning per order of the referred: the referral seed's own orders (earned ones are 20% of the
    // commission the ledger took, one pending), and the three delivery orders still under way that
    // involve them (yaw's and akosua's as buyers, kwame's from Ashanti Gold as farm), all pending.
    // Akosua buying from Ashanti Gold earns Kofi once, on the buyer side.
    const deliveryOrdersOfReferred = 3;
    const earnings = ZReferralEarningsResponse.parse(await get('/api/referrals/me/earnings'));
    expect(earnings.items).toHaveLength(DEMO_REFERRAL_ORDERS.length + deliveryOrdersOfReferred);
    expect(earnings.items.filter((item) => item.status === 'available')).toHaveLength(completed);
    expect(earnings.items.filter((item) => item.status === 'pending')).toHaveLength(DEMO_REFERRAL_ORDERS.length - completed + deliveryOrdersOfReferred);
    expect(earnings.items.filter((item) => item.side === 'farm').map((item) => item.referredUsername)).toEqual(['ashantigold', 'ashantigold']);
    for (const item of earnings.items) {
      expect(item.commissionMinor).toBeGreaterThan(0);
      expect(item.amountMinor).toBe(Math.floor((item.commissionMinor * 2000) / 10_000));
    }
    const sum = (status: string) => earnings.items.filter((item) => item.status === status).reduce((total, item) => total + item.amountMinor, 0);
    expect(me.earnedMinor).toBe(sum('available'));
    expect(me.pendingMinor).toBe(sum('pending'));
    expect(me.earnedMinor).toBeGreaterThan(0);
    const db = app.db;
    const ledger = (await db.execute(sql.raw("select coalesce(sum(p.amount_minor), 0)::int as n from ledger_postings p join ledger_transactions t on t.id = p.transaction_id join ledger_accounts a on a.id = p.account_id where t.kind = 'referral_earning' and a.kind = 'user_available'"))) as unknown as { rows: Array<{ n: number }> };
    expect(Number(ledger.rows[0]?.n)).toBe(me.earnedMinor);

    // The agent's wallet counts them too.
    const wallet = ZGetAgentWalletResponse.parse(await get('/api/agent/wallet'));
    expect(wallet).toMatchObject({ referralEarnedMinor: me.earnedMinor, referralPendingMinor: me.pendingMinor });
  });

  it('publishes a week of pickup and delivery slots per farm, closing 2 h before the start (past ones only for the history\'s orders)', async () => {
    const all = await testApp.app.db.select().from(deliverySlots);
    const slots = all.filter((slot) => slot.cutoffAt.getTime() > now.getTime());
    const sellers = new Set(slots.map((slot) => slot.sellerUserId));
    expect(sellers.size).toBe(8);
    expect(slots.length).toBeGreaterThanOrEqual(8 * 14);
    const past = all.filter((slot) => slot.cutoffAt.getTime() <= now.getTime());
    expect(past.length).toBeGreaterThan(10);
    const ordered = new Set(((await testApp.app.db.execute(sql.raw('select distinct slot_id from orders'))) as unknown as { rows: Array<{ slot_id: string }> }).rows.map((row) => row.slot_id));
    for (const slot of past) {
      expect(ordered.has(slot.id), slot.startsAt.toISOString()).toBe(true);
      expect(slot.startsAt.getTime()).toBeGreaterThan(now.getTime() - HISTORY_DAYS * 86_400_000);
    }
    for (const slot of slots) {
      expect(slot.startsAt.getTime() - slot.cutoffAt.getTime()).toBe(2 * 3_600_000);
      expect(slot.cutoffAt.getTime()).toBeGreaterThan(now.getTime());
      expect(slot.startsAt.getTime()).toBeLessThan(now.getTime() + 8 * 86_400_000);
    }
    expect(new Set(slots.map((slot) => slot.method))).toEqual(new Set(['pickup', 'delivery']));
  });

  it('shows in the public listing with thumbnails, and typo search finds seeded produce', async () => {
    const listing = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=12' });
    expect(listing.statusCode).toBe(200);
    const page = listing.json() as { items: Array<{ title: string; thumbUrl: string | null }> };
    expect(page.items).toHaveLength(12);
    for (const item of page.items) expect(item.thumbUrl).toMatch(/^\/uploads\/.+-thumb\.webp$/);
    const search = await testApp.app.inject({ method: 'GET', url: '/api/products?q=tomatos' });
    const found = search.json() as { items: Array<{ title: string }> };
    expect(found.items.map((item) => item.title)).toContain('Roma Tomatoes');
  });

  it('brings Pulse Hub to life: posts with photos and products, threads, likes, follows, tips and an open report, counters matching the rows', async () => {
    const { db } = testApp.app;
    expect(summary?.hubPosts).toBe(SEED_HUB_POSTS.length);
    const count = async (query: string) => Number(((await db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n);
    expect(await count('select count(*) as n from hub_posts')).toBe(SEED_HUB_POSTS.length);
    expect(await count('select count(distinct post_id) as n from hub_post_images')).toBeGreaterThanOrEqual(5);
    expect(await count('select count(distinct post_id) as n from hub_post_products')).toBeGreaterThanOrEqual(5);
    // Post photos are the author's own uploads.
    expect(await count('select count(*) as n from hub_post_images i join hub_posts p on p.id = i.post_id join uploads u on u.id = i.upload_id where u.owner_user_id <> p.author_user_id')).toBe(0);
    expect(await count('select count(*) as n from hub_comments where parent_id is not null')).toBeGreaterThanOrEqual(5);
    expect(await count('select count(*) as n from hub_comments where reply_to_user_id is not null')).toBeGreaterThanOrEqual(1);
    expect(await count('select count(*) as n from hub_follows')).toBeGreaterThanOrEqual(15);
    expect(await count("select count(*) as n from hub_reports where status = 'open'")).toBe(1);
    expect(await count('select count(*) as n from hub_tips')).toBe(SEED_HUB_TIPS.length);
    expect(await count("select count(*) as n from ledger_transactions where kind = 'tip'")).toBe(SEED_HUB_TIPS.length);
    expect(await count('select coalesce(sum(amount_minor), 0) as n from ledger_postings')).toBe(0);
    // Counters equal the rows behind them.
    expect(await count('select count(*) as n from hub_posts p where p.like_count <> (select count(*) from hub_post_likes l where l.post_id = p.id)')).toBe(0);
    expect(await count('select count(*) as n from hub_posts p where p.comment_count <> (select count(*) from hub_comments c where c.post_id = p.id and c.deleted_at is null)')).toBe(0);
    expect(await count('select count(*) as n from hub_posts p where p.tip_total_minor <> (select coalesce(sum(amount_minor), 0) from hub_tips t where t.post_id = p.id)')).toBe(0);
    expect(await count('select count(*) as n from hub_comments c where c.like_count <> (select count(*) from hub_comment_likes l where l.comment_id = c.id)')).toBe(0);
    expect(await count('select count(*) as n from users where is_legacy_creator and bio is not null and profession is not null')).toBeGreaterThanOrEqual(2);
    // The newest posts are of the last hours, the oldest of the last days.
    expect(await count(`select count(*) as n from hub_posts where created_at > '${now.toISOString()}'::timestamptz`)).toBe(0);
    expect(await count(`select count(*) as n from hub_posts where created_at < '${new Date(now.getTime() - 7 * 86_400_000).toISOString()}'::timestamptz`)).toBe(0);
    // Idempotent: a second run writes nothing.
    expect(await seedDemoHub(testApp.app, now)).toBeNull();
    expect(await count('select count(*) as n from hub_tips')).toBe(SEED_HUB_TIPS.length);
  });

  it('keeps every integrity rule of the crash test after four weeks of history: ledger balanced, orders whole, reserved stock = open orders', async () => {
    expect(summary?.historyOrders).toBeGreaterThanOrEqual(20);
    const found = await checkIntegrity(count);
    expect(Object.keys(found)).toHaveLength(Object.keys(INTEGRITY_CHECKS).length);
    expect(found).toEqual(Object.fromEntries(Object.keys(INTEGRITY_CHECKS).map((rule) => [rule, 0])));
    // The history's money moved through the services' ledger kinds only.
    expect(await count("select count(*) as n from ledger_transactions where kind not in ('top_up', 'order_payment', 'escrow_release', 'refund', 'payout', 'tip', 'referral_earning')")).toBe(0);
  });

  it("shows the demo seller's dashboard sales today and this month, a 30-day chart with bars and orders waiting to be accepted and prepared", async () => {
    const [seller] = await testApp.app.db.select().from(users).where(eq(users.email, DEMO_SELLER_EMAIL));
    const dashboard = await getSellerDashboard(testApp.app, seller?.id ?? '', 0, now);
    expect(dashboard.sales.today.orderCount).toBeGreaterThanOrEqual(2);
    expect(dashboard.sales.today.salesMinor).toBeGreaterThan(0);
    expect(dashboard.sales.month.orderCount).toBeGreaterThanOrEqual(dashboard.sales.today.orderCount);
    expect(dashboard.series.filter((day) => day.salesMinor > 0).length).toBeGreaterThanOrEqual(10);
    expect(dashboard.actionQueues.paid.count).toBeGreaterThanOrEqual(2);
    expect(dashboard.actionQueues.accepted.count).toBeGreaterThanOrEqual(1);
  });

  it("shows the demo seller's wallet with money available, money in escrow and a completed payout a week ago", async () => {
    const [seller] = await testApp.app.db.select().from(users).where(eq(users.email, DEMO_SELLER_EMAIL));
    const wallet = await getSellerWallet(testApp.app, seller?.id ?? '', 0, now);
    expect(wallet.availableMinor).toBeGreaterThan(0);
    expect(wallet.pendingMinor).toBeGreaterThan(0);
    expect(wallet.paidOutMinor).toBeGreaterThan(0);
    expect(wallet.payoutDestination).toMatch(/MTN/);
    expect(wallet.series.filter((day) => day.releasedMinor > 0).length).toBeGreaterThanOrEqual(8);
    expect(wallet.series.filter((day) => day.paidOutMinor > 0)).toHaveLength(1);
    const payouts = (await getAs(await signIn(DEMO_SELLER_EMAIL), '/api/wallet/payouts')) as { items: Array<{ status: string; amountMinor: number }> };
    expect(payouts.items.map((payout) => payout.status)).toEqual(['succeeded']);
    expect(summary?.payouts).toBe(1);
  });

  it("lists the demo buyer's orders under way, delivered, completed, refunded and cancelled, newest first", async () => {
    const page = ZOrderListResponse.parse(await getAs(await signIn(DEMO_BUYER_EMAIL), '/api/orders?role=buyer&limit=50'));
    const statuses = new Set(page.items.map((order) => order.status));
    for (const status of ['paid', 'accepted', 'ready', 'in_transit', 'delivered', 'completed', 'refunded', 'cancelled'] as const) expect(statuses, status).toContain(status);
    expect(page.items.filter((order) => order.status === 'completed').length).toBeGreaterThanOrEqual(4);
    const placed = page.items.map((order) => Date.parse(order.createdAt));
    expect(placed).toEqual([...placed].sort((a, b) => b - a));
    expect(placed.at(-1)).toBeGreaterThan(now.getTime() - HISTORY_DAYS * 86_400_000);
  });

  it('shows stars on most cards of the first listing page, a few farm answers, and sold-out products after the rest', async () => {
    const page = ZProductListResponse.parse(await getAs({}, `/api/products?limit=${SHOWCASE_PRODUCTS}`));
    const unrated = page.items.filter((item) => item.ratingCount === 0).map((item) => `${item.title} (${item.farmName})`);
    // A few unrated products are real (Kofi's referred farm is not part of the history); 12 of 24 were not.
    expect(unrated.length, `unrated among the first ${SHOWCASE_PRODUCTS}: ${unrated.join(', ')}`).toBeLessThanOrEqual(4);
    expect(page.items[0]?.availableQuantity).toBeGreaterThan(0);
    expect(summary?.reviews).toBeGreaterThanOrEqual(10);
    expect(await count('select count(*) as n from reviews where seller_reply is not null')).toBe(summary?.sellerReplies);
    expect(summary?.sellerReplies).toBeGreaterThanOrEqual(3);
    expect(await count(`select count(*) as n from reviews where created_at > '${now.toISOString()}'::timestamptz or seller_replied_at > '${now.toISOString()}'::timestamptz`)).toBe(0);
    const everything = ZProductListResponse.parse(await getAs({}, '/api/products?limit=60&inStock=false'));
    expect(everything.items.length).toBeGreaterThan(0);
  });

  it('leaves chats with unread messages for the demo buyer and the demo seller, and notifications (some unread) dated with the history', async () => {
    for (const email of [DEMO_BUYER_EMAIL, DEMO_SELLER_EMAIL]) {
      const headers = await signIn(email);
      const chats = ZListConversationsResponse.parse(await getAs(headers, '/api/conversations'));
      expect(chats.items.length, email).toBeGreaterThanOrEqual(2);
      const unread = (await getAs(headers, '/api/messages/unread/count')) as { unreadCount: number };
      expect(unread.unreadCount, email).toBeGreaterThanOrEqual(1);
      const notifications = ZListNotificationsResponse.parse(await getAs(headers, '/api/notifications?source=marketplace&limit=50'));
      expect(notifications.unread, email).toBeGreaterThan(0);
      expect(notifications.total - notifications.unread, email).toBeGreaterThan(0);
    }
    expect(summary?.conversations).toBeGreaterThanOrEqual(3);
    // The history's notifications carry their event's time, not the seed's run.
    expect(await count(`select count(*) as n from notifications where created_at < '${new Date(now.getTime() - 7 * 86_400_000).toISOString()}'::timestamptz`)).toBeGreaterThan(10);
  });

  it('gives every demo buyer a saved default address with coordinates near the farms', async () => {
    const people = await testApp.app.db.select({ email: users.email }).from(users).where(sql`${users.roles} = array['buyer']::text[]`);
    expect(people.length).toBe(6);
    expect(summary?.addresses).toBe(6);
    for (const { email } of people) {
      const list = ZAddressListResponse.parse(await getAs(await signIn(email), '/api/addresses'));
      const home = list.items.find((address) => address.isDefault);
      expect(home, email).toBeDefined();
      expect(home?.lat).toBeGreaterThan(5);
      expect(home?.lat).toBeLessThan(7);
      expect(home?.lng).toBeLessThan(0);
    }
    for (const email of HISTORY_BUYERS) expect(email).toMatch(/@demo\.pulse\.market$/);
  });

  it('lets a newly registered account start clean: no orders, chats, notifications, addresses or money', async () => {
    const newcomer = await registerTestUser(testApp.app);
    const headers = bearer(newcomer.token);
    expect(ZOrderListResponse.parse(await getAs(headers, '/api/orders?role=buyer')).items).toEqual([]);
    expect(ZListConversationsResponse.parse(await getAs(headers, '/api/conversations')).items).toEqual([]);
    expect(ZListNotificationsResponse.parse(await getAs(headers, '/api/notifications')).total).toBe(0);
    expect(ZAddressListResponse.parse(await getAs(headers, '/api/addresses')).items).toEqual([]);
    const wallet = ZWalletResponse.parse(await getAs(headers, '/api/wallet'));
    expect(wallet.availableMinor + wallet.escrowMinor).toBe(0);
  });

  it('does nothing the second time (the database has users)', async () => {
    const before = await testApp.app.db.select({ total: sql<number>`count(*)::int` }).from(products);
    const again = await seedDemoData(testApp.app);
    expect(again).toBeNull();
    const after = await testApp.app.db.select({ total: sql<number>`count(*)::int` }).from(products);
    expect(Number(after[0]?.total)).toBe(Number(before[0]?.total));
  });
});

describe('demo seed on a database that already has users', () => {
  it('is skipped and writes nothing', async () => {
    const testApp = await createTestApp();
    try {
      await registerTestUser(testApp.app);
      const result = await seedDemoData(testApp.app);
      expect(result).toBeNull();
      const [row] = await testApp.app.db.select({ total: sql<number>`count(*)::int` }).from(products);
      expect(Number(row?.total)).toBe(0);
    } finally {
      await testApp.close();
    }
  });
});

describe('demo seed after an interrupted one', () => {
  it('leaves the database alone when someone signed up since, and says so', async () => {
    const testApp = await createTestApp();
    try {
      // What a seed killed after its catalogue leaves, plus an account of a start with SEED_DEMO=false.
      await writeDemoSeedState(testApp.app.db, 'started');
      await registerTestUser(testApp.app);
      expect(await seedDemoData(testApp.app)).toBeNull();
      const [row] = await testApp.app.db.select({ total: sql<number>`count(*)::int` }).from(users);
      expect(Number(row?.total)).toBe(1);
    } finally {
      await testApp.close();
    }
  });
});

describe('SEED_DEMO', () => {
  it('is on by default and off with SEED_DEMO=false', () => {
    expect(loadConfig(TEST_ENV).seedDemo).toBe(true);
    expect(loadConfig({ ...TEST_ENV, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...TEST_ENV, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses anything but true or false, naming the variable', () => {
    expect(() => loadConfig({ ...TEST_ENV, SEED_DEMO: 'no' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...TEST_ENV, SEED_DEMO: 'no' })).toThrow('SEED_DEMO must be true or false');
  });
});

describe('demo money in the deployment currency', () => {
  it('keeps the dollar figures in dollars and scales them to cedis and CFA francs', () => {
    expect(demoPrice(283, 'USD')).toBe(285);
    expect(demoPrice(7, 'USD')).toBe(7);
    expect(demoPrice(283, 'GHS')).toBe(3400);
    expect(demoPrice(60, 'GHS')).toBe(720);
    expect(demoPrice(7, 'GHS')).toBe(84);
    expect(demoPrice(283, 'XOF')).toBe(1700);
    expect(demoMinor(DEMO_TOP_UP_MINOR, 'USD', 100)).toBe(25_000);
    expect(demoTopUpMinor('GHS')).toBe(300_000);
    expect(demoTipMinor(200, 'GHS')).toBe(2000);
    expect(demoTipMinor(200, 'USD')).toBe(200);
  });
});
