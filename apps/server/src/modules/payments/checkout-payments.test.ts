import type { PaystackDouble } from '@pulse/paystack-double';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckoutPaymentResponse, TCheckoutResponse } from '@pulse/contract/orders';
import { formatMoney } from '@pulse/contract/money';
import type { TListNotificationsResponse } from '@pulse/contract/notifications';
import { basketItems } from '../../db/schema/basket-items';
import { ledgerTransactions } from '../../db/schema/ledger';
import { orderEvents } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import {
  balances,
  checkout,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  fundWallet,
  ledgerTotal,
  nextKey,
  productStock,
  putInBasket,
  type TestUser,
} from '../orders/testing/order-fixtures';
import { sweepOrderTimers } from '../orders/orders-service';
import { intentLedgerKey } from './intent-ledger';
import { paymentReferenceOf } from './intents-service';
import { sweepPayments } from './reconciliation-service';
import { platformBalance, startPaystackSuite, type PaystackSuite } from './testing/paystack-test-app';

/**
 * Pay at checkout (issue 24): the orders wait in pending_payment while the provider takes the
 * exact total; a verified success pays them from the wallet it was credited to, once; a failure
 * cancels them and gives the basket back; money that arrives after the orders lapsed stays in the
 * wallet and the buyer is told.
 */

interface Basket {
  buyer: TestUser;
  seller: TestUser;
  productId: string;
  body: Record<string, unknown>;
}

/** One farm, one product (4 x unitMinor) in the buyer's basket, a pickup slot; `payWith` added to the checkout body. */
async function basketOf(app: FastifyInstance, payWith: Record<string, unknown> | null, unitMinor = 1355): Promise<Basket> {
  const buyer = await createBuyer(app);
  const seller = await createSeller(app);
  const productId = await createProduct(app, seller.id, { priceMinor: unitMinor, stockQuantity: 10 });
  const slotId = await createSlot(app, seller.id, { method: 'pickup' });
  await putInBasket(app, buyer.id, productId, 4);
  return { buyer, seller, productId, body: { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }], ...(payWith ? { payWith } : {}) } };
}

async function basketLines(app: FastifyInstance, userId: string) {
  return app.db.select({ productId: basketItems.productId, quantity: basketItems.quantity }).from(basketItems).where(eq(basketItems.userId, userId));
}

async function getPayment(app: FastifyInstance, user: TestUser, checkoutId: string) {
  return app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}/payment`, headers: bearer(user.token) });
}

/** How many times each order became paid (an order paid twice would show 2). */
async function paidEvents(app: FastifyInstance, orderIds: string[]): Promise<number[]> {
  const rows = await app.db
    .select({ orderId: orderEvents.orderId })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.toStatus, 'paid')));
  return orderIds.map((id) => rows.filter((row) => row.orderId === id).length);
}

async function intentCredits(app: FastifyInstance, intentId: string): Promise<number> {
  const rows = await app.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, intentLedgerKey(intentId)));
  return rows.length;
}

async function orderStatuses(app: FastifyInstance, user: TestUser, checkoutId: string): Promise<string[]> {
  const response = await getPayment(app, user, checkoutId);
  return (response.json() as TCheckoutPaymentResponse).orders.map((order) => order.status);
}

/** Polls (no fixed sleep) until `holds` is true of what `read` gives, or fails after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition still false after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('pay at checkout with the sandbox provider', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('pays the orders with a card at once: the money passes through the wallet to escrow, the ledger sums to zero', async () => {
    const { app } = testApp;
    const { buyer, productId, body } = await basketOf(app, { method: 'card', cardNumber: '4242 4242 4242 4242' });
    await fundWallet(app, buyer.id, 700);

    const response = await checkout(app, buyer, body);
    expect(response.statusCode).toBe(201);
    const placed = response.json() as TCheckoutResponse;
    expect(placed.payment).toMatchObject({ status: 'succeeded', amountMinor: 5420, failureReason: null, nextAction: null, authorizationUrl: null });
    expect(placed.orders.map((order) => order.status)).toEqual(['paid']);
    // The wallet's own money is untouched: the card paid the whole total, which now waits in escrow.
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 700, escrowMinor: 5420 });
    expect(await productStock(app, productId)).toMatchObject({ stock: 10, reserved: 4 });
    expect(await basketLines(app, buyer.id)).toEqual([]);
    expect(await paidEvents(app, placed.orders.map((order) => order.id))).toEqual([1]);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('keeps the basket when the card is declined: orders cancelled, stock released, nothing charged, the reason in words', async () => {
    const { app } = testApp;
    const { buyer, productId, body } = await basketOf(app, { method: 'card', cardNumber: '4000 0000 0000 0002' });

    const response = await checkout(app, buyer, body);
    expect(response.statusCode).toBe(201);
    const placed = response.json() as TCheckoutResponse;
    expect(placed.payment).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', amountMinor: 5420 });
    expect(placed.orders.map((order) => order.status)).toEqual(['cancelled']);
    expect(await productStock(app, productId)).toMatchObject({ stock: 10, reserved: 0 });
    expect(await basketLines(app, buyer.id)).toEqual([{ productId, quantity: 4 }]);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 0, escrowMinor: 0 });
    expect(await intentCredits(app, placed.payment?.intentId ?? '')).toBe(0);

    // The reason reads in the reader's language.
    const french = await app.inject({ method: 'GET', url: `/api/checkout/${placed.checkoutId}/payment`, headers: { ...bearer(buyer.token), 'accept-language': 'fr' } });
    expect((french.json() as TCheckoutPaymentResponse).payment.failureReason).toBe('Votre carte a été refusée.');
  });

  it('answers a replay of the Idempotency-Key with the same checkout and the same payment', async () => {
    const { app } = testApp;
    const { buyer, body } = await basketOf(app, { method: 'mobile_money', mobileMoney: { phone: '024 123 4567', network: 'mtn' } });
    const key = nextKey('pay-at-checkout');

    const first = await checkout(app, buyer, body, key);
    const second = await checkout(app, buyer, body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    const a = first.json() as TCheckoutResponse;
    const b = second.json() as TCheckoutResponse;
    expect(b.replayed).toBe(true);
    expect(b.checkoutId).toBe(a.checkoutId);
    expect(b.payment?.intentId).toBe(a.payment?.intentId);
    expect(b.payment?.status).toBe('succeeded');
    expect(b.orders.map((order) => order.status)).toEqual(['paid']);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 0, escrowMinor: 5420 });

    // The same key with another way of paying is another request.
    const other = await checkout(app, buyer, { ...body, payWith: { method: 'card', cardNumber: '4242 4242 4242 4242' } }, key);
    expect(other.statusCode).toBe(409);
  });

  it('refuses mobile money without a number before creating anything', async () => {
    const { app } = testApp;
    const { buyer, productId, body } = await basketOf(app, { method: 'mobile_money' });
    const response = await checkout(app, buyer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { fields: { 'payWith.mobileMoney': 'Enter the mobile money number and network' } } });
    expect(await basketLines(app, buyer.id)).toEqual([{ productId, quantity: 4 }]);
    expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });
  });

  it("answers 404 for another buyer's checkout and for a checkout paid from the wallet", async () => {
    const { app } = testApp;
    const { buyer, body } = await basketOf(app, { method: 'card', cardNumber: '4242 4242 4242 4242' });
    const placed = (await checkout(app, buyer, body)).json() as TCheckoutResponse;
    const stranger = await createBuyer(app);
    expect((await getPayment(app, stranger, placed.checkoutId)).statusCode).toBe(404);
    const otp = await app.inject({ method: 'POST', url: `/api/checkout/${placed.checkoutId}/payment/otp`, headers: bearer(stranger.token), payload: { otp: '123456' } });
    expect(otp.statusCode).toBe(404);
    expect((await getPayment(app, buyer, placed.checkoutId)).statusCode).toBe(200);

    const wallet = await basketOf(app, null);
    await fundWallet(app, wallet.buyer.id, 10_000);
    const paidFromWallet = (await checkout(app, wallet.buyer, wallet.body)).json() as TCheckoutResponse;
    expect(paidFromWallet.payment).toBeNull();
    expect((await getPayment(app, wallet.buyer, paidFromWallet.checkoutId)).statusCode).toBe(404);
  });
});

describe('pay at checkout with Paystack (the Paystack double)', () => {
  let suite: PaystackSuite;
  let double: PaystackDouble;
  let testApp: TestApp;

  beforeAll(async () => {
    suite = await startPaystackSuite();
    ({ double, testApp } = suite);
  });

  afterAll(async () => {
    await suite?.close();
    // Every request the app sent Paystack matched Paystack's OpenAPI document.
    double.assertNoViolations();
  });

  async function placeHosted(): Promise<Basket & { placed: TCheckoutResponse }> {
    const basket = await basketOf(testApp.app, { method: 'hosted' });
    const response = await checkout(testApp.app, basket.buyer, basket.body);
    expect(response.statusCode).toBe(201);
    return { ...basket, placed: response.json() as TCheckoutResponse };
  }

  /** The buyer presses a button on the double's hosted page; answers where the page sends the buyer back. */
  async function onHostedPage(authorizationUrl: string | null | undefined, action: 'approve' | 'decline'): Promise<string> {
    const response = await fetch(`${authorizationUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channel=card',
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    return response.headers.get('location') ?? '';
  }

  it('hosted page -> approve -> webhook: the orders are paid exactly once, whatever else asks afterwards', async () => {
    const { app } = testApp;
    const { buyer, productId, placed } = await placeHosted();
    const clearingBefore = await platformBalance(app, 'provider_clearing');
    const feesBefore = await platformBalance(app, 'platform_provider_fees');
    const payment = placed.payment;
    expect(payment).toMatchObject({ status: 'pending', nextAction: 'redirect', amountMinor: 5420 });
    expect(payment?.authorizationUrl).toMatch(new RegExp(`^${double.url}/checkout/`));
    expect(placed.orders.map((order) => order.status)).toEqual(['pending_payment']);
    expect(await productStock(app, productId)).toMatchObject({ reserved: 4 });
    // Exactly the total of the orders was asked for, once.
    const reference = paymentReferenceOf(payment?.intentId ?? '');
    expect(double.transaction(reference)).toMatchObject({ amount: 5420, currency: 'GHS' });

    double.setWebhooks({ duplicate: true });
    try {
      const back = new URL(await onHostedPage(payment?.authorizationUrl, 'approve'));
      expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/basket');
      expect(back.searchParams.get('payment')).toBe(placed.checkoutId);

      const orderIds = placed.orders.map((order) => order.id);
      await eventually(() => paidEvents(app, orderIds), (counts) => counts[0] === 1);
      await eventually(
        async () => double.deliveries().filter((delivery) => delivery.reference === reference),
        (deliveries) => deliveries.length === 2 && deliveries.every((delivery) => delivery.state === 'delivered'),
      );
    } finally {
      double.setWebhooks({ duplicate: false });
    }

    // The return from the page, the reconciliation sweep and the order timers change nothing more.
    const returned = (await getPayment(app, buyer, placed.checkoutId)).json() as TCheckoutPaymentResponse;
    expect(returned.payment).toMatchObject({ status: 'succeeded', failureReason: null });
    expect(returned.orders.map((order) => order.status)).toEqual(['paid']);
    await sweepPayments(app, new Date(Date.now() + 5 * 60_000));
    await sweepOrderTimers(app, new Date(Date.now() + 16 * 60_000));

    expect(await paidEvents(app, placed.orders.map((order) => order.id))).toEqual([1]);
    expect(await intentCredits(app, payment?.intentId ?? '')).toBe(1);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 0, escrowMinor: 5420 });
    expect(await productStock(app, productId)).toMatchObject({ reserved: 4 });
    // Paystack keeps its 1.95 % (GH₵1.06), which the platform bears: clearing holds what Paystack settles.
    expect(await platformBalance(app, 'provider_clearing')).toBe(clearingBefore - (5420 - 106));
    expect(await platformBalance(app, 'platform_provider_fees')).toBe(feesBefore - 106);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('declined on the hosted page: the return says why, the orders are cancelled, the stock and the basket are back, nothing charged', async () => {
    const { app } = testApp;
    const { buyer, productId, body, placed } = await placeHosted();
    const clearingBefore = await platformBalance(app, 'provider_clearing');

    await onHostedPage(placed.payment?.authorizationUrl, 'decline');
    // Paystack sends no webhook for a declined charge: the return's verify decides it.
    const returned = await getPayment(app, buyer, placed.checkoutId);
    expect(returned.statusCode).toBe(200);
    const decided = returned.json() as TCheckoutPaymentResponse;
    expect(decided.payment).toMatchObject({ status: 'failed', failureReason: 'Declined by your bank', nextAction: null, authorizationUrl: null });
    expect(decided.orders.map((order) => order.status)).toEqual(['cancelled']);
    expect(await productStock(app, productId)).toMatchObject({ stock: 10, reserved: 0 });
    expect(await basketLines(app, buyer.id)).toEqual([{ productId, quantity: 4 }]);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 0, escrowMinor: 0 });
    expect(await intentCredits(app, decided.payment.intentId)).toBe(0);
    expect(await platformBalance(app, 'provider_clearing')).toBe(clearingBefore);

    // The same basket can be paid again at once (a new attempt, a new key).
    const retry = await checkout(app, buyer, { ...body, payWith: { method: 'hosted' } });
    expect(retry.statusCode).toBe(201);
    expect((retry.json() as TCheckoutResponse).payment).toMatchObject({ status: 'pending', nextAction: 'redirect' });
    expect(await productStock(app, productId)).toMatchObject({ reserved: 4 });
  });

  it('money that arrives after the orders lapsed stays in the wallet, and the buyer is told', async () => {
    const { app } = testApp;
    const { buyer, productId, placed } = await placeHosted();
    const reference = paymentReferenceOf(placed.payment?.intentId ?? '');

    // The 15-minute window passes before the buyer approves.
    await sweepOrderTimers(app, new Date(Date.now() + 16 * 60_000));
    expect(await orderStatuses(app, buyer, placed.checkoutId)).toEqual(['cancelled']);
    expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });

    await double.approve(reference);
    await eventually(() => balances(app, buyer.id), (wallet) => wallet.availableMinor === 5420);

    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 5420, escrowMinor: 0 });
    expect(await orderStatuses(app, buyer, placed.checkoutId)).toEqual(['cancelled']);
    expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });
    expect(await ledgerTotal(app)).toBe(0);
    // The notification is written once the credit committed.
    const messages = await eventually(
      async () => ((await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(buyer.token) })).json() as TListNotificationsResponse).items.map((item) => item.message),
      (items) => items.some((message) => message.startsWith('Your payment')),
    );
    expect(messages).toContain('Your payment of GH₵54.20 arrived after your order expired. It is in your wallet.');
    // Asking again credits nothing more.
    await sweepPayments(app, new Date(Date.now() + 5 * 60_000));
    expect(await intentCredits(app, placed.payment?.intentId ?? '')).toBe(1);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 5420 });
  });

  it('tells a French-speaking buyer in French, the amount in the French format', async () => {
    const { app } = testApp;
    const { buyer, placed } = await placeHosted();
    await app.db.update(users).set({ language: 'fr' }).where(eq(users.id, buyer.id));
    await sweepOrderTimers(app, new Date(Date.now() + 16 * 60_000));
    await double.approve(paymentReferenceOf(placed.payment?.intentId ?? ''));
    const notifications = await eventually(
      async () => ((await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(buyer.token) })).json() as TListNotificationsResponse).items,
      (items) => items.some((item) => item.message.startsWith('Votre paiement')),
    );
    expect(notifications.map((item) => item.message)).toContain(
      `Votre paiement de ${formatMoney(5420, 'GHS', 'fr')} est arrivé après l’expiration de votre commande. Il se trouve dans votre portefeuille.`,
    );
  });

  it('mobile money with an SMS code: code, approval on the phone, then the orders are paid', async () => {
    const { app } = testApp;
    const { buyer, body } = await basketOf(app, { method: 'mobile_money', mobileMoney: { phone: '024 123 0000', network: 'mtn' } });
    const placed = (await checkout(app, buyer, body)).json() as TCheckoutResponse;
    expect(placed.payment).toMatchObject({ status: 'pending', nextAction: 'send_otp', displayText: 'Enter the code sent to your phone by SMS' });

    const coded = await app.inject({ method: 'POST', url: `/api/checkout/${placed.checkoutId}/payment/otp`, headers: bearer(buyer.token), payload: { otp: '123456' } });
    expect(coded.statusCode).toBe(200);
    expect((coded.json() as TCheckoutPaymentResponse).payment).toMatchObject({ status: 'pending', nextAction: 'pay_offline', displayText: 'Approve the payment on your phone' });
    // A second code is refused: the payment is waiting for the phone, not for a code.
    const twice = await app.inject({ method: 'POST', url: `/api/checkout/${placed.checkoutId}/payment/otp`, headers: bearer(buyer.token), payload: { otp: '123456' } });
    expect(twice.statusCode).toBe(409);

    await double.approve(paymentReferenceOf(placed.payment?.intentId ?? ''));
    await eventually(() => orderStatuses(app, buyer, placed.checkoutId), (statuses) => statuses[0] === 'paid');
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 0, escrowMinor: 5420 });
  });

  it('answers a replay with the same payment and never starts a second one', async () => {
    const { app } = testApp;
    const { buyer, body } = await basketOf(app, { method: 'hosted' });
    const key = nextKey('pay-at-checkout');
    const first = (await checkout(app, buyer, body, key)).json() as TCheckoutResponse;
    const again = await checkout(app, buyer, body, key);
    expect(again.statusCode).toBe(200);
    const second = again.json() as TCheckoutResponse;
    expect(second).toMatchObject({ replayed: true, checkoutId: first.checkoutId });
    expect(second.payment).toMatchObject({ intentId: first.payment?.intentId, status: 'pending', authorizationUrl: first.payment?.authorizationUrl });
    const reference = paymentReferenceOf(first.payment?.intentId ?? '');
    const initialized = double.requests().filter((request) => request.path === '/transaction/initialize' && (request.body as { reference?: string }).reference === reference);
    expect(initialized).toHaveLength(1);
  });

  it('refuses a typed card (Paystack takes cards on its page) and another buyer’s checkout', async () => {
    const { app } = testApp;
    const { buyer, body } = await basketOf(app, { method: 'card', cardNumber: '4242 4242 4242 4242' });
    const refused = await checkout(app, buyer, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { fields: { 'payWith.method': expect.any(String) } } });

    const { placed } = await placeHosted();
    const stranger = await createBuyer(app);
    expect((await getPayment(app, stranger, placed.checkoutId)).statusCode).toBe(404);
  });
});
