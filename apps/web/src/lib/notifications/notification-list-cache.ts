import type { InfiniteData } from '@tanstack/react-query';
import type { TListNotificationsResponse, TNotification } from '@pulse/contract/notifications';

export type NotificationPages = InfiniteData<TListNotificationsResponse>;

function mapPages(data: NotificationPages, update: (page: TListNotificationsResponse) => TListNotificationsResponse): NotificationPages {
  return { ...data, pages: data.pages.map(update) };
}

/** A live notification goes on top of the first page; one already listed is left alone. */
export function insertNotification(data: NotificationPages | undefined, notification: TNotification): NotificationPages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === notification.id))) return data;
  return mapPages(data, (page) => ({
    ...page,
    items: page === data.pages[0] ? [notification, ...page.items] : page.items,
    total: page.total + 1,
    unread: notification.read ? page.unread : page.unread + 1,
  }));
}

export function markNotificationReadInPages(data: NotificationPages | undefined, id: string): NotificationPages | undefined {
  if (!data) return data;
  const wasUnread = data.pages.some((page) => page.items.some((item) => item.id === id && !item.read));
  if (!wasUnread) return data;
  return mapPages(data, (page) => ({
    ...page,
    items: page.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
    unread: Math.max(0, page.unread - 1),
  }));
}

export function markAllReadInPages(data: NotificationPages | undefined): NotificationPages | undefined {
  if (!data) return data;
  return mapPages(data, (page) => ({ ...page, items: page.items.map((item) => (item.read ? item : { ...item, read: true })), unread: 0 }));
}

/**
 * The items of every loaded page, once each: a live insertion shifts the server's pages by one, so
 * the next page may repeat the last item already shown.
 */
export function flattenNotificationPages(data: NotificationPages | undefined): TNotification[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: TNotification[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** Page numbers are 1-based; there is another page while fewer than `total` items were fetched. */
export function getNextNotificationPage(lastPage: TListNotificationsResponse, allPages: readonly TListNotificationsResponse[]): number | undefined {
  const fetched = allPages.reduce((sum, page) => sum + page.items.length, 0);
  if (lastPage.items.length === 0 || fetched >= lastPage.total) return undefined;
  return lastPage.page + 1;
}
