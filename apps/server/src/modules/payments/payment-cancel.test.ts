import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TCheckoutPaymentResponse, TCheckoutResponse } from '@pulse/contract/orders';
import type { TListNotificationsResponse } from '@pulse/contract/notifications';
import { ZTopUpResponse, type TTopUpResponse } from '@pulse/contract/wallet';
import { basketItems } from '../../db/schema/basket-items';
import { ledgerTransactions } from '../../db/schema/ledger';
import { products } from '../../db/schema/products';
import { bearer } from '../../testing/auth-helpers';
import { sweepOrderTimers } from '../orders/orders-service';
import {
  act,
  balances,
  checkout,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  ledgerTotal,
  productStock,
  putInBasket,
  type TestUser,
} from '../orders/testing/order-fixtures';
import { intentLedgerKey } from './intent-ledger';
import { paymentReferenceOf } from './intents-service';
import { sweepPayments } from './reconciliation-service';
import { getTopUp, intentOf, postTopUp, startPaystackSuite, type PaystackSuite } from './testing/paystack-test-app';

/**
 * Cancelling on Paystack's page (issue 24, review): the page's Cancel sends the person back to the
 * wallet or the basket through `metadata.cancel_action`; the page asks the server to give the
 * payment up, which verifies first. A lapsed provider checkout gives the basket back once, and the
 * farm hears nothing of an order that was never paid.
 */

let suite: PaystackSuite;

beforeAll(async () => {
  suite = await startPaystackSuite();
}, 60_000);

afterAll(async () => {
  await suite?.close();
  // Every request the app sent Paystack (cancel_action included) matched Paystack's OpenAPI document.
  suite?.double.assertNoViolations();
});

const app = () => suite.testApp.app;

/** The person presses a button on the double's hosted page; answers where the page sends them. */
async function onHostedPage(authorizationUrl: string | null | undefined, action: 'approve' | 'decline' | 'cancel'): Promise<URL> {
  const response = await fetch(`${authorizationUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'channel=card',
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

function cancelTopUp(user: TestUser, topUpId: string) {
  return app().inject({ method: 'POST', url: `/api/wallet/top-ups/${topUpId}/cancel`, headers: bearer(user.token) });
}

function cancelCheckoutPayment(user: TestUser, checkoutId: string) {
  return app().inject({ method: 'POST', url: `/api/checkout/${checkoutId}/payment/cancel`, headers: bearer(user.token) });
}

async function hostedTopUp(buyer: TestUser, amountMinor: number): Promise<TTopUpResponse> {
  const response = await postTopUp(app(), buyer, { amountMinor });
  expect(response.statusCode, response.body).toBe(201);
  return ZTopUpResponse.parse(response.json());
}

async function credits(intentId: string): Promise<number> {
  return (await app().db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, intentLedgerKey(intentId)))).length;
}

async function basketLines(userId: string) {
  return app().db.select({ productId: basketItems.productId, quantity: basketItems.quantity }).from(basketItems).where(eq(basketItems.userId, userId));
}

async function notificationsOf(user: TestUser): Promise<TListNotificationsResponse['items']> {
  const response = await app().inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(user.token) });
  return (response.json() as TListNotificationsResponse).items;
}

/** Polls (no fixed sleep) until `holds` is true of what `read` gives. */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  await vi.waitFor(
    async () => {
      last = await read();
      expect(holds(last), JSON.stringify(last)).toBe(true);
    },
    { timeout: 5_000, interval: 20 },
  );
  return last as T;
}

describe('a top-up cancelled on Paystack’s page', () => {
  it('comes back to the wallet marked as cancelled; the cancel abandons it at once, twice is the same, and a later success still credits once', async () => {
    const buyer = await createBuyer(app());
    const topUp = await hostedTopUp(buyer, 5_000);
    const reference = topUp.reference ?? '';
    const initialize = suite.double.requests().find((request) => request.path === '/transaction/initialize' && (request.body as { reference?: string }).reference === reference);
    expect(initialize?.body).toMatchObject({ metadata: { cancel_action: `http://localhost:3000/wallet?topUp=${topUp.id}&cancelled=1` } });

    const back = await onHostedPage(topUp.authorizationUrl, 'cancel');
    expect(back.toString()).toBe(`http://localhost:3000/wallet?topUp=${topUp.id}&cancelled=1`);

    const cancelled = await cancelTopUp(buyer, topUp.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: topUp.id, status: 'abandoned', failureReason: 'You cancelled the payment', nextAction: null, authorizationUrl: null, wallet: { availableMinor: 0 } });
    expect(await intentOf(app(), reference)).toMatchObject({ status: 'abandoned', failureReason: 'You cancelled the payment' });
    // The wallet's own read says the same at once (no sweep needed), in the reader's language.
    expect(await getTopUp(app(), buyer, topUp.id)).toMatchObject({ status: 'abandoned' });
    expect(await getTopUp(app(), buyer, topUp.id, { 'accept-language': 'fr' })).toMatchObject({ failureReason: expect.not.stringContaining('You cancelled') });

    // Pressing it again (a reload, a double click) changes nothing.
    const again = await cancelTopUp(buyer, topUp.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'abandoned', failureReason: 'You cancelled the payment' });

    // The person pays after all (the page opened again): the money is credited, once.
    await suite.double.approve(reference);
    await eventually(() => balances(app(), buyer.id), (wallet) => wallet.availableMinor === 5_000);
    expect(await getTopUp(app(), buyer, topUp.id)).toMatchObject({ status: 'succeeded', failureReason: null });
    await sweepPayments(app(), new Date(Date.now() + 40 * 60_000));
    expect((await cancelTopUp(buyer, topUp.id)).json()).toMatchObject({ status: 'succeeded' });
    expect(await credits((await intentOf(app(), reference))?.id ?? '')).toBe(1);
    expect(await balances(app(), buyer.id)).toMatchObject({ availableMinor: 5_000 });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('verifies first: a payment Paystack already calls successful is credited, not cancelled', async () => {
    const buyer = await createBuyer(app());
    const topUp = await hostedTopUp(buyer, 2_500);
    suite.double.setWebhooks({ drop: true });
    try {
      await suite.double.approve(topUp.reference ?? '');
    } finally {
      suite.double.setWebhooks({ drop: false });
    }
    const cancelled = await cancelTopUp(buyer, topUp.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'succeeded', failureReason: null, wallet: { availableMinor: 2_500 } });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a verify that cannot be made leaves the top-up pending (no 5xx); asking again cancels it', async () => {
    const buyer = await createBuyer(app());
    const topUp = await hostedTopUp(buyer, 1_500);
    await onHostedPage(topUp.authorizationUrl, 'cancel');
    const verify = vi.spyOn(app().paymentProvider, 'verifyPayment').mockRejectedValueOnce(new Error('Paystack unreachable'));
    try {
      const first = await cancelTopUp(buyer, topUp.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: 'pending' });
    } finally {
      verify.mockRestore();
    }
    expect((await cancelTopUp(buyer, topUp.id)).json()).toMatchObject({ status: 'abandoned', failureReason: 'You cancelled the payment' });
  });

  it("answers 404 for another person's top-up and an unknown id, and changes nothing", async () => {
    const owner = await createBuyer(app());
    const stranger = await createBuyer(app());
    const topUp = await hostedTopUp(owner, 1_000);
    expect((await cancelTopUp(stranger, topUp.id)).statusCode).toBe(404);
    expect((await cancelTopUp(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await app().inject({ method: 'POST', url: `/api/wallet/top-ups/${topUp.id}/cancel` })).statusCode).toBe(401);
    expect((await intentOf(app(), topUp.reference ?? ''))?.status).toBe('pending');
  });
});

interface Basket {
  buyer: TestUser;
  seller: TestUser;
  productId: string;
  body: Record<string, unknown>;
}

/** One farm, one product (4 in the basket, 10 in stock), a pickup slot. */
async function basketOf(payWith: Record<string, unknown> | null): Promise<Basket> {
  const buyer = await createBuyer(app());
  const seller = await createSeller(app());
  const productId = await createProduct(app(), seller.id, { priceMinor: 1355, stockQuantity: 10 });
  const slotId = await createSlot(app(), seller.id, { method: 'pickup' });
  await putInBasket(app(), buyer.id, productId, 4);
  return { buyer, seller, productId, body: { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }], ...(payWith ? { payWith } : {}) } };
}

async function placeHosted(): Promise<Basket & { placed: TCheckoutResponse }> {
  const basket = await basketOf({ method: 'hosted' });
  const response = await checkout(app(), basket.buyer, basket.body);
  expect(response.statusCode, response.body).toBe(201);
  return { ...basket, placed: response.json() as TCheckoutResponse };
}

describe('a checkout payment cancelled on Paystack’s page', () => {
  it('comes back to the basket; the cancel cancels the orders, puts the lines back and tells the farm nothing', async () => {
    const { buyer, seller, productId, placed } = await placeHosted();
    const back = await onHostedPage(placed.payment?.authorizationUrl, 'cancel');
    expect(back.toString()).toBe(`http://localhost:3000/basket?payment=${placed.checkoutId}&cancelled=1`);

    const cancelled = await cancelCheckoutPayment(buyer, placed.checkoutId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = cancelled.json() as TCheckoutPaymentResponse;
    expect(answer.payment).toMatchObject({ status: 'abandoned', failureReason: 'You cancelled the payment', authorizationUrl: null });
    expect(answer.orders.map((order) => order.status)).toEqual(['cancelled']);
    expect(await basketLines(buyer.id)).toEqual([{ productId, quantity: 4 }]);
    expect(await productStock(app(), productId)).toMatchObject({ stock: 10, reserved: 0 });
    expect(await balances(app(), buyer.id)).toMatchObject({ availableMinor: 0, escrowMinor: 0 });

    // Twice is once: the basket line is not doubled.
    const again = await cancelCheckoutPayment(buyer, placed.checkoutId);
    expect((again.json() as TCheckoutPaymentResponse).payment.status).toBe('abandoned');
    expect(await basketLines(buyer.id)).toEqual([{ productId, quantity: 4 }]);

    // The farm never heard of the order: not when it waited, not when it ended unpaid.
    const orderId = placed.orders[0]?.id;
    expect((await notificationsOf(seller)).filter((item) => item.related_entity_id === orderId)).toEqual([]);

    // Money that arrives after all is credited to the wallet, never lost; the orders stay cancelled.
    await suite.double.approve(paymentReferenceOf(placed.payment?.intentId ?? ''));
    await eventually(() => balances(app(), buyer.id), (wallet) => wallet.availableMinor === 5420);
    expect((await cancelCheckoutPayment(buyer, placed.checkoutId)).json()).toMatchObject({ payment: { status: 'succeeded' }, orders: [{ status: 'cancelled' }] });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it("answers 404 for another buyer's checkout and an unknown one", async () => {
    const { buyer, placed } = await placeHosted();
    const stranger = await createBuyer(app());
    expect((await cancelCheckoutPayment(stranger, placed.checkoutId)).statusCode).toBe(404);
    expect((await cancelCheckoutPayment(stranger, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const owners = await app().inject({ method: 'GET', url: `/api/checkout/${placed.checkoutId}/payment`, headers: bearer(buyer.token) });
    expect(owners.json()).toMatchObject({ payment: { status: 'pending' }, orders: [{ status: 'pending_payment' }] });
  });
});

describe('a provider checkout that lapses (15 minutes)', () => {
  it('gives the basket back once, merged with what the buyer re-added, and a failure after it gives nothing more', async () => {
    const { buyer, seller, productId, placed } = await placeHosted();
    // Meanwhile the buyer put one of the same back in the basket.
    await putInBasket(app(), buyer.id, productId, 1);

    await sweepOrderTimers(app(), new Date(Date.now() + 16 * 60_000));
    const orderId = placed.orders[0]?.id;
    expect((await app().inject({ method: 'GET', url: `/api/checkout/${placed.checkoutId}/payment`, headers: bearer(buyer.token) })).json()).toMatchObject({
      orders: [{ id: orderId, status: 'cancelled' }],
    });
    // The larger of the two, not their sum.
    expect(await basketLines(buyer.id)).toEqual([{ productId, quantity: 4 }]);
    expect(await productStock(app(), productId)).toMatchObject({ reserved: 0 });

    // The person then declines on the page: the payment fails, the basket is not filled twice.
    await onHostedPage(placed.payment?.authorizationUrl, 'decline');
    expect((await cancelCheckoutPayment(buyer, placed.checkoutId)).json()).toMatchObject({ payment: { status: 'failed' } });
    expect(await basketLines(buyer.id)).toEqual([{ productId, quantity: 4 }]);
    // The buyer is told it lapsed; the farm hears nothing.
    expect((await notificationsOf(buyer)).some((item) => item.related_entity_id === orderId)).toBe(true);
    expect((await notificationsOf(seller)).filter((item) => item.related_entity_id === orderId)).toEqual([]);
  });

  it('keeps within the stock rules: a product whose minimum rose above what was ordered does not come back', async () => {
    const { buyer, productId, placed } = await placeHosted();
    // The farm raised the product's minimum above what was ordered.
    await app().db.update(products).set({ minOrderQuantity: 5 }).where(eq(products.id, productId));
    // The lapse is noticed when the buyer acts on the order, before the timer: the same rule.
    const acted = await act(app(), buyer, placed.orders[0]?.id ?? '', { action: 'pay' });
    expect(acted.statusCode).toBe(409);
    expect(await basketLines(buyer.id)).toEqual([]);
  });

  it('leaves an order placed to be paid from the wallet later as before (no provider payment: nothing put back)', async () => {
    const { buyer, body } = await basketOf(null);
    const placed = await checkout(app(), buyer, { ...body, payNow: false });
    expect(placed.statusCode, placed.body).toBe(201);
    await sweepOrderTimers(app(), new Date(Date.now() + 16 * 60_000));
    expect(await basketLines(buyer.id)).toEqual([]);
  });
});

/** The buyer's own cancel of an unpaid order is not the farm's news either. */
describe('the farm and unpaid orders', () => {
  it('a buyer who cancels an order awaiting payment: the farm is told nothing', async () => {
    const { buyer, seller, body } = await basketOf(null);
    const placed = (await checkout(app(), buyer, { ...body, payNow: false })).json() as TCheckoutResponse;
    const orderId = placed.orders[0]?.id ?? '';
    const cancelled = await act(app(), buyer, orderId, { action: 'cancel', reason: 'Changed my mind' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await notificationsOf(seller)).filter((item) => item.related_entity_id === orderId)).toEqual([]);
  });
});
