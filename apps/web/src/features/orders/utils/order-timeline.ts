import { orderStatusLabels, type TOrderEvent, type TOrderStatus } from '@pulse/contract/orders';

export interface TimelineEntry {
  id: string;
  status: TOrderStatus;
  title: string;
  /** Who took the step, as the viewer reads it ("by you", "by Green Acres", "automatically"). */
  actorText: string;
  note: string | null;
  at: string;
}

/** Titles that read as something that happened, not as a state. */
const EVENT_TITLES: Readonly<Record<TOrderStatus, string>> = {
  pending_payment: 'Order placed',
  paid: 'Paid',
  accepted: 'Accepted by the farm',
  ready: 'Ready for hand-over',
  in_transit: 'On its way',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refund_requested: 'Refund requested',
  refund_disputed: 'Refund contested by the farm',
  refunded: 'Refunded',
  refund_rejected: 'Refund refused',
};

export function describeEventActor(event: Pick<TOrderEvent, 'actor' | 'actorUsername'>, viewerUsername: string | null): string {
  if (event.actor === 'system') return 'Automatically';
  if (event.actorUsername !== null && event.actorUsername === viewerUsername) return 'By you';
  switch (event.actor) {
    case 'buyer':
      return event.actorUsername ? `By ${event.actorUsername}` : 'By the buyer';
    case 'seller':
      return event.actorUsername ? `By ${event.actorUsername} (farm)` : 'By the farm';
    case 'agent':
      return event.actorUsername ? `By ${event.actorUsername} (delivery agent)` : 'By the delivery agent';
    case 'admin':
      return 'By Pulse Market support';
  }
}

/** The order's events oldest first, each a step of the vertical timeline. */
export function buildTimeline(events: readonly TOrderEvent[], viewerUsername: string | null): TimelineEntry[] {
  return [...events]
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id))
    .map((event) => {
      // A step that keeps the status (e.g. the farm recording final weights) is told by its note.
      const isUpdate = event.fromStatus === event.toStatus;
      return {
        id: event.id,
        status: event.toStatus,
        title: isUpdate ? (event.note ?? 'Order updated') : event.fromStatus === null && event.toStatus === 'paid' ? 'Order placed and paid' : EVENT_TITLES[event.toStatus],
        actorText: describeEventActor(event, viewerUsername),
        note: isUpdate ? null : event.note,
        at: event.createdAt,
      };
    });
}

export function getStatusLabel(status: TOrderStatus): string {
  return orderStatusLabels[status];
}
