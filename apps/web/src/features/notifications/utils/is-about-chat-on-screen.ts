import type { TNotification } from '@pulse/contract/notifications';

/** A new_message notification for the chat this tab shows, while the tab is in front. */
export function isAboutChatOnScreen(
  notification: Pick<TNotification, 'type' | 'related_entity_id'>,
  pathname: string,
  visibility: DocumentVisibilityState,
): boolean {
  if (notification.type !== 'new_message' || !notification.related_entity_id || visibility !== 'visible') return false;
  return pathname.toLowerCase() === `/chat/${notification.related_entity_id.toLowerCase()}`;
}
