import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { ZPayoutResponse, ZTopUpResponse } from '@pulse/contract/wallet';
import { payouts, topUps } from '../../db/schema/ledger';
import { orders } from '../../db/schema/orders';
import { sellerApplications } from '../../db/schema/seller-applications';
import { bearer } from '../../testing/auth-helpers';
import { useConcurrencyApp } from '../../testing/parallel-connections';
import { createApprovedAgent, type TestAgent } from '../agents/testing/agent-fixtures';
import { createHubPost } from '../hub/testing/hub-fixtures';
import {
  act,
  balances,
  checkout,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  FARM_LOCATION,
  fundWallet,
  getOrder,
  ledgerTotal,
  nextKey,
  placePaidOrder,
  putInBasket,
  type TestUser,
} from '../orders/testing/order-fixtures';
import { INSUFFICIENT_FUNDS_MESSAGE } from './ledger-service';
import type { PaymentProvider } from '../payments/payment-provider-types';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { payoutTooLargeMessage } from './payouts-service';

/**
 * Issue 15: one balance is spent once, whatever arrives at once (payouts, tips, checkouts), and a
 * key charges once. On PostgreSQL each request holds its own pool connection; on PGlite they queue
 * and only the answers are checked.
 */

const suite = useConcurrencyApp('wallet');
const { burst } = suite;

function payout(user: TestUser | TestAgent, amountMinor: number, key = nextKey('payout')) {
  return suite.testApp.app.inject({
    method: 'POST',
    url: '/api/wallet/payouts',
    headers: { ...bearer(user.token), 'idempotency-key': key },
    payload: { amountMinor, destination: 'MTN mobile money 024 000 0000' },
  });
}

function topUp(user: TestUser, amountMinor: number, key: string) {
  return suite.testApp.app.inject({
    method: 'POST',
    url: '/api/wallet/top-ups',
    headers: { ...bearer(user.token), 'idempotency-key': key },
    payload: { amountMinor, cardNumber: '4242424242424242' },
  });
}

async function payoutRows(userId: string) {
  return suite.testApp.app.db.select().from(payouts).where(eq(payouts.userId, userId));
}

async function sellerWith(availableMinor: number): Promise<TestUser> {
  const seller = await createSeller(suite.testApp.app, 'Payout Farm');
  await fundWallet(suite.testApp.app, seller.id, availableMinor);
  return seller;
}

describe('payouts under real concurrency', () => {
  it('five payouts of the whole balance at once: one paid, four refused, available never below zero', async () => {
    const { app } = suite.testApp;
    const seller = await sellerWith(4_000);

    const responses = await burst(() => Promise.all(Array.from({ length: 5 }, () => payout(seller, 4_000))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().error.message).toBe(payoutTooLargeMessage(0, 'USD'));
    expect(ZPayoutResponse.parse(responses[codes.indexOf(201)]?.json())).toMatchObject({ status: 'succeeded', wallet: { availableMinor: 0, paidOutMinor: 4_000 } });
    expect(await balances(app, seller.id)).toMatchObject({ availableMinor: 0, paidOutMinor: 4_000 });
    // A refused payout leaves no row behind (its claim rolled back with it).
    expect((await payoutRows(seller.id)).map((row) => row.status)).toEqual(['succeeded']);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('five payouts of 40% each at once: two paid, three told the most that is left, 20% stays', async () => {
    const { app } = suite.testApp;
    const seller = await sellerWith(5_000);

    const responses = await burst(() => Promise.all(Array.from({ length: 5 }, () => payout(seller, 2_000))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(3);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().error.message).toBe(payoutTooLargeMessage(1_000, 'USD'));
    expect(await balances(app, seller.id)).toMatchObject({ availableMinor: 1_000, paidOutMinor: 4_000 });
    expect(await payoutRows(seller.id)).toHaveLength(2);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('the same payout key twice at once: one payout, paid once, both answers name it', async () => {
    const { app } = suite.testApp;
    const seller = await sellerWith(3_000);
    const key = nextKey('payout-twin');

    const responses = await burst(() => Promise.all([payout(seller, 1_200, key), payout(seller, 1_200, key)]));

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const ids = responses.map((response) => ZPayoutResponse.parse(response.json()).id);
    expect(ids[1]).toBe(ids[0]);
    expect(await payoutRows(seller.id)).toHaveLength(1);
    expect(await balances(app, seller.id)).toMatchObject({ availableMinor: 1_800, paidOutMinor: 1_200 });
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('a payout, a tip and a checkout at once from a balance that covers one of them: exactly one spends it', async () => {
    const { app } = suite.testApp;
    const seller = await sellerWith(3_000);
    const author = await createBuyer(app);
    const post = await createHubPost(app, author);
    const otherFarm = await createSeller(app, 'Neighbour Farm');
    const cassava = await createProduct(app, otherFarm.id, { title: 'Cassava', unit: 'piece', stockQuantity: 10, priceMinor: 3_000 });
    const slotId = await createSlot(app, otherFarm.id);
    await putInBasket(app, seller.id, cassava, 1);

    const [payoutResponse, tipResponse, checkoutResponse] = await burst(() =>
      Promise.all([
        payout(seller, 3_000),
        app.inject({ method: 'POST', url: `/api/hub/posts/${post.id}/tips`, headers: { ...bearer(seller.token), 'idempotency-key': nextKey('tip') }, payload: { amountMinor: 3_000 } }),
        checkout(app, seller, { sellers: [{ sellerUserId: otherFarm.id, fulfilment: 'pickup', slotId }] }),
      ]),
    );

    const spent = [payoutResponse?.statusCode === 201, tipResponse?.statusCode === 201, checkoutResponse?.statusCode === 201].filter(Boolean);
    expect(spent, JSON.stringify([payoutResponse?.body, tipResponse?.body, checkoutResponse?.body])).toHaveLength(1);
    for (const response of [payoutResponse, tipResponse, checkoutResponse]) expect([201, 409]).toContain(response?.statusCode);
    if (tipResponse?.statusCode === 409) expect(tipResponse.json().error.message).toBe(INSUFFICIENT_FUNDS_MESSAGE);
    if (checkoutResponse?.statusCode === 409) expect(checkoutResponse.json().error.message).toBe(INSUFFICIENT_FUNDS_MESSAGE);
    if (payoutResponse?.statusCode === 409) expect(payoutResponse.json().error.message).toBe(payoutTooLargeMessage(0, 'USD'));

    const wallet = await balances(app, seller.id);
    expect(wallet.availableMinor).toBe(0);
    expect(wallet.paidOutMinor + wallet.escrowMinor + (await balances(app, author.id)).availableMinor).toBe(3_000);
    // A checkout refused for money leaves no order and no reserved stock.
    const bought = await app.db.select().from(orders).where(eq(orders.buyerUserId, seller.id));
    expect(bought).toHaveLength(checkoutResponse?.statusCode === 201 ? 1 : 0);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it("three payouts at once of an agent's whole earned delivery fee: one paid", async () => {
    const { app } = suite.testApp;
    const agent = await createApprovedAgent(app);
    const farm = await createSeller(app, 'Agent Fee Farm');
    await app.db.update(sellerApplications).set({ lat: FARM_LOCATION.lat, lng: FARM_LOCATION.lng }).where(eq(sellerApplications.userId, farm.id));
    // The agent earns a real fee: claim, pick up, deliver, and the buyer confirms.
    const placed = await placePaidOrder(app, { seller: farm, fulfilment: 'delivery' });
    expect((await act(app, farm, placed.order.id, { action: 'accept' })).statusCode).toBe(200);
    const delivery = ZGetOrderDeliveryResponse.parse((await app.inject({ method: 'GET', url: `/api/orders/${placed.order.id}/delivery`, headers: bearer(farm.token) })).json());
    const taskId = delivery.task?.id ?? '';
    const agentPost = (url: string, payload?: object) => app.inject({ method: 'POST', url, headers: bearer(agent.token), ...(payload ? { payload } : {}) });
    expect((await agentPost(`/api/delivery/tasks/${taskId}/claim`)).statusCode).toBe(200);
    expect((await act(app, farm, placed.order.id, { action: 'mark_ready' })).statusCode).toBe(200);
    expect((await agentPost(`/api/delivery/tasks/${taskId}/pickup`, { code: delivery.pickupCode })).statusCode).toBe(200);
    const details = await getOrder(app, placed.buyer, placed.order.id);
    expect((await agentPost(`/api/delivery/tasks/${taskId}/deliver`, { code: details.confirmationCode })).statusCode).toBe(200);
    expect((await act(app, placed.buyer, placed.order.id, { action: 'confirm_receipt' })).statusCode).toBe(200);
    const fee = details.deliveryFeeMinor;
    expect(fee).toBeGreaterThan(0);
    expect(await balances(app, agent.id)).toMatchObject({ availableMinor: fee, agentEscrowMinor: 0 });

    const responses = await burst(() => Promise.all(Array.from({ length: 3 }, () => payout(agent, fee))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(2);
    expect(await balances(app, agent.id)).toMatchObject({ availableMinor: 0, paidOutMinor: fee });
    expect(await payoutRows(agent.id)).toHaveLength(1);
    expect(await ledgerTotal(app)).toBe(0);
  });
});

describe('top-ups under real concurrency', () => {
  it('one key sent at once with two amounts: the card is charged once, one amount credited, the other refused', async () => {
    const { app } = suite.testApp;
    const buyer = await createBuyer(app);
    const charges: number[] = [];
    const sandbox = createSandboxProvider();
    const original = app.paymentProvider;
    const counting: PaymentProvider = {
      ...sandbox,
      async startPayment(request) {
        charges.push(request.amountMinor);
        return sandbox.startPayment(request);
      },
    };
    app.paymentProvider = counting;
    try {
      const key = nextKey('top-up-twin');
      const responses = await burst(() => Promise.all([topUp(buyer, 700, key), topUp(buyer, 900, key), topUp(buyer, 700, key)]));

      expect(charges).toHaveLength(1);
      const credited = charges[0];
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      for (const [index, response] of responses.entries()) {
        const asked = index === 1 ? 900 : 700;
        if (response.statusCode === 201 || asked === credited) expect(ZTopUpResponse.parse(response.json()).amountMinor).toBe(credited);
        else expect(response.json().error.message).toBe('This Idempotency-Key was already used for a different top-up.');
      }
      expect((await balances(app, buyer.id)).availableMinor).toBe(credited);
      expect(await app.db.select().from(topUps).where(eq(topUps.userId, buyer.id))).toHaveLength(1);
      expect(await ledgerTotal(app)).toBe(0);
    } finally {
      app.paymentProvider = original;
    }
  });
});
