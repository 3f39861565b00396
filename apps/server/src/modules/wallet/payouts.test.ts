import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TPayoutListResponse, TPayoutResponse, TWalletHistoryResponse } from '@pulse/contract/wallet';
import { payoutRecipients } from '../../db/schema/payments';
import { payouts } from '../../db/schema/ledger';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balances, createBuyer, ledgerTotal, makeAdmin, nextKey, fundWallet } from '../orders/testing/order-fixtures';
import { PaymentProviderUnavailableError } from '../payments/paystack-provider';
import { PAYOUT_RECIPIENT_FAILED_MESSAGE } from './payouts-service';
import { countingProvider, MTN_DETAILS, pendingTransfersProvider, requestPayout, sellerWith, type CountingProvider } from './testing/payout-fixtures';

let testApp: TestApp;
let provider: CountingProvider;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
}, 60_000);

beforeEach(() => {
  provider = countingProvider();
  testApp.app.paymentProvider = provider;
});

afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;

function listPayouts(user: { token: string }, query = '') {
  return app().inject({ method: 'GET', url: `/api/wallet/payouts${query}`, headers: bearer(user.token) });
}

describe('POST /api/wallet/payouts (sandbox: the provider settles at once)', () => {
  it('pays out to the payout details on file: the hold and the settlement leave available down and paid out up', async () => {
    const seller = await sellerWith(app(), 5000);
    const response = await requestPayout(app(), seller, { amountMinor: 3000, destination: 'somewhere else' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as TPayoutResponse;
    expect(body).toMatchObject({ status: 'succeeded', amountMinor: 3000, destination: 'MTN Mobile Money ****4567', failureReason: null });
    expect(body.providerReference).toBe(`po_${body.id.replaceAll('-', '')}`);
    expect(body.wallet).toMatchObject({ availableMinor: 2000, paidOutMinor: 3000 });
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 2000, paidOutMinor: 3000, payoutPendingMinor: 0 });
    expect(await ledgerTotal(app())).toBe(0);
    expect(provider.calls.startTransfer).toEqual([
      { reference: body.providerReference, amountMinor: 3000, currency: 'USD', recipientCode: expect.stringMatching(/^sbx_rcp_/), reason: 'Pulse Market payout' },
    ]);
    // The recipient is the network's code and the number in its 10-digit form.
    expect(provider.calls.createRecipient).toEqual([
      { userId: seller.id, method: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567', accountName: 'Ama Mensah', currency: 'USD' },
    ]);

    const history = (await app().inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(seller.token) })).json() as TWalletHistoryResponse;
    expect(history.items[0]).toMatchObject({ kind: 'payout', availableChangeMinor: -3000, escrowChangeMinor: 0, memo: 'Payout to MTN Mobile Money ****4567' });
    // The settlement moves nothing the history shows (pending -> paid out): one line per payout.
    expect(history.items.filter((item) => item.kind === 'payout')).toHaveLength(1);
  });

  it('with no details on file, the typed destination is read for its network and number', async () => {
    const seller = await sellerWith(app(), 2000, null);
    const response = await requestPayout(app(), seller, { amountMinor: 1500, destination: 'Vodafone Cash +233 20 700 2002' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'succeeded', destination: 'Telecel Cash ****2002' });
    expect(provider.calls.createRecipient[0]).toMatchObject({ method: 'mobile_money', bankCode: 'VOD', accountNumber: '0207002002', accountName: seller.username });
    // The sandbox pays out to anything; it is shown as typed.
    const other = await requestPayout(app(), seller, { amountMinor: 100, destination: 'Cash at the co-op office' });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json()).toMatchObject({ status: 'succeeded', destination: 'Cash at the co-op office' });
  });

  it('creates the provider recipient once for the same account, and a new one when the details change', async () => {
    const seller = await sellerWith(app(), 5000);
    for (const amountMinor of [1000, 1000]) expect((await requestPayout(app(), seller, { amountMinor })).statusCode).toBe(201);
    expect(provider.calls.createRecipient).toHaveLength(1);
    expect(provider.calls.startTransfer).toHaveLength(2);
    const stored = await app().db.select().from(payoutRecipients).where(eq(payoutRecipients.userId, seller.id));
    expect(stored).toMatchObject([{ provider: 'sandbox', method: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567', accountName: 'Ama Mensah' }]);
    const rows = await app().db.select().from(payouts).where(eq(payouts.userId, seller.id));
    expect(rows.map((row) => row.recipientCode)).toEqual([stored[0]?.recipientCode, stored[0]?.recipientCode]);
  });

  it('the same Idempotency-Key returns the same payout (200) and pays once; another amount with it is 409', async () => {
    const seller = await sellerWith(app(), 5000);
    const key = nextKey('same');
    const first = await requestPayout(app(), seller, { amountMinor: 1000 }, key);
    expect(first.statusCode).toBe(201);
    const again = await requestPayout(app(), seller, { amountMinor: 1000 }, key);
    expect(again.statusCode).toBe(200);
    expect((again.json() as TPayoutResponse).id).toBe((first.json() as TPayoutResponse).id);
    expect((await balances(app(), seller.id)).availableMinor).toBe(4000);
    const other = await requestPayout(app(), seller, { amountMinor: 2000 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('This Idempotency-Key was already used for a different payout.');
    expect((await balances(app(), seller.id)).availableMinor).toBe(4000);
    expect(provider.calls.startTransfer).toHaveLength(1);
  });

  it('refuses more than the available balance (409, says the most) and with nothing available; nothing reaches the provider', async () => {
    const seller = await sellerWith(app(), 1250);
    const tooMuch = await requestPayout(app(), seller, { amountMinor: 1300 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('You can pay out at most $12.50, your available balance.');
    const empty = await sellerWith(app(), 0);
    const none = await requestPayout(app(), empty, { amountMinor: 100 });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toMatch(/^You have nothing available to pay out yet/);
    // Nothing was recorded: the same key works once the money is there.
    expect(((await listPayouts(seller)).json() as TPayoutListResponse).items).toEqual([]);
    expect(provider.calls.createRecipient).toEqual([]);
    expect(provider.calls.startTransfer).toEqual([]);
  });

  it('two payouts at once for the whole balance: one transfer reaches the provider, the other is refused', async () => {
    const seller = await sellerWith(app(), 3000);
    const [a, b] = await Promise.all([requestPayout(app(), seller, { amountMinor: 3000 }), requestPayout(app(), seller, { amountMinor: 3000 })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(provider.calls.startTransfer).toHaveLength(1);
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 0, paidOutMinor: 3000, payoutPendingMinor: 0 });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a transfer the provider refuses at once is failed with its reason, and the hold comes back once', async () => {
    const seller = await sellerWith(app(), 3000);
    provider = countingProvider({ startTransfer: async () => ({ status: 'failed', transferCode: null, failureReason: 'Your balance is not enough to fulfil this request' }) });
    app().paymentProvider = provider;
    const refused = await requestPayout(app(), seller, { amountMinor: 1000 });
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ status: 'failed', failureReason: 'Your balance is not enough to fulfil this request', wallet: { availableMinor: 3000, paidOutMinor: 0 } });
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 3000, paidOutMinor: 0, payoutPendingMinor: 0 });
    const history = (await app().inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(seller.token) })).json() as TWalletHistoryResponse;
    expect(history.items.slice(0, 2).map((item) => [item.kind, item.availableChangeMinor])).toEqual([
      ['payout_return', 1000],
      ['payout', -1000],
    ]);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a recipient the provider cannot register fails the payout at once, with the money back and no transfer asked for', async () => {
    const seller = await sellerWith(app(), 3000);
    provider = countingProvider({
      createRecipient: async () => {
        throw new PaymentProviderUnavailableError('Paystack unavailable for POST /transferrecipient: network error', 'POST /transferrecipient', null);
      },
    });
    app().paymentProvider = provider;
    const response = await requestPayout(app(), seller, { amountMinor: 1000 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'failed', failureReason: PAYOUT_RECIPIENT_FAILED_MESSAGE, wallet: { availableMinor: 3000 } });
    expect(provider.calls.startTransfer).toEqual([]);
    expect(await app().db.select().from(payoutRecipients).where(eq(payoutRecipients.userId, seller.id))).toEqual([]);
  });

  it('a provider that cannot be reached for the transfer leaves the payout pending: the money is held, neither available nor paid out', async () => {
    const seller = await sellerWith(app(), 3000);
    provider = countingProvider({
      startTransfer: async () => {
        throw new PaymentProviderUnavailableError('Paystack unavailable for POST /transfer: no answer within 15000 ms', 'POST /transfer', null);
      },
    });
    app().paymentProvider = provider;
    const response = await requestPayout(app(), seller, { amountMinor: 1200 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'pending', failureReason: null, wallet: { availableMinor: 1800, paidOutMinor: 0 } });
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 1800, paidOutMinor: 0, payoutPendingMinor: 1200 });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a transfer the provider keeps pending answers pending and is listed as pending', async () => {
    const seller = await sellerWith(app(), 3000);
    const pending = pendingTransfersProvider();
    app().paymentProvider = pending;
    const response = await requestPayout(app(), seller, { amountMinor: 1200 });
    expect(response.json()).toMatchObject({ status: 'pending', destination: 'MTN Mobile Money ****4567', wallet: { availableMinor: 1800, paidOutMinor: 0 } });
    const [row] = await app().db.select().from(payouts).where(eq(payouts.userId, seller.id));
    expect(row).toMatchObject({ status: 'pending', transferCode: expect.stringMatching(/^TRF_/), recipientCode: expect.stringMatching(/^sbx_rcp_/), decidedAt: null });
    expect(((await listPayouts(seller)).json() as TPayoutListResponse).items.map((item) => item.status)).toEqual(['pending']);
  });

  it('bad input: no key, no destination, amounts out of range (400 with field messages)', async () => {
    const seller = await sellerWith(app(), 5000, null);
    const noKey = await requestPayout(app(), seller, { amountMinor: 1000, destination: 'MTN 0241234567' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toBe('Idempotency-Key header is required');
    const noDestination = await requestPayout(app(), seller, { amountMinor: 1000 });
    expect(noDestination.statusCode).toBe(400);
    expect(noDestination.json().error.fields).toEqual({ destination: 'Add your payout details (mobile money or bank account) before requesting a payout.' });
    for (const [amountMinor, message] of [
      [50, 'The smallest payout is 1.00'],
      [10.5, 'Enter a whole number of cents'],
      ['ten', 'Enter an amount'],
      [20_000_000, 'The largest payout is 100,000.00'],
    ] as const) {
      const response = await requestPayout(app(), seller, { amountMinor, destination: 'MTN 0241234567' });
      expect(response.statusCode, String(amountMinor)).toBe(400);
      expect(response.json().error.fields?.amountMinor).toBe(message);
    }
    expect((await balances(app(), seller.id)).availableMinor).toBe(5000);
  });

  it('is for sellers and agents: 401 for visitors, 403 for buyers and admins, before the body is read', async () => {
    const buyer = await createBuyer(app());
    await fundWallet(app(), buyer.id, 5000);
    expect((await app().inject({ method: 'POST', url: '/api/wallet/payouts', payload: { amountMinor: 100 } })).statusCode).toBe(401);
    expect((await requestPayout(app(), buyer, { amountMinor: 1000, destination: 'MTN 0241234567' })).statusCode).toBe(403);
    expect((await requestPayout(app(), buyer, { amountMinor: 'bad' })).statusCode).toBe(403);
    const admin = await createBuyer(app());
    await makeAdmin(app(), admin.id);
    expect((await requestPayout(app(), admin, { amountMinor: 1000, destination: 'MTN 0241234567' })).statusCode).toBe(403);
    expect((await balances(app(), buyer.id)).availableMinor).toBe(5000);
    expect(provider.calls.startTransfer).toEqual([]);
  });
});

describe('GET /api/wallet/payouts', () => {
  it('lists my payouts newest first with a cursor; others are not shown', async () => {
    const seller = await sellerWith(app(), 10_000);
    const other = await sellerWith(app(), 10_000, { ...MTN_DETAILS, accountNumber: '0551112222' });
    const ids: string[] = [];
    for (const amountMinor of [100, 200, 300]) ids.push(((await requestPayout(app(), seller, { amountMinor })).json() as TPayoutResponse).id);
    await requestPayout(app(), other, { amountMinor: 500 });
    const page = (await listPayouts(seller, '?limit=2')).json() as TPayoutListResponse;
    expect(page.items.map((item) => item.amountMinor)).toEqual([300, 200]);
    const rest = (await listPayouts(seller, `?limit=2&cursor=${page.nextCursor ?? ''}`)).json() as TPayoutListResponse;
    expect(rest.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(rest.nextCursor).toBeNull();
    expect((await listPayouts(seller, '?cursor=zzz')).statusCode).toBe(400);
    const buyer = await createBuyer(app());
    expect((await listPayouts(buyer)).statusCode).toBe(403);
  });

  it('says why a payout failed in the reader’s language', async () => {
    const seller = await sellerWith(app(), 3000);
    app().paymentProvider = countingProvider({
      createRecipient: async () => {
        throw new Error('refused');
      },
    });
    await requestPayout(app(), seller, { amountMinor: 1000 });
    const french = (await app().inject({ method: 'GET', url: '/api/wallet/payouts', headers: { ...bearer(seller.token), 'accept-language': 'fr' } })).json() as TPayoutListResponse;
    expect(french.items[0]?.status).toBe('failed');
    expect(french.items[0]?.failureReason).not.toBe(PAYOUT_RECIPIENT_FAILED_MESSAGE);
  });
});
