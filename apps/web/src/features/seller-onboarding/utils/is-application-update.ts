import type { TNotification } from '@pulse/contract/notifications';

/** The notification the server sends when an admin approves or rejects a seller application. */
export function isSellerApplicationUpdate(notification: Pick<TNotification, 'type' | 'content_type'>): boolean {
  return notification.type === 'application_update' && notification.content_type === 'seller_application';
}
