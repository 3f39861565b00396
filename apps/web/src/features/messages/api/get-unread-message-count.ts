import { useQuery } from '@tanstack/react-query';
import type { TUnreadCountResponse } from '@pulse/contract/counts';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { serverChecked } from '../../../lib/server-checked';

export async function getUnreadMessageCount(): Promise<number> {
  const response = await apiRequest('/api/messages/unread/count', { schema: serverChecked<TUnreadCountResponse>(), reactTo: reactToSessionExpiryOnly });
  return response.unreadCount;
}

/** Spec §8: an unread message count failure is only logged; the badge stays hidden. */
async function getUnreadMessageCountOrZero(): Promise<number> {
  try {
    return await getUnreadMessageCount();
  } catch (error) {
    console.error('Could not load the unread message count', error);
    return 0;
  }
}

export function unreadMessageCountQueryKey(userId: string | null) {
  return ['messages', 'unread-count', userId] as const;
}

/** Fetched once a user is present (spec §4 Counts). */
export function useUnreadMessageCount(): number | undefined {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: unreadMessageCountQueryKey(userId),
    queryFn: getUnreadMessageCountOrZero,
    enabled: userId !== null,
    staleTime: Infinity,
  });
  return userId === null ? undefined : query.data;
}
