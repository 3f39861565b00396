import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TPayoutListResponse, TPayoutResponse, TWalletHistoryResponse } from '@pulse/contract/wallet';
import { payouts } from '../../db/schema/ledger';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balances, ledgerTotal, type TestUser } from '../orders/testing/order-fixtures';
import { TRANSFER_REVERSED_MESSAGE } from '../wallet/payouts-service';
import { notificationTexts, pendingTransfersProvider, requestPayout, sellerWith } from '../wallet/testing/payout-fixtures';
import { PaymentProviderUnavailableError } from './paystack-provider';
import { handleTransferEvent, sweepPendingTransfers } from './transfer-events';

/**
 * What happens to a payout after the request (issue 24): the provider's transfer events and the
 * sweep of payouts left pending decide it once, from the provider's verify, never from the event.
 */

let testApp: TestApp;
let provider: ReturnType<typeof pendingTransfersProvider>;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
}, 60_000);

beforeEach(() => {
  provider = pendingTransfersProvider();
  testApp.app.paymentProvider = provider;
});

afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;
const MINUTE_MS = 60_000;

/** A seller with 5000 and a pending payout of 1200 (the provider accepted the transfer). */
async function pendingPayout(): Promise<{ seller: TestUser; payout: TPayoutResponse; reference: string }> {
  const seller = await sellerWith(app(), 5000);
  const response = await requestPayout(app(), seller, { amountMinor: 1200 });
  const payout = response.json() as TPayoutResponse;
  expect(payout.status, response.body).toBe('pending');
  return { seller, payout, reference: payout.providerReference ?? '' };
}

function transferEvent(event: string, reference: string | null, payload: unknown = { event, data: { reference, amount: 1, status: 'success' } }) {
  return handleTransferEvent(app(), { event, reference, payload });
}

async function statusOf(payoutId: string) {
  const [row] = await app().db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row;
}

describe('handleTransferEvent', () => {
  it('transfer.success settles a pending payout once, from the verify; replays are duplicates', async () => {
    const { seller, payout, reference } = await pendingPayout();
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 3800, payoutPendingMinor: 1200, paidOutMinor: 0 });

    // The webhook says success, the provider's verify says still pending: nothing moves.
    expect(await transferEvent('transfer.success', reference)).toBe('ignored');
    expect(await balances(app(), seller.id)).toMatchObject({ payoutPendingMinor: 1200, paidOutMinor: 0 });

    provider.decide(reference, { status: 'succeeded', failureReason: null });
    expect(await transferEvent('transfer.success', reference)).toBe('applied');
    expect(await transferEvent('transfer.success', reference)).toBe('duplicate');
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 3800, payoutPendingMinor: 0, paidOutMinor: 1200 });
    expect(await statusOf(payout.id)).toMatchObject({ status: 'succeeded', decidedAt: expect.any(Date), transferCode: expect.stringMatching(/^TRF_/) });
    expect(await notificationTexts(app(), seller)).toEqual(['Your payout of $12.00 was sent']);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('the verify decides, not the webhook: a "success" event for a transfer the provider failed returns the money', async () => {
    const { seller, reference } = await pendingPayout();
    provider.decide(reference, { status: 'failed', failureReason: 'Account not found' });
    expect(await transferEvent('transfer.success', reference)).toBe('applied');
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 5000, payoutPendingMinor: 0, paidOutMinor: 0 });
  });

  it('a failed transfer returns the money exactly once: webhook twice, then the sweep', async () => {
    const { seller, payout, reference } = await pendingPayout();
    provider.decide(reference, { status: 'failed', failureReason: 'Account not found' });
    expect(await transferEvent('transfer.failed', reference)).toBe('applied');
    expect(await transferEvent('transfer.failed', reference)).toBe('duplicate');
    await sweepPendingTransfers(app(), new Date(Date.now() + 10 * MINUTE_MS));

    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 5000, payoutPendingMinor: 0, paidOutMinor: 0 });
    const history = (await app().inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(seller.token) })).json() as TWalletHistoryResponse;
    expect(history.items.filter((item) => item.kind === 'payout_return').map((item) => item.availableChangeMinor)).toEqual([1200]);
    const listed = (await app().inject({ method: 'GET', url: '/api/wallet/payouts', headers: bearer(seller.token) })).json() as TPayoutListResponse;
    expect(listed.items[0]).toMatchObject({ id: payout.id, status: 'failed', failureReason: 'Account not found' });
    expect(await notificationTexts(app(), seller)).toEqual(['Your payout of $12.00 was returned to your wallet: Account not found']);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('transfer.reversed after a success takes the money back from paid out into the wallet, once, and marks it reversed', async () => {
    const { seller, payout, reference } = await pendingPayout();
    provider.decide(reference, { status: 'succeeded', failureReason: null });
    expect(await transferEvent('transfer.success', reference)).toBe('applied');
    provider.decide(reference, { status: 'reversed', failureReason: null });
    expect(await transferEvent('transfer.reversed', reference)).toBe('applied');
    expect(await transferEvent('transfer.reversed', reference)).toBe('duplicate');
    expect(await transferEvent('transfer.success', reference)).toBe('duplicate');

    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 5000, payoutPendingMinor: 0, paidOutMinor: 0 });
    expect(await statusOf(payout.id)).toMatchObject({ status: 'reversed', failureReason: TRANSFER_REVERSED_MESSAGE });
    expect(await notificationTexts(app(), seller)).toEqual([
      `Your payout of $12.00 was returned to your wallet: ${TRANSFER_REVERSED_MESSAGE}`,
      'Your payout of $12.00 was sent',
    ]);
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('transfer.reversed of a payout still pending returns the hold', async () => {
    const { seller, payout, reference } = await pendingPayout();
    provider.decide(reference, { status: 'reversed', failureReason: 'Reversed by the bank' });
    expect(await transferEvent('transfer.reversed', reference)).toBe('applied');
    expect(await statusOf(payout.id)).toMatchObject({ status: 'reversed', failureReason: 'Reversed by the bank' });
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 5000, payoutPendingMinor: 0 });
  });

  it('unknown references and other events change nothing', async () => {
    const { seller, reference } = await pendingPayout();
    provider.decide(reference, { status: 'succeeded', failureReason: null });
    expect(await transferEvent('transfer.success', null)).toBe('unknown_reference');
    expect(await transferEvent('transfer.success', 'po_00000000000070008000000000000000')).toBe('unknown_reference');
    expect(await transferEvent('transfer.success', 'TRF_somebody_else')).toBe('unknown_reference');
    expect(await transferEvent('charge.success', reference)).toBe('ignored');
    expect(provider.calls.verifyTransfer).toEqual([]);
    expect(await balances(app(), seller.id)).toMatchObject({ payoutPendingMinor: 1200, paidOutMinor: 0 });
  });

  it('a verify that cannot be made throws, so the stored event is tried again later', async () => {
    const { seller, reference } = await pendingPayout();
    app().paymentProvider = {
      ...provider,
      verifyTransfer: async () => {
        throw new PaymentProviderUnavailableError('Paystack unavailable for GET /transfer/verify/{reference}: network error', 'GET /transfer/verify', null);
      },
    };
    await expect(transferEvent('transfer.success', reference)).rejects.toThrow(PaymentProviderUnavailableError);
    expect(await balances(app(), seller.id)).toMatchObject({ payoutPendingMinor: 1200, paidOutMinor: 0 });
  });
});

describe('sweepPendingTransfers', () => {
  it('decides payouts pending for more than two minutes from the verify (lost webhooks), and leaves younger ones', async () => {
    const { seller, payout, reference } = await pendingPayout();
    provider.decide(reference, { status: 'succeeded', failureReason: null });
    expect(await sweepPendingTransfers(app(), new Date(Date.now() + MINUTE_MS))).toBe(0);
    expect((await statusOf(payout.id))?.status).toBe('pending');

    const later = new Date(Date.now() + 3 * MINUTE_MS);
    expect(await sweepPendingTransfers(app(), later)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(payout.id)).toMatchObject({ status: 'succeeded', decidedAt: later });
    expect(await balances(app(), seller.id)).toMatchObject({ payoutPendingMinor: 0, paidOutMinor: 1200 });
    // The webhook that arrives after the sweep finds it decided.
    expect(await transferEvent('transfer.success', reference)).toBe('duplicate');
    expect(await notificationTexts(app(), seller)).toEqual(['Your payout of $12.00 was sent']);
  });

  it('a transfer request that never reached the provider is sent again under the same reference: still one transfer', async () => {
    const seller = await sellerWith(app(), 5000);
    const down = {
      ...provider,
      startTransfer: async () => {
        throw new PaymentProviderUnavailableError('Paystack unavailable for POST /transfer: network error', 'POST /transfer', null);
      },
    };
    app().paymentProvider = down;
    const payout = (await requestPayout(app(), seller, { amountMinor: 2000 })).json() as TPayoutResponse;
    expect(payout.status).toBe('pending');

    app().paymentProvider = provider;
    const later = new Date(Date.now() + 3 * MINUTE_MS);
    await sweepPendingTransfers(app(), later);
    // (The sweep also meets the other tests' pending payouts: only this one's calls are counted.)
    const transfersOfThis = () => provider.calls.startTransfer.filter((call) => call.reference === payout.providerReference);
    expect(transfersOfThis()).toHaveLength(1);
    expect((await statusOf(payout.id))?.status).toBe('pending');

    // The provider now has the transfer: the next sweep verifies it and does not send it again.
    provider.decide(payout.providerReference ?? '', { status: 'failed', failureReason: 'Recipient account is inactive' });
    await sweepPendingTransfers(app(), later);
    expect(transfersOfThis()).toHaveLength(1);
    expect(await statusOf(payout.id)).toMatchObject({ status: 'failed', failureReason: 'Recipient account is inactive' });
    expect(await balances(app(), seller.id)).toMatchObject({ availableMinor: 5000, payoutPendingMinor: 0 });
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('a provider that cannot be reached leaves the payout for the next sweep', async () => {
    const { payout } = await pendingPayout();
    app().paymentProvider = {
      ...provider,
      verifyTransfer: async () => {
        throw new PaymentProviderUnavailableError('Paystack unavailable', 'GET /transfer/verify', 503);
      },
    };
    await sweepPendingTransfers(app(), new Date(Date.now() + 3 * MINUTE_MS));
    expect((await statusOf(payout.id))?.status).toBe('pending');
  });
});
