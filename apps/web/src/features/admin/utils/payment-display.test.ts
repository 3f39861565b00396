import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TAdminPaymentItem } from '@pulse/contract/payments';
import {
  parsePaymentStateFilter,
  paymentAmounts,
  paymentFilterCount,
  paymentPurposeLabel,
  paymentStateQuery,
  paymentStatusLabel,
  prettyPayload,
} from './payment-display';

function item(overrides: Partial<TAdminPaymentItem> = {}): TAdminPaymentItem {
  return {
    kind: 'payment',
    id: '01900000-0000-7000-8000-000000000001',
    reference: 'pm_tu_1',
    state: 'matched',
    status: 'succeeded',
    purpose: 'top_up',
    userId: '01900000-0000-7000-8000-0000000000b1',
    userName: 'ama',
    amountMinor: 5000,
    verifiedAmountMinor: 5000,
    feesMinor: 98,
    currency: 'GHS',
    mismatch: null,
    ledgerTransactionId: '01900000-0000-7000-8000-0000000000c1',
    createdAt: '2026-11-28T10:00:00.000Z',
    decidedAt: '2026-11-28T10:01:00.000Z',
    events: [],
    ...overrides,
  };
}

const COUNTS = { matched: 12, waiting: 2, failed: 3, mismatch: 1 };

describe('payments (reconciliation) display', () => {
  it('reads the state filter from the address, everything by default', () => {
    expect(parsePaymentStateFilter('mismatch')).toBe('mismatch');
    expect(parsePaymentStateFilter('nonsense')).toBe('all');
    expect(parsePaymentStateFilter(null)).toBe('all');
    expect(paymentStateQuery('all')).toBeUndefined();
    expect(paymentStateQuery('waiting')).toBe('waiting');
  });

  it('counts each state from the response, and all of them together', () => {
    expect(paymentFilterCount('mismatch', COUNTS)).toBe(1);
    expect(paymentFilterCount('all', COUNTS)).toBe(18);
    expect(paymentFilterCount('matched', undefined)).toBeNull();
  });

  it('names the purpose: top-up, checkout, payout, or an event for an unknown reference', () => {
    expect(i18n._(paymentPurposeLabel(item()))).toBe('Top-up');
    expect(i18n._(paymentPurposeLabel(item({ purpose: 'checkout' })))).toBe('Checkout');
    expect(i18n._(paymentPurposeLabel(item({ kind: 'transfer', purpose: null })))).toBe('Payout');
    expect(i18n._(paymentPurposeLabel(item({ kind: 'event', purpose: null })))).toBe('Unknown reference');
  });

  it('says a status in words, and shows one it does not know as the server wrote it', () => {
    const known = paymentStatusLabel('abandoned');
    expect(typeof known === 'string' ? known : i18n._(known)).toBe('Abandoned');
    expect(paymentStatusLabel('queued')).toBe('queued');
  });

  it('shows the amount asked, the amount verified and the fee, and flags a verify that differs', () => {
    expect(paymentAmounts(item())).toEqual({ amount: 'GH₵50.00', verified: 'GH₵50.00', fee: 'GH₵0.98', differs: false });
    expect(paymentAmounts(item({ state: 'mismatch', verifiedAmountMinor: 4000, feesMinor: null })).differs).toBe(true);
    expect(paymentAmounts(item({ verifiedAmountMinor: null, feesMinor: null }))).toEqual({ amount: 'GH₵50.00', verified: null, fee: null, differs: false });
    expect(paymentAmounts(item({ currency: null, amountMinor: 5000 })).amount).toBe('5000');
  });

  it('prints a stored event as indented JSON', () => {
    expect(prettyPayload({ event: 'charge.success', data: { amount: 5000 } })).toBe('{\n  "event": "charge.success",\n  "data": {\n    "amount": 5000\n  }\n}');
    expect(prettyPayload(undefined)).toBe('undefined');
  });
});
