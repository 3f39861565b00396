import { useQuery } from '@tanstack/react-query';
import type { TUnreadCountResponse } from '@pulse/contract/counts';
import { apiRequest, reactToSessionExpiryOnly } from '../api-client';
import { useAuth } from '../auth/use-auth';
import { serverChecked } from '../server-checked';

export type NotificationCountKind = 'general' | 'pulse-hub';

const COUNT_PATHS: Readonly<Record<NotificationCountKind, string>> = {
  general: '/api/notifications/unread-count',
  'pulse-hub': '/api/notifications/pulse-hub/unread-count',
};

/** Spec §8: notification call failures are logged and re-thrown, so the query ends in error. */
export async function getUnreadNotificationCount(kind: NotificationCountKind): Promise<number> {
  try {
    const response = await apiRequest(COUNT_PATHS[kind], { schema: serverChecked<TUnreadCountResponse>(), reactTo: reactToSessionExpiryOnly });
    return response.unreadCount;
  } catch (error) {
    console.error(`Could not load the ${kind} unread notification count`, error);
    throw error;
  }
}

export function unreadNotificationCountQueryKey(kind: NotificationCountKind, userId: string | null) {
  return ['notifications', 'unread-count', kind, userId] as const;
}

/** Unread notifications of one kind; undefined while unknown or after a failure (badge hidden). */
export function useUnreadNotificationCount(kind: NotificationCountKind): number | undefined {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: unreadNotificationCountQueryKey(kind, userId),
    queryFn: () => getUnreadNotificationCount(kind),
    enabled: userId !== null,
    staleTime: Infinity,
  });
  return userId === null ? undefined : query.data;
}
