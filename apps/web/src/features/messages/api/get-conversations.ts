import { useInfiniteQuery } from '@tanstack/react-query';
import { ZListConversationsResponse, type TListConversationsResponse } from '@pulse/contract/messages';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from './messages-failure-filter';

export async function getConversations(cursor: string | null, signal?: AbortSignal): Promise<TListConversationsResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest(`/api/conversations${query}`, { schema: ZListConversationsResponse, signal, reactTo: reactToSessionOrOutage });
}

export function conversationsQueryKey(userId: string | null) {
  return ['messages', 'conversations', userId] as const;
}

/** The user's conversations, most recent activity first, a page at a time. */
export function useConversations() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: conversationsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: userId !== null,
  });
}
