import type { TRefundStatus } from '@pulse/contract/orders';

export const REFUND_FILTERS = ['all', 'open', 'contested', 'refunded', 'refused'] as const;
export type RefundFilter = (typeof REFUND_FILTERS)[number];

export const REFUND_FILTER_LABELS: Readonly<Record<RefundFilter, string>> = {
  all: 'All',
  open: 'Open',
  contested: 'Contested',
  refunded: 'Refunded',
  refused: 'Refused',
};

const FILTER_STATUSES: Readonly<Record<RefundFilter, readonly TRefundStatus[]>> = {
  all: [],
  open: ['refund_requested'],
  contested: ['refund_disputed'],
  refunded: ['refunded'],
  refused: ['refund_rejected'],
};

/** The statuses a filter asks the server for; empty means every refund status. */
export function refundFilterStatuses(filter: RefundFilter): readonly TRefundStatus[] {
  return FILTER_STATUSES[filter];
}

export function parseRefundFilter(value: string | null): RefundFilter {
  return REFUND_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** How a refund's state reads to the farm and to the buyer. */
export const REFUND_STATE_LABELS: Readonly<Record<TRefundStatus, { label: string; color: string }>> = {
  refund_requested: { label: 'Waiting for your answer', color: 'orange' },
  refund_disputed: { label: 'With Pulse Market', color: 'grape' },
  refunded: { label: 'Refunded', color: 'gray' },
  refund_rejected: { label: 'Refused', color: 'red' },
};

export const BUYER_REFUND_STATE_LABELS: Readonly<Record<TRefundStatus, { label: string; color: string }>> = {
  refund_requested: { label: 'Waiting for the farm', color: 'orange' },
  refund_disputed: { label: 'With Pulse Market', color: 'grape' },
  refunded: { label: 'Refunded', color: 'green' },
  refund_rejected: { label: 'Refused', color: 'red' },
};
