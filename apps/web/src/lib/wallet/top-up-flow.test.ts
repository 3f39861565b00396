import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TTopUpResponse } from '@pulse/contract/wallet';
import { isPaymentPageUrl, pollTimeLeft, shouldPollTopUp, TOP_UP_POLL_LIMIT_MS, topUpOutcome, topUpStep } from './top-up-flow';

function topUp(overrides: Partial<TTopUpResponse> = {}): TTopUpResponse {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    status: 'pending',
    amountMinor: 5000,
    failureReason: null,
    nextAction: null,
    authorizationUrl: null,
    displayText: null,
    reference: 'pm_tu_1',
    wallet: { currency: 'GHS', availableMinor: 0, escrowMinor: 0, paidOutMinor: 0 },
    ...overrides,
  };
}

describe('top-up steps', () => {
  it('sends the person to the provider’s page only when it is a web address', () => {
    const hosted = topUp({ nextAction: 'redirect', authorizationUrl: 'https://checkout.paystack.com/abc' });
    expect(topUpStep(hosted)).toEqual({ kind: 'redirect', url: 'https://checkout.paystack.com/abc' });
    expect(topUpStep({ ...hosted, authorizationUrl: 'javascript:alert(1)' })).toEqual({ kind: 'confirming' });
    expect(topUpStep({ ...hosted, authorizationUrl: null })).toEqual({ kind: 'confirming' });
    expect(isPaymentPageUrl('http://127.0.0.1:4010/checkout/abc')).toBe(true);
    expect(isPaymentPageUrl('data:text/html,hi')).toBe(false);
    expect(isPaymentPageUrl('not a url')).toBe(false);
  });

  it('asks for the SMS code, or to approve on the phone with the provider’s instruction', () => {
    expect(topUpStep(topUp({ nextAction: 'send_otp' }))).toEqual({ kind: 'otp' });
    expect(topUpStep(topUp({ nextAction: 'pay_offline', displayText: 'Dial *170# to approve' }))).toEqual({
      kind: 'approve',
      displayText: 'Dial *170# to approve',
    });
  });

  it('reads a decided top-up whatever next action is left on it', () => {
    expect(topUpStep(topUp({ status: 'succeeded', nextAction: 'pay_offline' }))).toEqual({ kind: 'succeeded' });
    expect(topUpStep(topUp({ status: 'failed', failureReason: 'Declined by your bank' }))).toEqual({ kind: 'failed', reason: 'Declined by your bank' });
    expect(topUpStep(topUp({ status: 'abandoned' }))).toEqual({ kind: 'abandoned' });
  });
});

describe('polling a pending top-up', () => {
  it('asks again while the provider has to answer, not while the person types the code, not once decided', () => {
    expect(shouldPollTopUp(undefined)).toBe(true);
    expect(shouldPollTopUp(topUp({ nextAction: 'pay_offline' }))).toBe(true);
    expect(shouldPollTopUp(topUp())).toBe(true);
    // Back from the provider's page, the intent may still name the page: it is verified all the same.
    expect(shouldPollTopUp(topUp({ nextAction: 'redirect', authorizationUrl: 'https://checkout.paystack.com/abc' }))).toBe(true);
    expect(shouldPollTopUp(topUp({ nextAction: 'send_otp' }))).toBe(false);
    expect(shouldPollTopUp(topUp({ status: 'succeeded' }))).toBe(false);
    expect(shouldPollTopUp(topUp({ status: 'failed' }))).toBe(false);
  });

  it('stops after 3 minutes', () => {
    const start = Date.parse('2026-11-28T10:00:00Z');
    expect(pollTimeLeft(start, start)).toBe(3 * 60_000);
    expect(pollTimeLeft(start, start + 60_000)).toBe(TOP_UP_POLL_LIMIT_MS - 60_000);
    expect(pollTimeLeft(start, start + 10 * 60_000)).toBe(0);
  });
});

describe('what became of a top-up', () => {
  it('says how much was added, why it failed, or that it was cancelled', () => {
    expect(topUpOutcome(topUp({ status: 'succeeded' }), i18n)).toEqual({ tone: 'success', text: 'GH₵50.00 added to your wallet' });
    expect(topUpOutcome(topUp({ status: 'failed', failureReason: 'The mobile money approval timed out' }), i18n)).toEqual({
      tone: 'failure',
      text: 'The mobile money approval timed out',
    });
    expect(topUpOutcome(topUp({ status: 'failed' }), i18n)?.text).toBe('The payment did not go through.');
    expect(topUpOutcome(topUp({ status: 'abandoned', failureReason: 'You cancelled the payment' }), i18n)).toEqual({ tone: 'failure', text: 'You cancelled the payment' });
    expect(topUpOutcome(topUp({ status: 'abandoned', failureReason: null }), i18n)).toEqual({ tone: 'failure', text: 'The payment was cancelled.' });
    expect(topUpOutcome(topUp(), i18n)).toBeNull();
  });
});
