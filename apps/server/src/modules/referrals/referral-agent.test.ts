import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGENT_PENDING_MESSAGE, type TGetAgentWalletResponse } from '@pulse/contract/agents';
import {
  REFERRAL_CODE_SHAPE,
  REFERRAL_NOT_REFERRAL_AGENT_MESSAGE,
  ZReferralEarningsResponse,
  ZReferralSummary,
  ZReferredPeopleResponse,
  type TReferralEarning,
  type TReferredPerson,
} from '@pulse/contract/referrals';
import { referralAttributions, referralVisits } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createApprovedAgent } from '../agents/testing/agent-fixtures';
import { act, createBuyer, createSeller, getOrder, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';
import { attributeFarm } from './referral-attribution-service';
import { orderNumberOf } from './referral-earnings-service';
import { createReferralAgent, signUpReferredBuyer, type TestReferralAgent } from './testing/referral-fixtures';

let testApp: TestApp;
let agent: TestReferralAgent;
let otherAgent: TestReferralAgent;
let earnedBuyer: TestUser;
let quietBuyer: TestUser;
let voidedBuyer: TestUser;
let farm: TestUser;
let completedOrderId: string;
let pendingOrderId: string;

const ROUTES = ['/api/referrals/me', '/api/referrals/me/people', '/api/referrals/me/earnings'];

/** A buyer who signed up through the agent's code (side buyer). */
async function referredBuyer(agentUser: TestReferralAgent): Promise<TestUser> {
  const signed = await signUpReferredBuyer(testApp.app, agentUser.code);
  return { id: signed.user.id, token: signed.token, username: signed.user.username };
}

/** A farm (approved seller) that typed the agent's code in its seller application (side farm). */
async function referredFarm(agentUser: TestReferralAgent, shopName: string): Promise<TestUser> {
  const seller = await createSeller(testApp.app, shopName);
  const [row] = await testApp.app.db.select().from(users).where(eq(users.id, seller.id));
  if (!row || !(await attributeFarm(testApp.app.db, testApp.config, row, agentUser.code, { accountNumber: '0209990000' }))) throw new Error('farm not attributed');
  return seller;
}

function shareOf(subtotalMinor: number): number {
  const { commissionBps, referrals } = testApp.config;
  return Math.floor((Math.floor((subtotalMinor * commissionBps) / 10_000) * referrals.shareBps) / 10_000);
}

async function mustAct(user: TestUser, orderId: string, body: Record<string, unknown>): Promise<void> {
  const response = await act(testApp.app, user, orderId, body);
  if (response.statusCode !== 200) throw new Error(`${String(body.action)}: ${response.statusCode} ${response.body}`);
}

async function get(user: TestUser | null, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
}

/** Every page of a list, following nextCursor with `limit`. */
async function allPages<Item>(user: TestUser, path: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const response = await get(user, `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: Item[]; nextCursor: string | null };
    expect(body.items.length).toBeLessThanOrEqual(limit);
    items.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  const { app } = testApp;
  agent = await createReferralAgent(app);
  otherAgent = await createReferralAgent(app, { kind: 'both' });
  const otherFarm = await createSeller(app, 'Market Farm');

  earnedBuyer = await referredBuyer(agent);
  quietBuyer = await referredBuyer(agent);
  voidedBuyer = await referredBuyer(agent);
  await app.db.update(referralAttributions).set({ voidedAt: new Date(), voidReason: 'Same household' }).where(eq(referralAttributions.referredUserId, voidedBuyer.id));
  farm = await referredFarm(agent, 'Sunrise Farm');
  // Another agent's people and visits never show here.
  await referredBuyer(otherAgent);
  await app.db.insert(referralVisits).values([
    ...[1, 2, 3].map((index) => ({ agentUserId: agent.id, visitorKey: `browser-${index}`, ipKey: 'ip-1' })),
    { agentUserId: otherAgent.id, visitorKey: 'browser-9', ipKey: 'ip-9' },
  ]);

  // The referred buyer's order completes (earned); a stranger's order at the referred farm is paid (pending);
  // the voided buyer's paid order neither counts nor earns.
  const completed = (await placePaidOrder(app, { buyer: earnedBuyer, seller: otherFarm, quantity: 4, priceMinor: 2_499 })).order;
  completedOrderId = completed.id;
  await mustAct(otherFarm, completed.id, { action: 'accept' });
  await mustAct(otherFarm, completed.id, { action: 'mark_ready' });
  await mustAct(otherFarm, completed.id, { action: 'hand_over', confirmationCode: (await getOrder(app, earnedBuyer, completed.id)).confirmationCode });
  await mustAct(earnedBuyer, completed.id, { action: 'confirm_receipt' });
  pendingOrderId = (await placePaidOrder(app, { seller: farm, quantity: 2, priceMinor: 3_000 })).order.id;
  await placePaidOrder(app, { buyer: voidedBuyer, seller: otherFarm, quantity: 1, priceMinor: 5_000 });
});

afterAll(async () => {
  await testApp.close();
});

describe('who may see the referral pages', () => {
  it('refuses a visitor (401), a pending agent (403, as on the other agent pages), a delivery-only agent and a buyer (403)', async () => {
    const pending = await createApprovedAgent(testApp.app, { kind: 'referral', status: 'pending' });
    const delivery = await createApprovedAgent(testApp.app, { kind: 'delivery' });
    const buyer = await createBuyer(testApp.app);
    for (const url of ROUTES) {
      expect((await get(null, url)).statusCode).toBe(401);
      const pendingResponse = await get(pending, url);
      expect(pendingResponse.statusCode).toBe(403);
      expect(pendingResponse.json().error.message).toBe(AGENT_PENDING_MESSAGE);
      for (const user of [delivery, buyer]) {
        const response = await get(user, url);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(REFERRAL_NOT_REFERRAL_AGENT_MESSAGE);
      }
    }
  });

  it('answers a bad cursor or query with 400, never 500', async () => {
    for (const path of ['/api/referrals/me/people', '/api/referrals/me/earnings']) {
      for (const query of ['cursor=garbage', 'cursor=2026-01-01T00:00:00.000000Z_not-a-uuid', `cursor=${'x'.repeat(300)}`, 'limit=0', 'limit=abc']) {
        const response = await get(agent, `${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
      }
    }
    expect((await get(agent, '/api/referrals/me?offsetMinutes=5000')).statusCode).toBe(400);
  });
});

describe('GET /api/referrals/me', () => {
  it('gives the code, the share link, the funnel and the earnings', async () => {
    const response = await get(agent, '/api/referrals/me');
    expect(response.statusCode, response.body).toBe(200);
    const summary = ZReferralSummary.parse(response.json());
    // The code the agent got at approval, in the shape people read aloud.
    expect(summary.code).toBe(agent.code);
    expect(summary.code).toMatch(REFERRAL_CODE_SHAPE);
    expect(summary.sharePath).toBe(`/?ref=${summary.code}`);
    const { referrals, currency } = testApp.config;
    expect(summary).toMatchObject({
      currency,
      shareBps: referrals.shareBps,
      buyerDays: referrals.buyerDays,
      sellerDays: referrals.sellerDays,
      windowDays: referrals.windowDays,
      // The voided sign-up is out; the quiet buyer has no order yet.
      funnel: { visits: 3, signUps: 2, farms: 1, firstOrders: 2 },
      earnedMinor: shareOf(9_996),
      pendingMinor: shareOf(6_000),
      todayMinor: shareOf(9_996),
      monthMinor: shareOf(9_996),
    });
    expect(summary.series).toHaveLength(30);
    expect(summary.series.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), earnedMinor: shareOf(9_996) });
    expect(summary.series.slice(0, -1).every((day) => day.earnedMinor === 0)).toBe(true);

    // The same code every time.
    expect((await get(agent, '/api/referrals/me')).json()).toMatchObject({ code: summary.code });
  });

  it("counts the days in the viewer's offset", async () => {
    for (const offsetMinutes of [-600, 840]) {
      const summary = ZReferralSummary.parse((await get(agent, `/api/referrals/me?offsetMinutes=${offsetMinutes}`)).json());
      const today = new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(0, 10);
      expect(summary.series.at(-1)).toEqual({ date: today, earnedMinor: shareOf(9_996) });
      expect(summary.todayMinor).toBe(shareOf(9_996));
    }
  });

  it("shows another agent only its own figures", async () => {
    const summary = ZReferralSummary.parse((await get(otherAgent, '/api/referrals/me')).json());
    expect(summary.funnel).toEqual({ visits: 1, signUps: 1, farms: 0, firstOrders: 0 });
    expect(summary).toMatchObject({ earnedMinor: 0, pendingMinor: 0, todayMinor: 0 });
    const mine = ZReferralSummary.parse((await get(agent, '/api/referrals/me')).json());
    expect(summary.code).not.toBe(mine.code);
  });
});

describe('GET /api/referrals/me/people', () => {
  it('lists the people and farms the agent referred, newest first, page by page', async () => {
    const first = ZReferredPeopleResponse.parse((await get(agent, '/api/referrals/me/people')).json());
    expect(first.nextCursor).toBeNull();
    const people = await allPages<TReferredPerson>(agent, '/api/referrals/me/people', 1);
    expect(people).toEqual(first.items);
    expect(people.map((person) => person.username)).toEqual([farm.username, voidedBuyer.username, quietBuyer.username, earnedBuyer.username]);

    const byName = new Map(people.map((person) => [person.username, person]));
    expect(byName.get(earnedBuyer.username)).toMatchObject({ side: 'buyer', source: 'signup', state: 'active', farmName: null, orderCount: 1, earnedMinor: shareOf(9_996), pendingMinor: 0 });
    expect(byName.get(earnedBuyer.username)?.firstOrderAt).not.toBeNull();
    expect(byName.get(quietBuyer.username)).toMatchObject({ state: 'active', firstOrderAt: null, orderCount: 0, earnedMinor: 0, pendingMinor: 0 });
    expect(byName.get(voidedBuyer.username)).toMatchObject({ state: 'void', orderCount: 1, earnedMinor: 0, pendingMinor: 0 });
    expect(byName.get(farm.username)).toMatchObject({ side: 'farm', source: 'seller_form', farmName: 'Sunrise Farm', orderCount: 1, earnedMinor: 0, pendingMinor: shareOf(6_000) });
  });

  it("never shows another agent's people", async () => {
    const people = await allPages<TReferredPerson>(otherAgent, '/api/referrals/me/people', 5);
    expect(people).toHaveLength(1);
    expect(people.map((person) => person.username)).not.toContain(earnedBuyer.username);
  });
});

describe('GET /api/referrals/me/earnings', () => {
  it('lists one row per order, newest first, page by page', async () => {
    const first = ZReferralEarningsResponse.parse((await get(agent, '/api/referrals/me/earnings')).json());
    const earnings = await allPages<TReferralEarning>(agent, '/api/referrals/me/earnings', 1);
    expect(earnings).toEqual(first.items);
    expect(earnings).toMatchObject([
      { orderNumber: orderNumberOf(pendingOrderId), side: 'farm', referredUsername: farm.username, status: 'pending', amountMinor: shareOf(6_000), settledAt: null },
      { orderNumber: orderNumberOf(completedOrderId), side: 'buyer', referredUsername: earnedBuyer.username, status: 'available', amountMinor: shareOf(9_996) },
    ]);
    expect(await allPages<TReferralEarning>(otherAgent, '/api/referrals/me/earnings', 5)).toEqual([]);
  });
});

describe('GET /api/agent/wallet', () => {
  it('shows the referral figures to a referral agent and zeros to a delivery-only agent', async () => {
    const wallet = (await get(agent, '/api/agent/wallet?tzOffsetMinutes=0')).json() as TGetAgentWalletResponse;
    expect(wallet).toMatchObject({ availableMinor: shareOf(9_996), referralEarnedMinor: shareOf(9_996), referralPendingMinor: shareOf(6_000) });
    // What the agent earned today counts the referral earning beside fee releases (the dashboard's figures and chart).
    expect(wallet).toMatchObject({ todayMinor: shareOf(9_996), monthMinor: shareOf(9_996) });
    expect(wallet.series.at(-1)?.releasedMinor).toBe(shareOf(9_996));
    const delivery = await createApprovedAgent(testApp.app, { kind: 'delivery' });
    const deliveryWallet = (await get(delivery, '/api/agent/wallet?tzOffsetMinutes=0')).json() as TGetAgentWalletResponse;
    expect(deliveryWallet).toMatchObject({ referralEarnedMinor: 0, referralPendingMinor: 0 });
  });
});
