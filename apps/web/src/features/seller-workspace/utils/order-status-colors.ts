import type { TOrderStatus } from '@pulse/contract/orders';

export const ORDER_STATUS_COLORS: Readonly<Record<TOrderStatus, string>> = {
  pending_payment: 'yellow',
  paid: 'blue',
  accepted: 'cyan',
  ready: 'teal',
  in_transit: 'indigo',
  delivered: 'green',
  completed: 'green',
  cancelled: 'gray',
  refund_requested: 'orange',
  refund_disputed: 'grape',
  refunded: 'gray',
  refund_rejected: 'red',
};
