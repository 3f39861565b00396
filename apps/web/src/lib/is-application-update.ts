import type { TNotification } from '@pulse/contract/notifications';

export type ApplicationKind = 'seller' | 'agent';

/** Which application an "application decided" notification is about (content_type), or null for any other notification. */
export function applicationUpdateKind(notification: Pick<TNotification, 'type' | 'content_type'>): ApplicationKind | null {
  if (notification.type !== 'application_update') return null;
  if (notification.content_type === 'seller_application') return 'seller';
  if (notification.content_type === 'agent_application') return 'agent';
  return null;
}

/** The notification the server sends when an admin approves or rejects a seller application. */
export function isSellerApplicationUpdate(notification: Pick<TNotification, 'type' | 'content_type'>): boolean {
  return applicationUpdateKind(notification) === 'seller';
}
