import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TRefundStatus } from '@pulse/contract/orders';

export const REFUND_FILTERS = ['all', 'open', 'contested', 'refunded', 'refused'] as const;
export type RefundFilter = (typeof REFUND_FILTERS)[number];

/** The filter buttons (a context of their own: French words them in the plural, the badges in the singular). */
export const REFUND_FILTER_LABELS: Readonly<Record<RefundFilter, MessageDescriptor>> = {
  all: msg({ message: 'All', context: 'refund filter' }),
  open: msg({ message: 'Open', context: 'refund filter' }),
  contested: msg({ message: 'Contested', context: 'refund filter' }),
  refunded: msg({ message: 'Refunded', context: 'refund filter' }),
  refused: msg({ message: 'Refused', context: 'refund filter' }),
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
export const REFUND_STATE_LABELS: Readonly<Record<TRefundStatus, { label: MessageDescriptor; color: string }>> = {
  refund_requested: { label: msg`Waiting for your answer`, color: 'orange' },
  refund_disputed: { label: msg`With Pulse Market`, color: 'grape' },
  refunded: { label: msg`Refunded`, color: 'gray' },
  refund_rejected: { label: msg`Refused`, color: 'red' },
};

export const BUYER_REFUND_STATE_LABELS: Readonly<Record<TRefundStatus, { label: MessageDescriptor; color: string }>> = {
  refund_requested: { label: msg`Waiting for the farm`, color: 'orange' },
  refund_disputed: { label: msg`With Pulse Market`, color: 'grape' },
  refunded: { label: msg`Refunded`, color: 'green' },
  refund_rejected: { label: msg`Refused`, color: 'red' },
};
