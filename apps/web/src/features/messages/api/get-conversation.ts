import { useQuery } from '@tanstack/react-query';
import { ZGetConversationResponse, type TGetConversationResponse } from '@pulse/contract/messages';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './messages-failure-filter';

export async function getConversation(conversationId: string, signal?: AbortSignal): Promise<TGetConversationResponse> {
  return apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}`, {
    schema: ZGetConversationResponse,
    signal,
    reactTo: reactToSessionOrOutage,
  });
}

export function conversationQueryKey(conversationId: string) {
  return ['messages', 'conversation', conversationId] as const;
}

export function useConversation(conversationId: string) {
  return useQuery({
    queryKey: conversationQueryKey(conversationId),
    queryFn: ({ signal }) => getConversation(conversationId, signal),
  });
}
