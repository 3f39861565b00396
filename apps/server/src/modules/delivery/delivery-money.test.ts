import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGetAgentWalletResponse } from '@pulse/contract/agents';
import { ZGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { ZPayoutResponse } from '@pulse/contract/wallet';
import { sellerApplications } from '../../db/schema/seller-applications';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createApprovedAgent, type TestAgent } from '../agents/testing/agent-fixtures';
import { act, balances, createSeller, FARM_LOCATION, getOrder, ledgerTotal, placePaidOrder, platformBalance } from '../orders/testing/order-fixtures';
import { sweepOrderTimers } from '../orders/orders-service';

/** The delivery fee through the ledger when a Pulse Agent delivers (decision 021). */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});

afterAll(async () => {
  await testApp.close();
});

function post(token: string, url: string, payload?: object, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
}

/** An accepted delivery order of a Kumasi farm, its task claimed by `agent`. */
async function claimedOrder(agent: TestAgent) {
  const { app } = testApp;
  const seller = await createSeller(app, 'Fee Farm');
  await app.db.update(sellerApplications).set({ lat: FARM_LOCATION.lat, lng: FARM_LOCATION.lng }).where(eq(sellerApplications.userId, seller.id));
  const placed = await placePaidOrder(app, { seller, fulfilment: 'delivery' });
  expect((await act(app, seller, placed.order.id, { action: 'accept' })).statusCode).toBe(200);
  const delivery = ZGetOrderDeliveryResponse.parse((await app.inject({ method: 'GET', url: `/api/orders/${placed.order.id}/delivery`, headers: bearer(seller.token) })).json());
  const taskId = delivery.task?.id ?? '';
  expect((await post(agent.token, `/api/delivery/tasks/${taskId}/claim`)).statusCode).toBe(200);
  const details = await getOrder(app, placed.buyer, placed.order.id);
  return { ...placed, seller, taskId, pickupCode: delivery.pickupCode ?? '', feeMinor: details.deliveryFeeMinor, confirmationCode: details.confirmationCode ?? '' };
}

async function deliveredOrder(agent: TestAgent) {
  const order = await claimedOrder(agent);
  expect((await act(testApp.app, order.seller, order.order.id, { action: 'mark_ready' })).statusCode).toBe(200);
  expect((await post(agent.token, `/api/delivery/tasks/${order.taskId}/pickup`, { code: order.pickupCode })).statusCode).toBe(200);
  expect((await post(agent.token, `/api/delivery/tasks/${order.taskId}/deliver`, { code: order.confirmationCode })).statusCode).toBe(200);
  return order;
}

async function agentWallet(agent: TestAgent) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/agent/wallet', headers: bearer(agent.token) });
  expect(response.statusCode, response.body).toBe(200);
  return ZGetAgentWalletResponse.parse(response.json());
}

describe('the delivery fee of an agent delivery', () => {
  it("is in the agent's escrow after delivery, available after completion, and a payout moves it", async () => {
    const agent = await createApprovedAgent(testApp.app);
    const platformBefore = await platformBalance(testApp.app, 'platform_delivery_fees');
    const order = await deliveredOrder(agent);
    expect(order.feeMinor).toBeGreaterThan(0);

    const held = await agentWallet(agent);
    expect(held).toMatchObject({ escrowMinor: order.feeMinor, availableMinor: 0, deliveredCount: 1, endedCount: 1 });
    expect(held.payoutDestination).toBe('MTN Mobile Money ****0101');
    // The buyer's escrow holds only the produce now.
    const details = await getOrder(testApp.app, order.buyer, order.order.id);
    expect((await balances(testApp.app, order.buyer.id)).escrowMinor).toBe(details.totalMinor - order.feeMinor);

    expect((await act(testApp.app, order.buyer, order.order.id, { action: 'confirm_receipt' })).statusCode).toBe(200);
    const released = await agentWallet(agent);
    expect(released).toMatchObject({ escrowMinor: 0, availableMinor: order.feeMinor, todayMinor: order.feeMinor, monthMinor: order.feeMinor });
    expect(released.series.at(-1)?.releasedMinor).toBe(order.feeMinor);
    expect((await balances(testApp.app, order.buyer.id)).escrowMinor).toBe(0);
    // The platform keeps no delivery fee of an agent's delivery.
    expect(await platformBalance(testApp.app, 'platform_delivery_fees')).toBe(platformBefore);

    const key = `agent-payout-${agent.id}`;
    const payout = await post(agent.token, '/api/wallet/payouts', { amountMinor: order.feeMinor }, { 'idempotency-key': key });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(ZPayoutResponse.parse(payout.json())).toMatchObject({ status: 'succeeded', amountMinor: order.feeMinor });
    const again = await post(agent.token, '/api/wallet/payouts', { amountMinor: order.feeMinor }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(await agentWallet(agent)).toMatchObject({ availableMinor: 0, paidOutMinor: order.feeMinor, escrowMinor: 0 });
    expect(await ledgerTotal(testApp.app)).toBe(0);
  });

  it('the auto-complete timer releases it too', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const order = await deliveredOrder(agent);
    await sweepOrderTimers(testApp.app, new Date(Date.now() + 30 * 24 * 3600_000));
    expect((await getOrder(testApp.app, order.buyer, order.order.id)).status).toBe('completed');
    expect(await agentWallet(agent)).toMatchObject({ escrowMinor: 0, availableMinor: order.feeMinor });
  });

  it('a refund before delivery returns the fee to the buyer; the agent gets nothing', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const order = await claimedOrder(agent);
    const before = await balances(testApp.app, order.buyer.id);
    expect((await act(testApp.app, order.seller, order.order.id, { action: 'cancel', reason: 'Hail hit the field' })).statusCode).toBe(200);
    const details = await getOrder(testApp.app, order.buyer, order.order.id);
    expect(details.status).toBe('cancelled');
    const after = await balances(testApp.app, order.buyer.id);
    expect(after.availableMinor - before.availableMinor).toBe(details.totalMinor);
    expect(after.escrowMinor).toBe(0);
    expect(await agentWallet(agent)).toMatchObject({ escrowMinor: 0, availableMinor: 0 });
  });

  it('a refund after the agent delivered returns the produce; the fee is released to the agent', async () => {
    const agent = await createApprovedAgent(testApp.app);
    const order = await deliveredOrder(agent);
    const before = await balances(testApp.app, order.buyer.id);
    expect((await act(testApp.app, order.buyer, order.order.id, { action: 'request_refund', reason: 'Half the tomatoes were bruised' })).statusCode).toBe(200);
    expect((await act(testApp.app, order.seller, order.order.id, { action: 'approve_refund' })).statusCode).toBe(200);
    const details = await getOrder(testApp.app, order.buyer, order.order.id);
    expect(details.status).toBe('refunded');
    const after = await balances(testApp.app, order.buyer.id);
    expect(after.availableMinor - before.availableMinor).toBe(details.totalMinor - order.feeMinor);
    expect(after.escrowMinor).toBe(0);
    expect(await agentWallet(agent)).toMatchObject({ escrowMinor: 0, availableMinor: order.feeMinor });
    expect(await ledgerTotal(testApp.app)).toBe(0);
  });

  it('a farm-delivered order keeps the fee with the platform as before', async () => {
    const { app } = testApp;
    const platformBefore = await platformBalance(app, 'platform_delivery_fees');
    const placed = await placePaidOrder(app, { fulfilment: 'delivery' });
    for (const action of ['accept', 'mark_ready', 'hand_over', 'mark_delivered']) {
      const body = action === 'mark_delivered' ? { action, confirmationCode: (await getOrder(app, placed.buyer, placed.order.id)).confirmationCode } : { action };
      const response = await act(app, placed.seller, placed.order.id, body);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
    expect((await act(app, placed.buyer, placed.order.id, { action: 'confirm_receipt' })).statusCode).toBe(200);
    const details = await getOrder(app, placed.buyer, placed.order.id);
    expect(await platformBalance(app, 'platform_delivery_fees')).toBe(platformBefore + details.deliveryFeeMinor);
  });
});
