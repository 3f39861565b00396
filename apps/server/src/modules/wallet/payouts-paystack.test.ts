import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackDouble, type PaystackDouble } from '@pulse/paystack-double';
import type { TPayoutResponse } from '@pulse/contract/wallet';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balances, ledgerTotal, type TestUser } from '../orders/testing/order-fixtures';
import { handleTransferEvent, sweepPendingTransfers } from '../payments/transfer-events';
import { notificationTexts, payoutNotifications, requestPayout, sellerWith } from './testing/payout-fixtures';

/**
 * Payouts through Paystack (issue 24), against the Paystack double: the transfers that reach it,
 * and what its transfer events do. The double's webhooks are not sent to the app here (no
 * webhookUrl): each test hands the event to handleTransferEvent, as the webhook route does.
 */

let double: PaystackDouble;
let testApp: TestApp;

beforeAll(async () => {
  double = await startPaystackDouble({ port: 0, secretKey: 'sk_test_x' });
  testApp = await createTestApp({ ORDER_TIMERS: 'off', CURRENCY: 'GHS', PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: double.url });
}, 60_000);

afterEach(() => {
  double.assertNoViolations();
});

afterAll(async () => {
  await testApp?.close();
  await double?.close();
});

const app = () => testApp.app;

function transfersTo(reference: string | null) {
  return double.requests().filter((request) => request.method === 'POST' && request.path === '/transfer' && (request.body as { reference?: string }).reference === reference);
}

/** Paystack settles the transfer (or not) and sends its event; the app stores it and acts on it. */
async function complete(reference: string, outcome: 'success' | 'failed' | 'reversed') {
  await double.completeTransfer(reference, outcome);
  return handleTransferEvent(app(), { event: `transfer.${outcome}`, reference, payload: { event: `transfer.${outcome}`, data: { reference } } });
}

async function pendingPayout(seller: TestUser, amountMinor: number): Promise<TPayoutResponse> {
  const response = await requestPayout(app(), seller, { amountMinor });
  expect(response.statusCode, response.body).toBe(201);
  const payout = response.json() as TPayoutResponse;
  expect(payout).toMatchObject({ status: 'pending', destination: 'MTN Mobile Money ****4567' });
  return payout;
}

describe('payouts through Paystack', () => {
  it('two payouts of the whole balance at once: exactly one POST /transfer reaches Paystack', async () => {
    const seller = await sellerWith(app(), 12_000);
    const before = double.requests().filter((request) => request.path === '/transfer').length;
    const answers = await Promise.all([requestPayout(app(), seller, { amountMinor: 12_000 }), requestPayout(app(), seller, { amountMinor: 12_000 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const sent = double.requests().filter((request) => request.path === '/transfer').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ source: 'balance', amount: 12_000, currency: 'GHS', reference: expect.stringMatching(/^po_[0-9a-f]{32}$/) });
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 0, payoutPendingMinor: 12_000, paidOutMinor: 0 });
  });

  it('transfer.success settles it: paid out, and the seller is told', async () => {
    const seller = await sellerWith(app(), 12_000);
    const payout = await pendingPayout(seller, 12_000);
    expect(await complete(payout.providerReference ?? '', 'success')).toBe('applied');
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 0, payoutPendingMinor: 0, paidOutMinor: 12_000 });
    expect(await notificationTexts(app(), seller)).toEqual(['Your payout of GH₵120.00 was sent']);
    expect(await payoutNotifications(app(), seller)).toEqual([
      { type: 'payout_sent', title: 'Payout Sent', url: '/wallet', message: 'Your payout of GH₵120.00 was sent' },
    ]);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a failed transfer returns the money exactly once: the event twice, then the sweep', async () => {
    const seller = await sellerWith(app(), 12_000);
    const payout = await pendingPayout(seller, 5_000);
    const reference = payout.providerReference ?? '';
    expect(await complete(reference, 'failed')).toBe('applied');
    expect(await handleTransferEvent(app(), { event: 'transfer.failed', reference, payload: {} })).toBe('duplicate');
    await sweepPendingTransfers(app(), new Date(Date.now() + 10 * 60_000));
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 12_000, payoutPendingMinor: 0, paidOutMinor: 0 });
    expect(transfersTo(reference)).toHaveLength(1);
    const [text] = await notificationTexts(app(), seller);
    expect(text).toMatch(/^Your payout of GH₵50\.00 was returned to your wallet: ./);
    expect(await payoutNotifications(app(), seller)).toEqual([{ type: 'payout_failed', title: 'Payout Failed', url: '/wallet', message: text }]);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('Paystack reversing a sent transfer gives the money back once and marks the payout reversed', async () => {
    const seller = await sellerWith(app(), 12_000);
    const payout = await pendingPayout(seller, 7_000);
    const reference = payout.providerReference ?? '';
    expect(await complete(reference, 'success')).toBe('applied');
    expect(await complete(reference, 'reversed')).toBe('applied');
    expect(await handleTransferEvent(app(), { event: 'transfer.reversed', reference, payload: {} })).toBe('duplicate');
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 12_000, payoutPendingMinor: 0, paidOutMinor: 0 });
    const listed = await app().inject({ method: 'GET', url: '/api/wallet/payouts', headers: { authorization: `Bearer ${seller.token}` } });
    expect(listed.json().items[0]).toMatchObject({ id: payout.id, status: 'reversed' });
    expect((await payoutNotifications(app(), seller)).map(({ type, title, url }) => ({ type, title, url }))).toEqual([
      { type: 'payout_returned', title: 'Payout Returned', url: '/wallet' },
      { type: 'payout_sent', title: 'Payout Sent', url: '/wallet' },
    ]);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a lost webhook: the sweep verifies the transfer after two minutes and settles it', async () => {
    const seller = await sellerWith(app(), 12_000);
    const payout = await pendingPayout(seller, 3_000);
    await double.completeTransfer(payout.providerReference ?? '', 'success');
    await sweepPendingTransfers(app(), new Date(Date.now() + 3 * 60_000));
    expect(await balances(app(), seller.id)).toMatchObject({ payoutPendingMinor: 0, paidOutMinor: 3_000 });
    expect(double.requests().some((request) => request.method === 'GET' && request.path === `/transfer/verify/${payout.providerReference ?? ''}`)).toBe(true);
  });
});
