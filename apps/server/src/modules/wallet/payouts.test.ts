import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TPayoutListResponse, TPayoutResponse, TWalletHistoryResponse } from '@pulse/contract/wallet';
import { sellerApplications } from '../../db/schema/seller-applications';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balances, createBuyer, createSeller, fundWallet, ledgerTotal, makeAdmin, nextKey, type TestUser } from '../orders/testing/order-fixtures';
import type { PaymentProvider } from '../payments/payment-provider-types';
import { createSandboxProvider } from '../payments/sandbox-provider';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

async function payout(user: TestUser, body: Record<string, unknown>, key: string | null = nextKey('payout')) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/wallet/payouts',
    headers: { ...bearer(user.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

/** A seller with `availableMinor` earned (credited as a top-up would) and no payout details on file. */
async function sellerWith(availableMinor: number): Promise<TestUser> {
  const seller = await createSeller(testApp.app, 'Payout Farm');
  if (availableMinor > 0) await fundWallet(testApp.app, seller.id, availableMinor);
  return seller;
}

async function withProvider<T>(provider: Partial<PaymentProvider>, run: () => Promise<T>): Promise<T> {
  const original = testApp.app.paymentProvider;
  testApp.app.paymentProvider = { ...createSandboxProvider(), ...provider };
  try {
    return await run();
  } finally {
    testApp.app.paymentProvider = original;
  }
}

describe('POST /api/wallet/payouts', () => {
  it('pays out to the given destination: available down, paid out up, a payout entry in the history', async () => {
    const { app } = testApp;
    const seller = await sellerWith(5000);
    const response = await payout(seller, { amountMinor: 3000, destination: 'MTN mobile money 024 000 0000' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as TPayoutResponse;
    expect(body).toMatchObject({ status: 'succeeded', amountMinor: 3000, destination: 'MTN mobile money 024 000 0000', failureReason: null });
    expect(body.providerReference).toMatch(/^sbx_trf_/);
    expect(body.wallet).toMatchObject({ availableMinor: 2000, paidOutMinor: 3000 });
    expect(await balances(app, seller.id)).toMatchObject({ availableMinor: 2000, paidOutMinor: 3000 });
    expect(await ledgerTotal(app)).toBe(0);

    const history = (await app.inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(seller.token) })).json() as TWalletHistoryResponse;
    expect(history.items[0]).toMatchObject({ kind: 'payout', availableChangeMinor: -3000, escrowChangeMinor: 0, memo: 'Payout to MTN mobile money 024 000 0000' });
  });

  it('uses the payout details of the approved application, whatever the body says', async () => {
    const seller = await sellerWith(2000);
    await testApp.app.db
      .update(sellerApplications)
      .set({ payoutMethod: 'mobile_money', payoutProviderName: 'MTN', payoutAccountName: 'Ama Mensah', payoutAccountNumber: '0240000000' })
      .where(eq(sellerApplications.userId, seller.id));
    const response = await payout(seller, { amountMinor: 1500, destination: 'somewhere else' });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as TPayoutResponse).destination).toBe('Mobile money · MTN · Ama Mensah · 0240000000');
  });

  it('the same Idempotency-Key returns the same payout (200) and pays once; another amount with it is 409', async () => {
    const { app } = testApp;
    const seller = await sellerWith(5000);
    const key = nextKey('same');
    const first = await payout(seller, { amountMinor: 1000, destination: 'Bank 123' }, key);
    expect(first.statusCode).toBe(201);
    const again = await payout(seller, { amountMinor: 1000, destination: 'Bank 123' }, key);
    expect(again.statusCode).toBe(200);
    expect((again.json() as TPayoutResponse).id).toBe((first.json() as TPayoutResponse).id);
    expect((await balances(app, seller.id)).availableMinor).toBe(4000);
    const other = await payout(seller, { amountMinor: 2000, destination: 'Bank 123' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('This Idempotency-Key was already used for a different payout.');
    expect((await balances(app, seller.id)).availableMinor).toBe(4000);
  });

  it('refuses more than the available balance (409, says the most) and with nothing available', async () => {
    const seller = await sellerWith(1250);
    const tooMuch = await payout(seller, { amountMinor: 1300, destination: 'Bank 123' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('You can pay out at most $12.50, your available balance.');
    const empty = await sellerWith(0);
    const none = await payout(empty, { amountMinor: 100, destination: 'Bank 123' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toMatch(/^You have nothing available to pay out yet/);
    // Nothing was recorded: the same key works once the money is there.
    expect(((await testApp.app.inject({ method: 'GET', url: '/api/wallet/payouts', headers: bearer(seller.token) })).json() as TPayoutListResponse).items).toEqual([]);
  });

  it('two payouts at once for the whole balance: one is paid, the other refused', async () => {
    const { app } = testApp;
    const seller = await sellerWith(3000);
    const [a, b] = await Promise.all([payout(seller, { amountMinor: 3000, destination: 'Bank 1' }), payout(seller, { amountMinor: 3000, destination: 'Bank 1' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await balances(app, seller.id)).toMatchObject({ availableMinor: 0, paidOutMinor: 3000 });
  });

  it('a payout the provider refuses or cannot take is stored as failed and moves no money', async () => {
    const { app } = testApp;
    const seller = await sellerWith(3000);
    const refused = await withProvider({ startTransfer: async () => ({ status: 'failed', transferCode: 'po_x', failureReason: 'The account number was not found.' }) }, () =>
      payout(seller, { amountMinor: 1000, destination: 'Bank 999' }),
    );
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ status: 'failed', failureReason: 'The account number was not found.', providerReference: 'po_x', wallet: { availableMinor: 3000, paidOutMinor: 0 } });
    const down = await withProvider(
      {
        startTransfer: async () => {
          throw new Error('connection reset');
        },
      },
      () => payout(seller, { amountMinor: 1000, destination: 'Bank 999' }),
    );
    expect(down.statusCode).toBe(201);
    expect(down.json()).toMatchObject({ status: 'failed', failureReason: 'The payment could not be processed right now. Try again later.', providerReference: null });
    expect(await balances(app, seller.id)).toMatchObject({ availableMinor: 3000, paidOutMinor: 0 });
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('bad input: no key, no destination, amounts out of range (400 with field messages)', async () => {
    const seller = await sellerWith(5000);
    const noKey = await payout(seller, { amountMinor: 1000, destination: 'Bank 1' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toBe('Idempotency-Key header is required');
    const noDestination = await payout(seller, { amountMinor: 1000 });
    expect(noDestination.statusCode).toBe(400);
    expect(noDestination.json().error.fields).toEqual({ destination: 'Add your payout details (mobile money or bank account) before requesting a payout.' });
    for (const [amountMinor, message] of [
      [50, 'The smallest payout is 1.00'],
      [10.5, 'Enter a whole number of cents'],
      ['ten', 'Enter an amount'],
      [20_000_000, 'The largest payout is 100,000.00'],
    ] as const) {
      const response = await payout(seller, { amountMinor, destination: 'Bank 1' });
      expect(response.statusCode, String(amountMinor)).toBe(400);
      expect(response.json().error.fields?.amountMinor).toBe(message);
    }
    expect((await balances(testApp.app, seller.id)).availableMinor).toBe(5000);
  });

  it('is for sellers: 401 for visitors, 403 for buyers and admins without the seller role, before the body is read', async () => {
    const buyer = await createBuyer(testApp.app);
    await fundWallet(testApp.app, buyer.id, 5000);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/wallet/payouts', payload: { amountMinor: 100 } })).statusCode).toBe(401);
    const byBuyer = await payout(buyer, { amountMinor: 1000, destination: 'Bank 1' });
    expect(byBuyer.statusCode).toBe(403);
    expect((await payout(buyer, { amountMinor: 'bad' })).statusCode).toBe(403);
    const admin = await createBuyer(testApp.app);
    await makeAdmin(testApp.app, admin.id);
    expect((await payout(admin, { amountMinor: 1000, destination: 'Bank 1' })).statusCode).toBe(403);
    expect((await balances(testApp.app, buyer.id)).availableMinor).toBe(5000);
  });
});

describe('GET /api/wallet/payouts', () => {
  it('lists my payouts newest first with a cursor; others are not shown', async () => {
    const seller = await sellerWith(10_000);
    const other = await sellerWith(10_000);
    const ids: string[] = [];
    for (const amountMinor of [100, 200, 300]) ids.push((((await payout(seller, { amountMinor, destination: 'Bank 1' })).json()) as TPayoutResponse).id);
    await payout(other, { amountMinor: 500, destination: 'Bank 2' });
    const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: bearer(seller.token) });
    const page = (await get('/api/wallet/payouts?limit=2')).json() as TPayoutListResponse;
    expect(page.items.map((item) => item.amountMinor)).toEqual([300, 200]);
    const rest = (await get(`/api/wallet/payouts?limit=2&cursor=${page.nextCursor ?? ''}`)).json() as TPayoutListResponse;
    expect(rest.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(rest.nextCursor).toBeNull();
    expect((await get('/api/wallet/payouts?cursor=zzz')).statusCode).toBe(400);
    const buyer = await createBuyer(testApp.app);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/wallet/payouts', headers: bearer(buyer.token) })).statusCode).toBe(403);
  });
});
