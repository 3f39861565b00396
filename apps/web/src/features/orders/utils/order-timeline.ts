import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { TOrderEvent, TOrderStatus } from '@pulse/contract/orders';
import { ORDER_STATUS_NAMES as orderStatusLabels } from '../../../lib/order-status-names';

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
const EVENT_TITLES: Readonly<Record<TOrderStatus, MessageDescriptor>> = {
  pending_payment: msg`Order placed`,
  paid: msg`Paid`,
  accepted: msg`Accepted by the farm`,
  ready: msg`Ready for hand-over`,
  in_transit: msg`On its way`,
  delivered: msg`Delivered`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
  refund_requested: msg`Refund requested`,
  refund_disputed: msg`Refund contested by the farm`,
  refunded: msg`Refunded`,
  refund_rejected: msg`Refund refused`,
};

function actorMessage(event: Pick<TOrderEvent, 'actor' | 'actorUsername'>, viewerUsername: string | null): MessageDescriptor {
  if (event.actor === 'system') return msg`Automatically`;
  if (event.actorUsername !== null && event.actorUsername === viewerUsername) return msg`By you`;
  const username = event.actorUsername;
  switch (event.actor) {
    case 'buyer':
      return username ? msg`By ${username}` : msg`By the buyer`;
    case 'seller':
      return username ? msg`By ${username} (farm)` : msg`By the farm`;
    case 'agent':
      return username ? msg`By ${username} (delivery agent)` : msg`By the delivery agent`;
    case 'admin':
      return msg`By Pulse Market support`;
  }
}

export function describeEventActor(event: Pick<TOrderEvent, 'actor' | 'actorUsername'>, viewerUsername: string | null, i18n: I18n): string {
  return i18n._(actorMessage(event, viewerUsername));
}

/** The order's events oldest first, each a step of the vertical timeline. */
export function buildTimeline(events: readonly TOrderEvent[], viewerUsername: string | null, i18n: I18n): TimelineEntry[] {
  return [...events]
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id))
    .map((event) => {
      // A step that keeps the status (e.g. the farm recording final weights) is told by its note.
      const isUpdate = event.fromStatus === event.toStatus;
      const title = isUpdate
        ? (event.note ?? i18n._(msg`Order updated`))
        : i18n._(event.fromStatus === null && event.toStatus === 'paid' ? msg`Order placed and paid` : EVENT_TITLES[event.toStatus]);
      return {
        id: event.id,
        status: event.toStatus,
        title,
        actorText: describeEventActor(event, viewerUsername, i18n),
        note: isUpdate ? null : event.note,
        at: event.createdAt,
      };
    });
}

export function getStatusLabel(status: TOrderStatus, i18n: I18n): string {
  return i18n._(orderStatusLabels[status]);
}
