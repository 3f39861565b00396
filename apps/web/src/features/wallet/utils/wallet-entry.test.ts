import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { ZLedgerTransactionKind, type TWalletEntry } from '@pulse/contract/wallet';
import { describeWalletEntry, formatSignedMoney, WALLET_KIND_LABELS } from './wallet-entry';

function entry(overrides: Partial<TWalletEntry>): TWalletEntry {
  return {
    id: '0190f0e0-0000-7000-8000-000000000001',
    kind: 'top_up',
    availableChangeMinor: 0,
    escrowChangeMinor: 0,
    orderId: null,
    memo: '',
    createdAt: '2026-11-22T10:00:00.000Z',
    payment: null,
    ...overrides,
  };
}

describe('wallet history wording', () => {
  it('signs amounts like a statement', () => {
    expect(formatSignedMoney(1000, 'USD')).toBe('+$10.00');
    expect(formatSignedMoney(-450, 'USD')).toBe('−$4.50');
    expect(formatSignedMoney(0, 'USD')).toBe('$0.00');
  });

  it('shows a top-up as money in', () => {
    expect(describeWalletEntry(entry({ availableChangeMinor: 2500 }), 'USD', i18n)).toEqual({ amount: '+$25.00', tone: 'in', detail: null });
  });

  it('shows a payment as money out, held in escrow until delivery', () => {
    expect(describeWalletEntry(entry({ kind: 'order_payment', availableChangeMinor: -1250, escrowChangeMinor: 1250 }), 'USD', i18n)).toEqual({
      amount: '−$12.50',
      tone: 'out',
      detail: '$12.50 held until delivery',
    });
  });

  it('keeps one line per order payment whose state changes: held, paid to the farm, refunded', () => {
    const payment = (status: 'held' | 'paid' | 'refunded', amounts: { heldMinor?: number; paidMinor?: number; refundedMinor?: number }) =>
      entry({
        kind: 'order_payment',
        availableChangeMinor: -2606,
        escrowChangeMinor: 2606,
        payment: { status, heldMinor: 0, paidMinor: 0, refundedMinor: 0, settledAt: status === 'held' ? null : '2026-11-24T10:00:00.000Z', ...amounts },
      });
    expect(describeWalletEntry(payment('held', { heldMinor: 2606 }), 'USD', i18n)).toEqual({ amount: '−$26.06', tone: 'out', detail: 'Held until delivery' });
    expect(describeWalletEntry(payment('held', { heldMinor: 2406, refundedMinor: 200 }), 'USD', i18n).detail).toBe('$24.06 held until delivery');
    expect(describeWalletEntry(payment('paid', { paidMinor: 2606 }), 'USD', i18n)).toEqual({ amount: '−$26.06', tone: 'out', detail: 'Paid to the farm' });
    expect(describeWalletEntry(payment('paid', { paidMinor: 2406, refundedMinor: 200 }), 'USD', i18n).detail).toBe('$24.06 paid to the farm');
    expect(describeWalletEntry(payment('refunded', { refundedMinor: 2606 }), 'USD', i18n).detail).toBe('Refunded to your wallet');
  });

  it('shows a refund from escrow as money back', () => {
    expect(describeWalletEntry(entry({ kind: 'refund', availableChangeMinor: 1250, escrowChangeMinor: -1250 }), 'USD', i18n)).toEqual({
      amount: '+$12.50',
      tone: 'in',
      detail: '$12.50 back from escrow',
    });
  });

  it('labels every kind of movement', () => {
    expect(i18n._(WALLET_KIND_LABELS.top_up)).toBe('Top-up');
    expect(i18n._(WALLET_KIND_LABELS.escrow_release)).toBe('Payment released');
    expect(i18n._(WALLET_KIND_LABELS.referral_earning)).toBe('Referral earning');
    expect(i18n._(WALLET_KIND_LABELS.provider_fee)).toBe('Payment fee');
    expect(i18n._(WALLET_KIND_LABELS.payout_return)).toBe('Payout returned');
    expect(Object.keys(WALLET_KIND_LABELS).sort()).toEqual([...ZLedgerTransactionKind.options].sort());
  });
});
