import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { TNotification, TNotificationSource } from '@pulse/contract/notifications';
import { useAuth } from '../../../lib/auth/use-auth';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { playNotificationSound } from '../../../lib/sound';
import { notificationListQueryKey, notificationListsQueryKey } from '../../../lib/notifications/get-notifications';
import { unreadNotificationCountQueryKey } from '../../../lib/notifications/get-unread-notification-counts';
import { decrementUnreadCount, getCountKindOfSource, getCountKindsClearedBy, incrementUnreadCount } from '../utils/notification-counts';
import { insertNotification, markAllReadInPages, markNotificationReadInPages, type NotificationPages } from '../../../lib/notifications/notification-list-cache';
import { showNewNotificationToast } from './show-new-notification-toast';
import { isAboutChatOnScreen } from '../utils/is-about-chat-on-screen';
import { showNotificationOnDevice } from '../utils/show-notification-on-device';

const ALL_SOURCES: readonly TNotificationSource[] = ['marketplace', 'pulse_hub'];

/**
 * Keeps this tab's notification counts and lists in step with the socket (spec §4 Counts,
 * Notification toast). Each tab applies the events it receives to its own cache, so two tabs of
 * the same user stay right independently. Renders nothing.
 */
export function LiveNotificationUpdates() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { resyncCount } = useRealtimeConnection();

  const openPath = (path: string) => void navigate(path);

  useSocketEvent('newNotification', (notification: TNotification) => {
    if (userId === null) return;
    const kind = getCountKindOfSource(notification.source);
    if (!notification.read) {
      queryClient.setQueryData<number>(unreadNotificationCountQueryKey(kind, userId), incrementUnreadCount);
    }
    queryClient.setQueryData<NotificationPages>(notificationListQueryKey(notification.source, userId), (data) => insertNotification(data, notification));
    // The message itself just appeared in front of the user; a bell and a toast about it would only interrupt.
    if (isAboutChatOnScreen(notification, pathname, document.visibilityState)) return;
    playNotificationSound();
    showNewNotificationToast(notification, openPath);
    showNotificationOnDevice(notification);
  });

  useSocketEvent('notificationRead', ({ id, source }) => {
    if (userId === null) return;
    queryClient.setQueryData<number>(unreadNotificationCountQueryKey(getCountKindOfSource(source), userId), (count) => decrementUnreadCount(count));
    queryClient.setQueryData<NotificationPages>(notificationListQueryKey(source, userId), (data) => markNotificationReadInPages(data, id));
  });

  useSocketEvent('allNotificationsRead', (payload) => {
    if (userId === null || payload.userId !== userId) return;
    for (const kind of getCountKindsClearedBy(payload)) {
      queryClient.setQueryData<number>(unreadNotificationCountQueryKey(kind, userId), (count) => (count === undefined ? undefined : 0));
    }
    const sources = payload.source ? [payload.source] : ALL_SOURCES;
    for (const source of sources) {
      queryClient.setQueryData<NotificationPages>(notificationListQueryKey(source, userId), markAllReadInPages);
    }
  });

  // Events sent while the socket was away were missed: ask the server again.
  const lastResyncRef = useRef(resyncCount);
  useEffect(() => {
    if (resyncCount === lastResyncRef.current) return;
    lastResyncRef.current = resyncCount;
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'unread-count'] });
    void queryClient.invalidateQueries({ queryKey: notificationListsQueryKey() });
  }, [resyncCount, queryClient]);

  return null;
}
