import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TVehicle } from '@pulse/contract/agents';
import type { TDeliveryEvent, TDeliveryTaskStatus, TFailureReason } from '@pulse/contract/delivery';

/**
 * What the buyer and the farm read about a delivery on the order's delivery page (same English as the
 * contract's label tables); render with i18n._().
 */
export const deliveryTaskStatusLabels: Readonly<Record<TDeliveryTaskStatus, MessageDescriptor>> = {
  open: msg`Waiting for an agent`,
  claimed: msg`Agent on the way to the farm`,
  in_transit: msg`On its way`,
  delivered: msg`Delivered`,
  failed: msg`Delivery attempt failed`,
  returned: msg`Returned to the farm`,
  cancelled: msg`Cancelled`,
};

export const failureReasonLabels: Readonly<Record<TFailureReason, MessageDescriptor>> = {
  nobody_there: msg`Nobody there`,
  wrong_address: msg`Wrong address`,
  refused: msg`Refused by the recipient`,
  unsafe: msg`Unsafe to deliver`,
  other: msg`Other`,
};

export const vehicleLabels: Readonly<Record<TVehicle, MessageDescriptor>> = {
  on_foot: msg`On foot`,
  bicycle: msg`Bicycle`,
  motorbike: msg`Motorbike`,
  car: msg`Car`,
  van: msg`Van`,
};

/** The delivery task's steps as they read in its timeline. */
export const deliveryEventTexts: Readonly<Record<TDeliveryEvent['kind'], MessageDescriptor>> = {
  created: msg`Waiting for a Pulse Agent`,
  claimed: msg`An agent took the delivery`,
  released: msg`The agent released the delivery`,
  picked_up: msg`Picked up at the farm`,
  delivered: msg`Delivered`,
  failed: msg`Delivery attempt failed`,
  code_rejected: msg`A wrong confirmation code was entered`,
  reopened: msg`Open again for a new attempt`,
  returned: msg`Returned to the farm`,
  cancelled: msg`Delivery cancelled`,
};
