import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TSellerDashboardResponse } from '@pulse/contract/seller-dashboard';
import type { TSellerWalletResponse } from '@pulse/contract/wallet';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { escrowSplit } from '../orders/order-money';
import { act, createBuyer, createProduct, createSeller, getOrder, makeAdmin, nextKey, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';
import { dayWindow } from './seller-dashboard-service';

let testApp: TestApp;
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

async function get<T>(user: TestUser, url: string): Promise<T> {
  const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(user.token) });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

async function mustAct(user: TestUser, orderId: string, body: Record<string, unknown>): Promise<void> {
  const response = await act(testApp.app, user, orderId, body);
  if (response.statusCode !== 200) throw new Error(`${String(body.action)}: ${response.statusCode} ${response.body}`);
}

/** Accept, mark ready, hand over at the farm (pickup): the order is delivered. */
async function deliver(seller: TestUser, buyer: TestUser, orderId: string): Promise<void> {
  await mustAct(seller, orderId, { action: 'accept' });
  await mustAct(seller, orderId, { action: 'mark_ready' });
  await mustAct(seller, orderId, { action: 'hand_over', confirmationCode: (await getOrder(testApp.app, buyer, orderId)).confirmationCode });
}

describe('dayWindow', () => {
  it('cuts days at the viewer\'s offset: 30 days ending today, the month start, and the earliest instant to read', () => {
    const now = new Date('2025-03-01T22:30:00Z');
    const utc = dayWindow(now, 0);
    expect(utc.today).toBe('2025-03-01');
    expect(utc.monthStart).toBe('2025-03-01');
    expect(utc.days).toHaveLength(30);
    expect(utc.days[0]).toBe('2025-01-31');
    expect(utc.days.at(-1)).toBe('2025-03-01');
    expect(utc.since.toISOString()).toBe('2025-01-31T00:00:00.000Z');
    // Nairobi (UTC+3): it is already March 2nd there.
    const nairobi = dayWindow(now, 180);
    expect(nairobi.today).toBe('2025-03-02');
    expect(nairobi.since.toISOString()).toBe('2025-01-31T21:00:00.000Z');
    // Late in a 31-day month the month start is earlier than the 30-day series: rows are read from it.
    const late = dayWindow(new Date('2025-07-31T12:00:00Z'), 0);
    expect(late.monthStart).toBe('2025-07-01');
    expect(late.since.toISOString()).toBe('2025-07-01T00:00:00.000Z');
  });
});

describe('GET /api/seller/dashboard', () => {
  it('an empty shop: zero queues and sales, 30 zero days ending today', async () => {
    const seller = await createSeller(testApp.app, 'Empty Farm');
    const body = await get<TSellerDashboardResponse>(seller, '/api/seller/dashboard');
    expect(body.actionQueues.paid).toEqual({ count: 0, items: [] });
    expect(body.sales).toEqual({ today: { salesMinor: 0, orderCount: 0 }, month: { salesMinor: 0, orderCount: 0 } });
    expect(body.series).toHaveLength(30);
    expect(body.series.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.series.every((day) => day.salesMinor === 0)).toBe(true);
    expect(body.lowStock).toEqual([]);
    expect(body.salesStatuses).not.toContain('cancelled');
    expect(body.salesStatuses).not.toContain('refunded');
  });

  it('orders to act on per status, newest first, with counts; another farm\'s orders are not mine', async () => {
    const { app } = testApp;
    const seller = await createSeller(app, 'Busy Farm');
    const other = await createSeller(app, 'Quiet Farm');
    const first = await placePaidOrder(app, { seller });
    const second = await placePaidOrder(app, { seller });
    const third = await placePaidOrder(app, { seller });
    await mustAct(seller, third.order.id, { action: 'accept' });
    const refund = await placePaidOrder(app, { seller });
    await deliver(seller, refund.buyer, refund.order.id);
    await mustAct(refund.buyer, refund.order.id, { action: 'request_refund', reason: 'Soft' });
    await placePaidOrder(app, { seller: other });

    const body = await get<TSellerDashboardResponse>(seller, '/api/seller/dashboard');
    expect(body.actionQueues.paid.count).toBe(2);
    expect(body.actionQueues.paid.items.map((item) => item.id)).toEqual([second.order.id, first.order.id]);
    expect(body.actionQueues.accepted.items.map((item) => item.id)).toEqual([third.order.id]);
    expect(body.actionQueues.ready.count).toBe(0);
    expect(body.actionQueues.refund_requested.items.map((item) => item.id)).toEqual([refund.order.id]);
    expect(body.actionQueues.paid.items[0]).toMatchObject({ shopName: 'Busy Farm', totalMinor: 1000, status: 'paid' });
  });

  it('sales: today and this month count paid orders less refunds, not cancelled or refunded ones; the series places them by payment day', async () => {
    const { app } = testApp;
    const seller = await createSeller(app, 'Sales Farm');
    await placePaidOrder(app, { seller }); // 1000 today
    const weighed = await placePaidOrder(app, { seller, quantity: 2, priceMinor: 500 }); // 1000, weighed down to 1.5 kg: 750
    await mustAct(seller, weighed.order.id, { action: 'accept' });
    const item = (await getOrder(app, seller, weighed.order.id)).items[0];
    const weigh = await app.inject({
      method: 'POST',
      url: `/api/orders/${weighed.order.id}/final-weights`,
      headers: bearer(seller.token),
      payload: { items: [{ itemId: item?.id, finalQuantity: 1.5 }] },
    });
    expect(weigh.statusCode, weigh.body).toBe(200);
    const cancelled = await placePaidOrder(app, { seller });
    await mustAct(cancelled.buyer, cancelled.order.id, { action: 'cancel' });
    const refunded = await placePaidOrder(app, { seller });
    await deliver(seller, refunded.buyer, refunded.order.id);
    await mustAct(refunded.buyer, refunded.order.id, { action: 'request_refund', reason: 'Soft' });
    await mustAct(seller, refunded.order.id, { action: 'approve_refund' });
    const unpaid = await placePaidOrder(app, { seller, payNow: false });
    expect(unpaid.order.status).toBe('pending_payment');
    const earlier = await placePaidOrder(app, { seller, priceMinor: 300 }); // 1200, paid 3 days ago
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    await app.db.update(orders).set({ paidAt: threeDaysAgo }).where(eq(orders.id, earlier.order.id));
    const old = await placePaidOrder(app, { seller, priceMinor: 400 }); // paid 40 days ago: outside the series
    await app.db.update(orders).set({ paidAt: new Date(Date.now() - 40 * DAY_MS) }).where(eq(orders.id, old.order.id));

    const body = await get<TSellerDashboardResponse>(seller, '/api/seller/dashboard');
    expect(body.sales.today).toEqual({ salesMinor: 1750, orderCount: 2 });
    const threeDaysAgoDay = threeDaysAgo.toISOString().slice(0, 10);
    const sameMonth = threeDaysAgoDay.slice(0, 7) === new Date().toISOString().slice(0, 7);
    expect(body.sales.month).toEqual(sameMonth ? { salesMinor: 2950, orderCount: 3 } : { salesMinor: 1750, orderCount: 2 });
    expect(body.series.find((day) => day.date === threeDaysAgoDay)).toEqual({ date: threeDaysAgoDay, salesMinor: 1200, orderCount: 1 });
    expect(body.series.at(-1)).toMatchObject({ salesMinor: 1750, orderCount: 2 });
    expect(body.series.reduce((total, day) => total + day.salesMinor, 0)).toBe(2950);
  });

  it('low stock: active products at or under max(5, min order), lowest first; paused and other farms\' not listed', async () => {
    const { app } = testApp;
    const seller = await createSeller(app, 'Stock Farm');
    const other = await createSeller(app, 'Other Stock Farm');
    const three = await createProduct(app, seller.id, { title: 'Okra', stockQuantity: 3 });
    const bulk = await createProduct(app, seller.id, { title: 'Yams', stockQuantity: 8, minOrderQuantity: 8 });
    await createProduct(app, seller.id, { title: 'Plenty', stockQuantity: 6 });
    const reserved = await createProduct(app, seller.id, { title: 'Reserved', stockQuantity: 10 });
    await app.db.update(products).set({ reservedQuantity: 6 }).where(eq(products.id, reserved));
    await createProduct(app, seller.id, { title: 'Paused', stockQuantity: 1, status: 'paused' });
    await createProduct(app, other.id, { title: 'Theirs', stockQuantity: 1 });

    const body = await get<TSellerDashboardResponse>(seller, '/api/seller/dashboard');
    expect(body.lowStock.map((row) => [row.id, row.available, row.threshold])).toEqual([
      [three, 3, 5],
      [reserved, 4, 5],
      [bulk, 8, 8],
    ]);
    expect(body.lowStockCount).toBe(3);
    expect(body.lowStock[0]).toMatchObject({ title: 'Okra', unit: 'kg', status: 'active', minOrderQuantity: 1, thumbUrl: null });
  });

  it('the viewer\'s offset moves today; bad offsets are 400', async () => {
    const seller = await createSeller(testApp.app, 'Clock Farm');
    const east = await get<TSellerDashboardResponse>(seller, '/api/seller/dashboard?tzOffsetMinutes=840');
    expect(east.tzOffsetMinutes).toBe(840);
    expect(east.series.at(-1)?.date).toBe(new Date(Date.now() + 840 * 60_000).toISOString().slice(0, 10));
    for (const value of ['900', 'abc', '1.5']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/seller/dashboard?tzOffsetMinutes=${value}`, headers: bearer(seller.token) });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error.fields?.tzOffsetMinutes).toBeTruthy();
    }
  });
});

describe('GET /api/seller/wallet', () => {
  it('pending is the farm\'s share of open paid orders; completion moves it to available and the series; payouts add to paid out', async () => {
    const { app } = testApp;
    const seller = await createSeller(app, 'Wallet Farm');
    const bps = app.config.commissionBps;
    const share = escrowSplit({ subtotalMinor: 1000, deliveryFeeMinor: 0, totalMinor: 1000, refundedMinor: 0 }, bps).sellerMinor;
    const one = await placePaidOrder(app, { seller });
    const two = await placePaidOrder(app, { seller });
    await placePaidOrder(app, { seller, payNow: false }); // unpaid: not pending money

    let wallet = await get<TSellerWalletResponse>(seller, '/api/seller/wallet');
    expect(wallet).toMatchObject({ availableMinor: 0, pendingMinor: 2 * share, pendingOrderCount: 2, paidOutMinor: 0, commissionBps: bps, payoutDestination: null });
    expect(wallet.series).toHaveLength(30);

    await deliver(seller, one.buyer, one.order.id);
    await mustAct(one.buyer, one.order.id, { action: 'confirm_receipt' });
    await mustAct(two.buyer, two.order.id, { action: 'cancel' });
    wallet = await get<TSellerWalletResponse>(seller, '/api/seller/wallet');
    expect(wallet).toMatchObject({ availableMinor: share, pendingMinor: 0, pendingOrderCount: 0 });
    expect(wallet.series.at(-1)).toMatchObject({ releasedMinor: share, paidOutMinor: 0 });

    const paid = await app.inject({
      method: 'POST',
      url: '/api/wallet/payouts',
      headers: { ...bearer(seller.token), 'idempotency-key': nextKey('wallet-payout') },
      payload: { amountMinor: 500, destination: 'Bank 42' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    wallet = await get<TSellerWalletResponse>(seller, '/api/seller/wallet');
    expect(wallet).toMatchObject({ availableMinor: share - 500, paidOutMinor: 500 });
    expect(wallet.series.at(-1)).toMatchObject({ releasedMinor: share, paidOutMinor: 500 });
  });
});

describe('who may ask', () => {
  const urls = ['/api/seller/dashboard', '/api/seller/wallet'];

  it('visitors 401; buyers and admins without the seller role 403 (before the query is read)', async () => {
    const buyer = await createBuyer(testApp.app);
    const admin = await createBuyer(testApp.app);
    await makeAdmin(testApp.app, admin.id);
    for (const url of urls) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      for (const user of [buyer, admin]) {
        const response = await testApp.app.inject({ method: 'GET', url: `${url}?tzOffsetMinutes=bad`, headers: bearer(user.token) });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.message).toBe('This is for sellers. Apply to sell on Pulse Market first.');
      }
    }
  });
});
