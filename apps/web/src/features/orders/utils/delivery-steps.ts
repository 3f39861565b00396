import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TFulfilment, TOrderEvent, TOrderStatus } from '@pulse/contract/orders';

export const DELIVERY_STEP_STATUSES = ['paid', 'accepted', 'ready', 'in_transit', 'delivered', 'completed'] as const;
export type DeliveryStepStatus = (typeof DELIVERY_STEP_STATUSES)[number];

/** Step names; render with i18n._(). */
export const deliveryStepLabels: Readonly<Record<DeliveryStepStatus, MessageDescriptor>> = {
  paid: msg`Paid`,
  accepted: msg`Accepted`,
  ready: msg`Ready`,
  in_transit: msg`In transit`,
  delivered: msg`Delivered`,
  completed: msg`Completed`,
};

export interface DeliveryStep {
  status: DeliveryStepStatus;
  /** Rendered with i18n._() in the reader's language. */
  label: MessageDescriptor;
  /** When the order reached this step; null if not yet. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
}

function isDeliveryStep(status: TOrderStatus): status is DeliveryStepStatus {
  return (DELIVERY_STEP_STATUSES as readonly string[]).includes(status);
}

/**
 * The six hand-over steps with their times. The furthest step reached is current (done when it is
 * the last one); a skipped step before it (e.g. pickup orders that never go "in transit") counts as done.
 */
export function buildDeliverySteps(events: readonly TOrderEvent[], fulfilment: TFulfilment = 'delivery'): DeliveryStep[] {
  const reachedAt = new Map<DeliveryStepStatus, string>();
  for (const event of events) {
    // Updates within a status (final weights) are not a step of the hand-over.
    if (!isDeliveryStep(event.toStatus) || event.fromStatus === event.toStatus) continue;
    const previous = reachedAt.get(event.toStatus);
    if (previous === undefined || Date.parse(event.createdAt) < Date.parse(previous)) reachedAt.set(event.toStatus, event.createdAt);
  }
  let furthest = -1;
  DELIVERY_STEP_STATUSES.forEach((status, index) => {
    if (reachedAt.has(status)) furthest = index;
  });
  const steps: DeliveryStep[] = DELIVERY_STEP_STATUSES.map((status, index) => ({
    status,
    label: fulfilment === 'pickup' && status === 'delivered' ? msg`Collected` : deliveryStepLabels[status],
    at: reachedAt.get(status) ?? null,
    state: index < furthest || (index === furthest && status === 'completed') ? 'done' : index === furthest ? 'current' : 'upcoming',
  }));
  // Pickup orders change hands at the farm: nothing is ever in transit.
  return fulfilment === 'pickup' ? steps.filter((step) => step.status !== 'in_transit') : steps;
}

/** The hand-over code matters from payment until the order has changed hands. */
export function isConfirmationCodeRelevant(status: TOrderStatus): boolean {
  return status === 'paid' || status === 'accepted' || status === 'ready' || status === 'in_transit';
}
