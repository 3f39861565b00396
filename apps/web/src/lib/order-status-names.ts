import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TOrderStatus } from '@pulse/contract/orders';

/** An order's status as buyers and farms read it (checkout confirmation, orders pages, farm queues); render with i18n._(). */
export const ORDER_STATUS_NAMES: Readonly<Record<TOrderStatus, MessageDescriptor>> = {
  pending_payment: msg`Awaiting payment`,
  paid: msg`Paid`,
  accepted: msg`Accepted by the farm`,
  ready: msg`Ready`,
  in_transit: msg`On its way`,
  delivered: msg`Delivered`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
  refund_requested: msg`Refund requested`,
  refund_disputed: msg`Refund contested`,
  refunded: msg`Refunded`,
  refund_rejected: msg`Refund refused`,
};
