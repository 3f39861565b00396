import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSellerWalletResponse, TWalletHistoryResponse } from '@pulse/contract/wallet';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { placeCheckout } from '../checkout/checkout-service';
import { getOrderDetails, performOrderAction } from '../orders/orders-service';
import { createBuyer, createProduct, createSeller, createSlot, fundWallet, putInBasket, type TestUser } from '../orders/testing/order-fixtures';
import { getWalletBalances } from './ledger-service';

/**
 * Wallet history as people read it (issue 22, decision 037): every entry carries the time of the
 * step it tells of, even when that step ran with its own clock (the demo's backdated history, the
 * order timers), the list is in that order, and a buyer's order payment is one line whose state
 * changes (held, paid to the farm, refunded), never a second minus line when the farm is paid.
 */

let testApp: TestApp;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

const asUser = (user: TestUser) => ({ id: user.id, roles: ['buyer', 'seller'] });

async function history(user: TestUser, query = 'limit=50'): Promise<TWalletHistoryResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/wallet/history?${query}`, headers: bearer(user.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TWalletHistoryResponse;
}

/** A pickup order of 4 x 2.50 placed and paid at `placedAt` through the checkout, with its own clock. */
async function placeAt(buyer: TestUser, seller: TestUser, placedAt: Date, key: string): Promise<string> {
  const productId = await createProduct(testApp.app, seller.id, { priceMinor: 250, unit: 'kg' });
  const slotId = await createSlot(testApp.app, seller.id);
  await putInBasket(testApp.app, buyer.id, productId, 4);
  const { response } = await placeCheckout(testApp.app, asUser(buyer), key, { addressId: null, payNow: true, sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] }, placedAt);
  const orderId = response.orders[0]?.id;
  if (!orderId) throw new Error('no order placed');
  return orderId;
}

/** Accepted, ready, handed over and confirmed, each step at its own time from `from`. */
async function completeAt(buyer: TestUser, seller: TestUser, orderId: string, from: Date): Promise<Date> {
  const at = (hours: number) => new Date(from.getTime() + hours * HOUR_MS);
  await performOrderAction(testApp.app, asUser(seller), orderId, { action: 'accept' }, at(1));
  await performOrderAction(testApp.app, asUser(seller), orderId, { action: 'mark_ready' }, at(2));
  const { confirmationCode } = await getOrderDetails(testApp.app.db, asUser(buyer), orderId);
  await performOrderAction(testApp.app, asUser(seller), orderId, { action: 'hand_over', confirmationCode: confirmationCode ?? '' }, at(3));
  await performOrderAction(testApp.app, asUser(buyer), orderId, { action: 'confirm_receipt' }, at(4));
  return at(4);
}

describe('wallet history dates and order', () => {
  it('an order completed with an earlier clock is released at that time: the farm lists it in date order and charts it on its day', async () => {
    const buyer = await createBuyer(testApp.app);
    const seller = await createSeller(testApp.app, 'Backdated Farm');
    await fundWallet(testApp.app, buyer.id, 10_000);
    const now = Date.now();
    // Placed first (its id is older) but completed eight days ago; the second completed two days ago.
    const older = await placeAt(buyer, seller, new Date(now - 10 * DAY_MS), 'history-older');
    const newer = await placeAt(buyer, seller, new Date(now - 4 * DAY_MS), 'history-newer');
    const newerDone = await completeAt(buyer, seller, newer, new Date(now - 2 * DAY_MS - 5 * HOUR_MS));
    const olderDone = await completeAt(buyer, seller, older, new Date(now - 8 * DAY_MS - 5 * HOUR_MS));

    const farm = await history(seller);
    const releases = farm.items.filter((item) => item.kind === 'escrow_release');
    expect(releases.map((item) => [item.orderId, item.createdAt])).toEqual([
      [newer, newerDone.toISOString()],
      [older, olderDone.toISOString()],
    ]);
    const times = farm.items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const wallet = (await testApp.app.inject({ method: 'GET', url: '/api/seller/wallet', headers: bearer(seller.token) })).json() as TSellerWalletResponse;
    const released = wallet.series.filter((day) => day.releasedMinor > 0).map((day) => day.date);
    expect(released).toEqual([olderDone.toISOString().slice(0, 10), newerDone.toISOString().slice(0, 10)]);
    expect(wallet.series.at(-1)?.releasedMinor).toBe(0);
  });

  it('pages by that time: a page boundary neither repeats nor skips an entry', async () => {
    const buyer = await createBuyer(testApp.app);
    const seller = await createSeller(testApp.app, 'Paging Farm');
    await fundWallet(testApp.app, buyer.id, 10_000);
    const now = Date.now();
    const first = await placeAt(buyer, seller, new Date(now - 6 * DAY_MS), 'paging-1');
    const second = await placeAt(buyer, seller, new Date(now - 9 * DAY_MS), 'paging-2');
    const third = await placeAt(buyer, seller, new Date(now - 3 * DAY_MS), 'paging-3');
    const all = await history(buyer);
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: TWalletHistoryResponse = await history(buyer, `limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(all.items.map((item) => item.id));
    // The top-up (now), then the payments by the time they were paid, not by their ids.
    expect(all.items.map((item) => item.orderId)).toEqual([null, third, first, second]);
  });
});

describe("a buyer's order payment is one line", () => {
  it('held until delivery, then paid to the farm: one minus line for the order, and the balance adds up', async () => {
    const buyer = await createBuyer(testApp.app);
    const seller = await createSeller(testApp.app, 'One Line Farm');
    await fundWallet(testApp.app, buyer.id, 5_000);
    const now = Date.now();
    const orderId = await placeAt(buyer, seller, new Date(now - 3 * DAY_MS), 'one-line');

    const held = (await history(buyer)).items.filter((item) => item.orderId === orderId);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ kind: 'order_payment', availableChangeMinor: -1000, escrowChangeMinor: 1000, payment: { status: 'held', heldMinor: 1000, paidMinor: 0, refundedMinor: 0, settledAt: null } });

    const done = await completeAt(buyer, seller, orderId, new Date(now - 2 * DAY_MS));
    const items = (await history(buyer)).items;
    const lines = items.filter((item) => item.orderId === orderId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'order_payment', availableChangeMinor: -1000, payment: { status: 'paid', heldMinor: 0, paidMinor: 1000, refundedMinor: 0, settledAt: done.toISOString() } });
    expect(items.filter((item) => item.availableChangeMinor < 0 || (item.availableChangeMinor === 0 && item.escrowChangeMinor < 0))).toHaveLength(1);
    // The statement adds up to the balance: 50.00 in, 10.00 out.
    const { availableMinor, escrowMinor } = await getWalletBalances(testApp.app.db, buyer.id);
    expect(items.reduce((sum, item) => sum + item.availableChangeMinor, 0)).toBe(availableMinor);
    expect([availableMinor, escrowMinor]).toEqual([4_000, 0]);
    // The farm still sees its earnings as a line of its own.
    expect((await history(seller)).items.filter((item) => item.orderId === orderId).map((item) => item.kind)).toEqual(['escrow_release']);
  });

  it('cancelled by the farm: the payment reads refunded, and the money back is a plus line', async () => {
    const buyer = await createBuyer(testApp.app);
    const seller = await createSeller(testApp.app, 'Cancelling Farm');
    await fundWallet(testApp.app, buyer.id, 5_000);
    const orderId = await placeAt(buyer, seller, new Date(Date.now() - DAY_MS), 'cancelled');
    await performOrderAction(testApp.app, asUser(seller), orderId, { action: 'cancel', reason: 'Out of stock, sorry' }, new Date(Date.now() - 20 * HOUR_MS));
    const lines = (await history(buyer)).items.filter((item) => item.orderId === orderId);
    expect(lines.map((item) => [item.kind, item.availableChangeMinor, item.payment?.status ?? null])).toEqual([
      ['refund', 1000, null],
      ['order_payment', -1000, 'refunded'],
    ]);
  });
});
