import { useInfiniteQuery } from '@tanstack/react-query';
import { ZListMessagesResponse, type TListMessagesResponse } from '@pulse/contract/messages';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './messages-failure-filter';

export async function getChatMessages(conversationId: string, before: string | null, signal?: AbortSignal): Promise<TListMessagesResponse> {
  const query = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/messages${query}`, {
    schema: ZListMessagesResponse,
    signal,
    reactTo: reactToSessionOrOutage,
  });
}

export function chatMessagesQueryKey(conversationId: string) {
  return ['messages', 'chat', conversationId] as const;
}

/** The newest page first; older pages are fetched with "Load earlier messages". */
export function useChatMessages(conversationId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chatMessagesQueryKey(conversationId),
    queryFn: ({ pageParam, signal }) => getChatMessages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
    enabled,
  });
}
