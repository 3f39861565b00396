import type { TNotification } from './notifications';

type NotificationLinkFields = Pick<TNotification, 'type' | 'source' | 'related_entity_id' | 'content_type'>;

function getListPathOfSource(source: TNotification['source']): string {
  return source === 'pulse_hub' ? '/hub/notifications' : '/notifications';
}

/**
 * The page a notification is about, for a click in the notification lists. Hub activity opens the
 * post (/pulse/{id}); marketplace events open their chat, order, delivery or application.
 */
export function getNotificationLink(notification: NotificationLinkFields): string {
  const entityId = notification.related_entity_id;
  if (!entityId) {
    if (notification.type === 'application_update') return getApplicationStatusPath(notification.content_type);
    if (notification.type.startsWith('payout_')) return '/wallet';
    if (notification.type === 'standing_order_update') return '/standing-orders';
    return getListPathOfSource(notification.source);
  }
  const id = encodeURIComponent(entityId);
  switch (notification.type) {
    case 'new_message':
      return `/chat/${id}`;
    case 'order_update':
      return `/order/${id}`;
    case 'delivery_update':
      return `/order-delivery/${id}`;
    case 'standing_order_update':
      return `/standing-orders/${id}`;
    case 'application_update':
      return getApplicationStatusPath(notification.content_type);
    case 'announcement':
      return getListPathOfSource(notification.source);
    case 'payout_sent':
    case 'payout_failed':
    case 'payout_returned':
      return '/wallet';
    default:
      return `/pulse/${id}`;
  }
}

function getApplicationStatusPath(contentType: string | null): string {
  return contentType === 'agent_application' || contentType === 'agent' ? '/agent-application-status' : '/seller-application-status';
}

/** Spec §4 Notification toast: a click opens /hub/notifications for Pulse Hub, else the notification's page. */
/** Where a click on a toast, a system notification or a push leads (spec §4). */
export function getToastTarget(notification: NotificationLinkFields): string {
  if (notification.source === 'pulse_hub') return '/hub/notifications';
  return getNotificationLink(notification);
}
