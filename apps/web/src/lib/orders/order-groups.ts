import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TOrderStatus } from '@pulse/contract/orders';

export const ORDER_GROUPS = ['active', 'completed', 'cancelled'] as const;
export type OrderGroup = (typeof ORDER_GROUPS)[number];

/** Tab names; render with i18n._(). */
export const orderGroupLabels: Readonly<Record<OrderGroup, MessageDescriptor>> = {
  active: msg`Active`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled & refunds`,
};

/**
 * Which orders each dashboard tab lists. Active runs from awaiting payment to delivered (the buyer
 * still waits for something); refund requests sit with the cancellations, where money comes back.
 */
export const ORDER_GROUP_STATUSES: Readonly<Record<OrderGroup, readonly TOrderStatus[]>> = {
  active: ['pending_payment', 'paid', 'accepted', 'ready', 'in_transit', 'delivered'],
  completed: ['completed'],
  cancelled: ['cancelled', 'refund_requested', 'refund_disputed', 'refunded', 'refund_rejected'],
};

export function getOrderGroup(status: TOrderStatus): OrderGroup {
  for (const group of ORDER_GROUPS) {
    if (ORDER_GROUP_STATUSES[group].includes(status)) return group;
  }
  return 'active';
}

/** The `status` filter of GET /api/orders for a tab. */
export function getOrderGroupStatusFilter(group: OrderGroup): string {
  return ORDER_GROUP_STATUSES[group].join(',');
}

export function isOrderGroup(value: string | null | undefined): value is OrderGroup {
  return value !== null && value !== undefined && (ORDER_GROUPS as readonly string[]).includes(value);
}

export type StatusColor = 'gray' | 'yellow' | 'blue' | 'teal' | 'green' | 'red' | 'orange' | 'grape';

/** Badge colour per status: waiting (yellow), moving (blue/teal), done (green), stopped (red), money back (grape/orange). */
export const orderStatusColors: Readonly<Record<TOrderStatus, StatusColor>> = {
  pending_payment: 'yellow',
  paid: 'blue',
  accepted: 'blue',
  ready: 'teal',
  in_transit: 'teal',
  delivered: 'green',
  completed: 'green',
  cancelled: 'red',
  refund_requested: 'orange',
  refund_disputed: 'orange',
  refunded: 'grape',
  refund_rejected: 'red',
};
