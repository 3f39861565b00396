import { useInfiniteQuery } from '@tanstack/react-query';
import {
  type TListNotificationsResponse,
  type TNotificationSource,
  ZListNotificationsResponse,
  notificationPageDefaults,
} from '@pulse/contract/notifications';
import { apiRequest } from '../api-client';
import { useAuth } from '../auth/use-auth';
import { getNextNotificationPage } from './notification-list-cache';

/** Spec §9: 10 a page. */
export const NOTIFICATIONS_PAGE_SIZE = notificationPageDefaults.limit;

/** Spec §8: notification call failures are logged and re-thrown. */
export async function getNotifications(input: { page: number; source: TNotificationSource; signal?: AbortSignal }): Promise<TListNotificationsResponse> {
  const query = new URLSearchParams({ page: String(input.page), limit: String(NOTIFICATIONS_PAGE_SIZE), source: input.source });
  try {
    return await apiRequest(`/api/notifications?${query.toString()}`, { schema: ZListNotificationsResponse, signal: input.signal });
  } catch (error) {
    console.error('Could not load notifications', error);
    throw error;
  }
}

export function notificationListQueryKey(source: TNotificationSource, userId: string | null) {
  return ['notifications', 'list', source, userId] as const;
}

/** Every cached list of the user, whatever its source, for live updates. */
export function notificationListsQueryKey() {
  return ['notifications', 'list'] as const;
}

export function useNotificationList(source: TNotificationSource) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: notificationListQueryKey(source, userId),
    queryFn: ({ pageParam, signal }) => getNotifications({ page: pageParam, source, signal }),
    initialPageParam: 1,
    getNextPageParam: getNextNotificationPage,
    enabled: userId !== null,
  });
}
