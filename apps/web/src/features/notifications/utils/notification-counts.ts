import type { TNotificationSource } from '@pulse/contract/notifications';
import type { NotificationCountKind } from '../../../lib/notifications/get-unread-notification-counts';

/** Spec §4 Counts: Pulse Hub notifications have their own count; everything else is "general". */
export function getCountKindOfSource(source: TNotificationSource): NotificationCountKind {
  return source === 'pulse_hub' ? 'pulse-hub' : 'general';
}

/** A count not loaded yet stays unknown: the fetch that is on its way will bring the right number. */
export function incrementUnreadCount(count: number | undefined): number | undefined {
  return count === undefined ? undefined : count + 1;
}

/** Never below 0 (spec §4), whatever order the events arrive in. */
export function decrementUnreadCount(count: number | undefined, by = 1): number | undefined {
  return count === undefined ? undefined : Math.max(0, count - by);
}

/** `allNotificationsRead`: both counts when no source is named, else only that source's (spec §4). */
export function getCountKindsClearedBy(payload: { source?: TNotificationSource | undefined }): NotificationCountKind[] {
  return payload.source ? [getCountKindOfSource(payload.source)] : ['general', 'pulse-hub'];
}
