import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, TEST_ENV, type TestApp } from '../../testing/create-test-app';
import { postLedgerTransaction } from './ledger-service';
import type { PaymentProvider } from '../payments/payment-provider-types';
import { createSandboxProvider } from '../payments/sandbox-provider';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ CURRENCY: 'EUR' });
});

afterAll(async () => {
  await testApp.close();
});

function topUp(token: string, body: unknown, key: string | null = `key-${Math.random().toString(36).slice(2)}`) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/wallet/top-ups',
    headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body as object,
  });
}

async function wallet(token: string) {
  return (await testApp.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(token) })).json();
}

describe('wallet API', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/wallet'],
      ['GET', '/api/wallet/history'],
      ['POST', '/api/wallet/top-ups'],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('a new wallet is empty, in the deployment currency, and names the payment provider', async () => {
    const { token } = await registerTestUser(testApp.app);
    expect(await wallet(token)).toEqual({ currency: 'EUR', availableMinor: 0, escrowMinor: 0, paidOutMinor: 0, paymentProvider: 'sandbox' });
  });

  it('a top-up charges the card and credits the available balance', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await topUp(token, { amountMinor: 2500, cardNumber: '4242 4242 4242 4242' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'succeeded',
      amountMinor: 2500,
      failureReason: null,
      wallet: { currency: 'EUR', availableMinor: 2500, escrowMinor: 0, paidOutMinor: 0 },
    });
    expect((await wallet(token)).availableMinor).toBe(2500);
  });

  it('requires the Idempotency-Key header', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await topUp(token, { amountMinor: 1000 }, null);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Idempotency-Key header is required');
    expect((await wallet(token)).availableMinor).toBe(0);
  });

  it('refuses amounts outside the limits with field messages', async () => {
    const { token } = await registerTestUser(testApp.app);
    const tooSmall = await topUp(token, { amountMinor: 99 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error.fields).toEqual({ amountMinor: 'The smallest top-up is 1.00' });
    const tooLarge = await topUp(token, { amountMinor: 1_000_001 });
    expect(tooLarge.json().error.fields).toEqual({ amountMinor: 'The largest top-up is 10,000.00' });
    const fraction = await topUp(token, { amountMinor: 150.5 });
    expect(fraction.json().error.fields).toEqual({ amountMinor: 'Enter a whole number of cents' });
    const badCard = await topUp(token, { amountMinor: 500, cardNumber: 'abc' });
    expect(badCard.json().error.fields).toEqual({ cardNumber: 'Enter a card number' });
    expect((await wallet(token)).availableMinor).toBe(0);
  });

  it('a declined card answers 201 with status failed and the reason, and credits nothing', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await topUp(token, { amountMinor: 5000, cardNumber: '4000 0000 0000 0002' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', wallet: { availableMinor: 0 } });
    const history = (await testApp.app.inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(token) })).json();
    expect(history.items).toEqual([]);
  });

  it('a retried key returns the same top-up with 200 and credits once', async () => {
    const { token } = await registerTestUser(testApp.app);
    const first = await topUp(token, { amountMinor: 1200 }, 'retry-key-1');
    const second = await topUp(token, { amountMinor: 1200 }, 'retry-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect((await wallet(token)).availableMinor).toBe(1200);
  });

  it('the same key with another amount is refused', async () => {
    const { token } = await registerTestUser(testApp.app);
    await topUp(token, { amountMinor: 1200 }, 'reused-key');
    const response = await topUp(token, { amountMinor: 9900 }, 'reused-key');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This Idempotency-Key was already used for a different top-up.');
    expect((await wallet(token)).availableMinor).toBe(1200);
  });

  it('keys are per user: two users may use the same key', async () => {
    const alice = await registerTestUser(testApp.app);
    const bob = await registerTestUser(testApp.app);
    expect((await topUp(alice.token, { amountMinor: 300 }, 'shared-key')).statusCode).toBe(201);
    expect((await topUp(bob.token, { amountMinor: 400 }, 'shared-key')).statusCode).toBe(201);
    expect((await wallet(alice.token)).availableMinor).toBe(300);
    expect((await wallet(bob.token)).availableMinor).toBe(400);
  });

  it('ten simultaneous top-ups with one Idempotency-Key credit once', async () => {
    const { token } = await registerTestUser(testApp.app);
    const responses = await Promise.all(Array.from({ length: 10 }, () => topUp(token, { amountMinor: 700 }, 'simultaneous-key')));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect((await wallet(token)).availableMinor).toBe(700);
  });

  it('charges through the provider the app is decorated with, once per key', async () => {
    const { token } = await registerTestUser(testApp.app);
    const original = testApp.app.paymentProvider;
    const started: string[] = [];
    const sandbox = createSandboxProvider();
    const counting: PaymentProvider = {
      ...sandbox,
      async startPayment(request) {
        started.push(request.reference);
        return sandbox.startPayment(request);
      },
    };
    testApp.app.paymentProvider = counting;
    try {
      await topUp(token, { amountMinor: 800, method: 'card' }, 'provider-key');
      await topUp(token, { amountMinor: 800, method: 'card' }, 'provider-key');
    } finally {
      testApp.app.paymentProvider = original;
    }
    expect(started).toHaveLength(1);
  });

  it('a provider that fails to answer leaves the top-up failed and nothing credited (no 500)', async () => {
    const { token } = await registerTestUser(testApp.app);
    const original = testApp.app.paymentProvider;
    testApp.app.paymentProvider = { ...createSandboxProvider(), startPayment: () => Promise.reject(new Error('connection reset')) };
    try {
      const response = await topUp(token, { amountMinor: 800 });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ status: 'failed', failureReason: 'The payment could not be processed right now. Try again later.' });
    } finally {
      testApp.app.paymentProvider = original;
    }
    expect((await wallet(token)).availableMinor).toBe(0);
  });
});

describe('top-up states with the sandbox', () => {
  it('a card top-up is decided in the same request and can be read back by its owner only', async () => {
    const { token } = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    const created = await topUp(token, { amountMinor: 1_800 });
    expect(created.json()).toMatchObject({ status: 'succeeded', nextAction: null, authorizationUrl: null, displayText: null, reference: expect.stringMatching(/^pm-[0-9a-f]{32}$/) });
    const id = created.json().id as string;

    const read = await testApp.app.inject({ method: 'GET', url: `/api/wallet/top-ups/${id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, status: 'succeeded', amountMinor: 1_800, wallet: { availableMinor: 1_800 } });
    const foreign = await testApp.app.inject({ method: 'GET', url: `/api/wallet/top-ups/${id}`, headers: bearer(stranger.token) });
    expect(foreign.statusCode).toBe(404);
    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/wallet/top-ups/0190a5c4-0000-7000-8000-000000000000', headers: bearer(token) });
    expect(unknown.statusCode).toBe(404);
  });

  it('a declined card reads back as failed with the reason, in the reader’s language', async () => {
    const { token } = await registerTestUser(testApp.app);
    const id = (await topUp(token, { amountMinor: 900, cardNumber: '4000 0000 0000 0002' })).json().id as string;
    const read = await testApp.app.inject({ method: 'GET', url: `/api/wallet/top-ups/${id}`, headers: { ...bearer(token), 'accept-language': 'fr' } });
    expect(read.json()).toMatchObject({ status: 'failed', failureReason: 'Votre carte a été refusée.' });
  });

  it('mobile money needs a number and a network; with them the sandbox approves at once', async () => {
    const { token } = await registerTestUser(testApp.app);
    const missing = await topUp(token, { amountMinor: 1_000, method: 'mobile_money' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ mobileMoney: 'Enter the mobile money number and network' });
    const badPhone = await topUp(token, { amountMinor: 1_000, method: 'mobile_money', mobileMoney: { phone: '12', network: 'mtn' } });
    expect(badPhone.json().error.fields).toEqual({ 'mobileMoney.phone': 'Enter a mobile money number such as 024 123 4567' });
    const approved = await topUp(token, { amountMinor: 1_000, method: 'mobile_money', mobileMoney: { phone: '024 123 4567', network: 'mtn' } });
    expect(approved.statusCode).toBe(201);
    expect(approved.json()).toMatchObject({ status: 'succeeded', wallet: { availableMinor: 1_000 } });
  });

  it('a code for a top-up that is not waiting for one is refused with 409', async () => {
    const { token } = await registerTestUser(testApp.app);
    const id = (await topUp(token, { amountMinor: 700 })).json().id as string;
    const response = await testApp.app.inject({ method: 'POST', url: `/api/wallet/top-ups/${id}/otp`, headers: bearer(token), payload: { otp: '123456' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This payment is not waiting for a code.');
  });

  it('the provider’s webhook route refuses every call while the sandbox is the provider (nothing to sign with)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'a'.repeat(128) },
      payload: JSON.stringify({ event: 'charge.success', data: { reference: 'pm-1' } }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('wallet history', () => {
  it('lists the caller’s movements newest first with the net change of available and escrow, page by page', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const other = await registerTestUser(testApp.app);
    await topUp(token, { amountMinor: 1000 });
    await topUp(other.token, { amountMinor: 999 });
    await postLedgerTransaction(testApp.app.db, {
      kind: 'order_payment',
      memo: 'Order payment',
      postings: [
        { account: { ownerUserId: user.id, kind: 'user_available' }, amountMinor: -400 },
        { account: { ownerUserId: user.id, kind: 'user_escrow' }, amountMinor: 400 },
      ],
    });
    await topUp(token, { amountMinor: 300 });

    const first = await testApp.app.inject({ method: 'GET', url: '/api/wallet/history?limit=2', headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((item: { kind: string; availableChangeMinor: number; escrowChangeMinor: number }) => [item.kind, item.availableChangeMinor, item.escrowChangeMinor])).toEqual([
      ['top_up', 300, 0],
      ['order_payment', -400, 400],
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await testApp.app.inject({ method: 'GET', url: `/api/wallet/history?limit=2&cursor=${page1.nextCursor}`, headers: bearer(token) })
    ).json();
    expect(page2.items.map((item: { kind: string; availableChangeMinor: number }) => [item.kind, item.availableChangeMinor])).toEqual([['top_up', 1000]]);
    expect(page2.nextCursor).toBeNull();
    expect(page2.items[0]).toMatchObject({ memo: 'Wallet top-up', orderId: null, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const { token } = await registerTestUser(testApp.app);
    const badCursor = await testApp.app.inject({ method: 'GET', url: '/api/wallet/history?cursor=nope', headers: bearer(token) });
    expect(badCursor.statusCode).toBe(400);
    const badLimit = await testApp.app.inject({ method: 'GET', url: '/api/wallet/history?limit=1000', headers: bearer(token) });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error.fields).toHaveProperty('limit');
  });
});

describe('payment provider configuration', () => {
  it('PAYMENT_PROVIDER defaults to the sandbox and refuses unknown providers by name', () => {
    expect(loadConfig(TEST_ENV).paymentProvider).toBe('sandbox');
    expect(testApp.app.paymentProvider.name).toBe('sandbox');
    expect(() => loadConfig({ ...TEST_ENV, PAYMENT_PROVIDER: 'stripe' })).toThrow('Invalid configuration: PAYMENT_PROVIDER must be one of sandbox, paystack');
  });
});
