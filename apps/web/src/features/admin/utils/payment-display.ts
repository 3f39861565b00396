import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { RECONCILIATION_STATES, type TAdminPaymentItem, type TAdminPaymentsResponse, type TReconciliationState } from '@pulse/contract/payments';
import { formatMoney } from '../../../lib/format';

/** The Payments tab's filter (`?paymentState=`): everything by default, newest first. */
export const PAYMENT_STATE_FILTERS = ['all', ...RECONCILIATION_STATES] as const;
export type PaymentStateFilter = (typeof PAYMENT_STATE_FILTERS)[number];

export function parsePaymentStateFilter(value: string | null): PaymentStateFilter {
  return PAYMENT_STATE_FILTERS.find((state) => state === value) ?? 'all';
}

/** The `state` query of GET /api/admin/payments, none for "all". */
export function paymentStateQuery(filter: PaymentStateFilter): TReconciliationState | undefined {
  return filter === 'all' ? undefined : filter;
}

/** How many items a filter holds, from the response's counts (all time); "all" is their sum. */
export function paymentFilterCount(filter: PaymentStateFilter, counts: TAdminPaymentsResponse['counts'] | undefined): number | null {
  if (!counts) return null;
  if (filter === 'all') return RECONCILIATION_STATES.reduce((sum, state) => sum + counts[state], 0);
  return counts[filter];
}

export const PAYMENT_STATE_COLORS: Readonly<Record<TReconciliationState, string>> = {
  matched: 'green',
  waiting: 'yellow',
  failed: 'gray',
  mismatch: 'red',
};

export const PAYMENT_EMPTY_MESSAGES: Readonly<Record<PaymentStateFilter, MessageDescriptor>> = {
  all: msg`No payments yet. Top-ups, checkout payments and payouts through the payment provider are listed here.`,
  matched: msg`No matched payments yet.`,
  waiting: msg`Nothing is waiting for the payment provider.`,
  failed: msg`No failed or abandoned payments.`,
  mismatch: msg`No mismatches: every payment agrees with the provider.`,
};

const PURPOSE_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  top_up: msg`Top-up`,
  checkout: msg`Checkout`,
  payout: msg`Payout`,
};

/** Top-up, Checkout or Payout; an event for no known reference says so. */
export function paymentPurposeLabel(item: Pick<TAdminPaymentItem, 'kind' | 'purpose'>): MessageDescriptor {
  const label = item.purpose ? PURPOSE_LABELS[item.purpose] : undefined;
  if (label) return label;
  if (item.kind === 'transfer') return msg`Payout`;
  if (item.kind === 'event') return msg`Unknown reference`;
  return msg`Payment`;
}

const STATUS_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  created: msg`Created`,
  pending: msg`Pending`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
  abandoned: msg`Abandoned`,
  reversed: msg`Reversed`,
};

/** The intent's or payout's own status in words; a status this page does not know yet shows as the server wrote it. */
export function paymentStatusLabel(status: string): MessageDescriptor | string {
  return STATUS_LABELS[status] ?? status;
}

export interface PaymentAmounts {
  /** What was asked (the intent's or payout's amount). */
  amount: string | null;
  /** What the provider's verify said was paid, when it answered. */
  verified: string | null;
  fee: string | null;
  /** The verify disagreed with the amount asked: nothing was credited. */
  differs: boolean;
}

function money(minor: number | null, currency: string | null): string | null {
  if (minor === null) return null;
  return currency ? formatMoney(minor, currency) : String(minor);
}

export function paymentAmounts(item: Pick<TAdminPaymentItem, 'amountMinor' | 'verifiedAmountMinor' | 'feesMinor' | 'currency'>): PaymentAmounts {
  return {
    amount: money(item.amountMinor, item.currency),
    verified: money(item.verifiedAmountMinor, item.currency),
    fee: money(item.feesMinor, item.currency),
    differs: item.verifiedAmountMinor !== null && item.amountMinor !== null && item.verifiedAmountMinor !== item.amountMinor,
  };
}

/** A stored provider event as an admin reads it: indented JSON. */
export function prettyPayload(payload: unknown): string {
  return JSON.stringify(payload, null, 2) ?? String(payload);
}
