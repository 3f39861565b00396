import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TGetAgentWalletResponse } from '@pulse/contract/agents';
import type { TReferralEarning, TReferralEarningsResponse } from '@pulse/contract/referrals';
import type { TWalletHistoryResponse } from '@pulse/contract/wallet';
import { referralAttributions } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { act, balances, createBuyer, createSeller, getOrder, ledgerTotal, placePaidOrder, platformBalance, type TestUser } from '../orders/testing/order-fixtures';
import { attributeFarm } from './referral-attribution-service';
import { orderNumberOf } from './referral-earnings-service';
import { createReferralAgent, findAttributionOf, signUpReferredBuyer, type TestReferralAgent } from './testing/referral-fixtures';

let testApp: TestApp;

/** A buyer who signed up through the agent's code (side buyer); returns the user and the attribution's id. */
async function referredBuyer(agent: TestReferralAgent): Promise<TestUser & { attributionId: string }> {
  const signed = await signUpReferredBuyer(testApp.app, agent.code);
  const attribution = await findAttributionOf(testApp.app, signed.user.id, 'buyer');
  if (!attribution) throw new Error('buyer not attributed');
  return { id: signed.user.id, token: signed.token, username: signed.user.username, attributionId: attribution.id };
}

/** A farm (approved seller) that typed the agent's code in its seller application (side farm). */
async function referredFarm(agent: TestReferralAgent, shopName: string): Promise<TestUser> {
  const seller = await createSeller(testApp.app, shopName);
  const [row] = await testApp.app.db.select().from(users).where(eq(users.id, seller.id));
  if (!row || !(await attributeFarm(testApp.app.db, testApp.config, row, agent.code, { accountNumber: '0209990000' }))) throw new Error('farm not attributed');
  return seller;
}

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});

afterAll(async () => {
  await testApp.close();
});

/** What the agent earns on an order whose produce part is `subtotal`: the share of the commission, each rounded down. */
function shareOf(subtotalMinor: number): number {
  const { commissionBps, referrals } = testApp.config;
  return Math.floor((Math.floor((subtotalMinor * commissionBps) / 10_000) * referrals.shareBps) / 10_000);
}

async function mustAct(user: TestUser, orderId: string, body: Record<string, unknown>): Promise<void> {
  const response = await act(testApp.app, user, orderId, body);
  if (response.statusCode !== 200) throw new Error(`${String(body.action)}: ${response.statusCode} ${response.body}`);
}

/** A paid pickup order through accept, ready and the hand-over at the farm: delivered. */
async function deliver(buyer: TestUser, seller: TestUser, orderId: string): Promise<void> {
  await mustAct(seller, orderId, { action: 'accept' });
  await mustAct(seller, orderId, { action: 'mark_ready' });
  const code = (await getOrder(testApp.app, buyer, orderId)).confirmationCode;
  await mustAct(seller, orderId, { action: 'hand_over', confirmationCode: code });
}

async function complete(buyer: TestUser, seller: TestUser, orderId: string): Promise<void> {
  await deliver(buyer, seller, orderId);
  await mustAct(buyer, orderId, { action: 'confirm_receipt' });
}

async function earningsOf(agent: TestUser): Promise<TReferralEarning[]> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/referrals/me/earnings?limit=50', headers: bearer(agent.token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TReferralEarningsResponse).items;
}

async function agentWallet(agent: TestUser): Promise<TGetAgentWalletResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/agent/wallet?tzOffsetMinutes=0', headers: bearer(agent.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TGetAgentWalletResponse;
}

/** The referral_earning ledger movements of an order (count and what reached the agents). */
async function postedFor(orderId: string): Promise<{ count: number; toAgents: number }> {
  const result = (await testApp.app.db.execute(sql`
    select count(distinct t.id)::int as count, coalesce(sum(p.amount_minor) filter (where a.kind = 'user_available'), 0) as to_agents
    from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
    where t.kind = 'referral_earning' and t.order_id = ${orderId}`)) as unknown as { rows: Array<{ count: number; to_agents: string | number }> };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), toAgents: Number(row?.to_agents ?? 0) };
}

async function referralAgent(kind: 'referral' | 'both' = 'referral'): Promise<TestReferralAgent> {
  return createReferralAgent(testApp.app, { kind });
}

describe('a referred buyer', () => {
  it('opens a pending earning at payment and posts the share of the commission at completion', async () => {
    const { app } = testApp;
    const agent = await referralAgent();
    const buyer = await referredBuyer(agent);
    const seller = await createSeller(app, 'Referral Farm');
    const commissionBefore = await platformBalance(app, 'platform_commission');

    // 4 kg x 24.99 = 99.96
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 4, priceMinor: 2_499 });
    const share = shareOf(9_996);
    expect(share).toBeGreaterThan(0);
    const [pending] = await earningsOf(agent);
    expect(pending).toMatchObject({
      orderNumber: orderNumberOf(order.id),
      side: 'buyer',
      referredUsername: buyer.username,
      status: 'pending',
      amountMinor: share,
      settledAt: null,
    });
    expect(await agentWallet(agent)).toMatchObject({ availableMinor: 0, referralPendingMinor: share, referralEarnedMinor: 0 });
    expect(await postedFor(order.id)).toEqual({ count: 0, toAgents: 0 });

    await complete(buyer, seller, order.id);
    const [earned] = await earningsOf(agent);
    expect(earned).toMatchObject({ status: 'available', amountMinor: share, commissionMinor: Math.floor((9_996 * testApp.config.commissionBps) / 10_000) });
    expect(earned?.settledAt).not.toBeNull();
    expect(await agentWallet(agent)).toMatchObject({ availableMinor: share, referralPendingMinor: 0, referralEarnedMinor: share });
    expect(await postedFor(order.id)).toEqual({ count: 1, toAgents: share });
    // The platform keeps its commission less the agent's share.
    const commission = Math.floor((9_996 * testApp.config.commissionBps) / 10_000);
    expect((await platformBalance(app, 'platform_commission')) - commissionBefore).toBe(commission - share);

    const history = await app.inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(agent.token) });
    const entry = (history.json() as TWalletHistoryResponse).items.find((item) => item.kind === 'referral_earning');
    expect(entry).toMatchObject({ availableChangeMinor: share, orderId: order.id, memo: `Referral earning · order ${orderNumberOf(order.id)} (@${buyer.username})` });
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('earns nothing on a cancelled paid order, nor on a refunded one: the pending earning is reversed', async () => {
    const { app } = testApp;
    const agent = await referralAgent();
    const buyer = await referredBuyer(agent);
    const seller = await createSeller(app, 'Cancel Farm');

    const cancelled = (await placePaidOrder(app, { buyer, seller, quantity: 4, priceMinor: 2_000 })).order;
    await mustAct(buyer, cancelled.id, { action: 'cancel' });
    const refunded = (await placePaidOrder(app, { buyer, seller, quantity: 2, priceMinor: 3_000 })).order;
    await deliver(buyer, seller, refunded.id);
    await mustAct(buyer, refunded.id, { action: 'request_refund', reason: 'The tomatoes were rotten' });
    await mustAct(seller, refunded.id, { action: 'approve_refund' });

    const items = await earningsOf(agent);
    expect(items.map((item) => [item.orderNumber, item.status])).toEqual([
      [orderNumberOf(refunded.id), 'reversed'],
      [orderNumberOf(cancelled.id), 'reversed'],
    ]);
    // The expected figures stay for display.
    expect(items[0]).toMatchObject({ amountMinor: shareOf(6_000) });
    expect(items.every((item) => item.settledAt !== null)).toBe(true);
    expect(await postedFor(cancelled.id)).toEqual({ count: 0, toAgents: 0 });
    expect(await postedFor(refunded.id)).toEqual({ count: 0, toAgents: 0 });
    expect(await agentWallet(agent)).toMatchObject({ availableMinor: 0, referralPendingMinor: 0, referralEarnedMinor: 0 });
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('earns on what was really sold: a final weight that lowers the subtotal lowers the earning', async () => {
    const { app } = testApp;
    const agent = await referralAgent();
    const buyer = await referredBuyer(agent);
    const seller = await createSeller(app, 'Weighing Farm');
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 2, priceMinor: 3_333, unit: 'kg' });
    expect((await earningsOf(agent))[0]).toMatchObject({ status: 'pending', amountMinor: shareOf(6_666) });

    await mustAct(seller, order.id, { action: 'accept' });
    const itemId = (await getOrder(app, seller, order.id)).items[0]?.id ?? '';
    const weighed = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/final-weights`, headers: bearer(seller.token), payload: { items: [{ itemId, finalQuantity: 1 }] } });
    expect(weighed.statusCode, weighed.body).toBe(200);
    await mustAct(seller, order.id, { action: 'mark_ready' });
    await mustAct(seller, order.id, { action: 'hand_over', confirmationCode: (await getOrder(app, buyer, order.id)).confirmationCode });
    await mustAct(buyer, order.id, { action: 'confirm_receipt' });

    expect(shareOf(3_333)).toBeLessThan(shareOf(6_666));
    expect((await earningsOf(agent))[0]).toMatchObject({ status: 'available', amountMinor: shareOf(3_333), commissionMinor: Math.floor((3_333 * testApp.config.commissionBps) / 10_000) });
    expect((await balances(app, agent.id)).availableMinor).toBe(shareOf(3_333));
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('earns nothing on an order paid after the window (earns_until) has passed', async () => {
    const { app } = testApp;
    const agent = await referralAgent();
    const buyer = await referredBuyer(agent);
    await app.db.update(referralAttributions).set({ earnsUntil: new Date(Date.now() - 60_000) }).where(eq(referralAttributions.id, buyer.attributionId));
    const seller = await createSeller(app, 'Late Farm');
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 4, priceMinor: 2_499 });
    await complete(buyer, seller, order.id);
    expect(await earningsOf(agent)).toEqual([]);
    expect(await postedFor(order.id)).toEqual({ count: 0, toAgents: 0 });
  });

  it('reverses a pending earning at completion when the attribution was voided meanwhile, and later orders earn nothing', async () => {
    const { app } = testApp;
    const agent = await referralAgent();
    const buyer = await referredBuyer(agent);
    const seller = await createSeller(app, 'Void Farm');
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 4, priceMinor: 2_499 });
    expect((await earningsOf(agent))[0]?.status).toBe('pending');

    await app.db.update(referralAttributions).set({ voidedAt: new Date(), voidReason: 'Test void' }).where(eq(referralAttributions.id, buyer.attributionId));
    await complete(buyer, seller, order.id);
    expect(await earningsOf(agent)).toMatchObject([{ status: 'reversed' }]);
    expect(await postedFor(order.id)).toEqual({ count: 0, toAgents: 0 });

    const later = (await placePaidOrder(app, { buyer, seller, quantity: 1, priceMinor: 2_499 })).order;
    expect(await earningsOf(agent)).toHaveLength(1);
    await complete(buyer, seller, later.id);
    expect((await balances(app, agent.id)).availableMinor).toBe(0);
    expect(await ledgerTotal(app)).toBe(0);
  });
});

describe('a referred farm', () => {
  it('earns its agent a share of each completed order, whoever buys', async () => {
    const { app } = testApp;
    const agent = await referralAgent('both');
    const seller = await referredFarm(agent, 'Referred Farm');
    const buyer = await createBuyer(app);
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 3, priceMinor: 1_500 });
    await complete(buyer, seller, order.id);
    expect(await earningsOf(agent)).toMatchObject([{ side: 'farm', referredUsername: seller.username, status: 'available', amountMinor: shareOf(4_500) }]);
    expect((await balances(app, agent.id)).availableMinor).toBe(shareOf(4_500));
  });

  it('earns nothing when the agent buys from the farm it referred', async () => {
    const { app } = testApp;
    const agent = await referralAgent();
    const seller = await referredFarm(agent, 'Own Pick Farm');
    const { order } = await placePaidOrder(app, { buyer: agent, seller, quantity: 4, priceMinor: 2_499 });
    await complete(agent, seller, order.id);
    expect(await earningsOf(agent)).toEqual([]);
    expect(await postedFor(order.id)).toEqual({ count: 0, toAgents: 0 });
  });

  it('earns once when the same agent referred both the buyer and the farm (buyer side)', async () => {
    const { app } = testApp;
    const agent = await referralAgent();
    const seller = await referredFarm(agent, 'Both Sides Farm');
    const buyer = await referredBuyer(agent);
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 4, priceMinor: 2_499 });
    await complete(buyer, seller, order.id);
    expect(await earningsOf(agent)).toMatchObject([{ side: 'buyer', status: 'available', amountMinor: shareOf(9_996) }]);
    expect(await postedFor(order.id)).toEqual({ count: 1, toAgents: shareOf(9_996) });
  });

  it("pays the buyer's agent and the farm's agent each their share when they are two agents", async () => {
    const { app } = testApp;
    const buyersAgent = await referralAgent();
    const farmsAgent = await referralAgent();
    const seller = await referredFarm(farmsAgent, 'Two Agents Farm');
    const buyer = await referredBuyer(buyersAgent);
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 4, priceMinor: 2_499 });
    await complete(buyer, seller, order.id);
    expect(await earningsOf(buyersAgent)).toMatchObject([{ side: 'buyer', amountMinor: shareOf(9_996) }]);
    expect(await earningsOf(farmsAgent)).toMatchObject([{ side: 'farm', amountMinor: shareOf(9_996) }]);
    expect(await postedFor(order.id)).toEqual({ count: 2, toAgents: 2 * shareOf(9_996) });
    expect(await ledgerTotal(app)).toBe(0);
  });
});
