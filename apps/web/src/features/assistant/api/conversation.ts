import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ZAssistantClearResponse, ZAssistantConversation, type TAssistantConversation, type TAssistantMessage } from '@pulse/contract/assistant';
import { apiRequest, reactToOutagesOnly } from '../../../lib/api-client';

const CONVERSATION_PATH = '/api/assistant/conversation';

/** The one cache key of a signed-in user's conversation: the widget and the page share it. */
export function assistantConversationKey(userId: string) {
  return ['assistant', 'conversation', userId] as const;
}

export function getAssistantConversation(signal?: AbortSignal): Promise<TAssistantConversation> {
  return apiRequest(CONVERSATION_PATH, { schema: ZAssistantConversation, signal, reactTo: reactToOutagesOnly });
}

export async function deleteAssistantConversation(): Promise<void> {
  await apiRequest(CONVERSATION_PATH, { method: 'DELETE', schema: ZAssistantClearResponse });
}

/** Asked each time a chat opens (widget or page); off for visitors. */
export function useAssistantConversation(userId: string | null) {
  return useQuery({
    queryKey: assistantConversationKey(userId ?? 'visitor'),
    queryFn: ({ signal }) => getAssistantConversation(signal),
    enabled: userId !== null,
  });
}

/** Adds a stored message to the cached conversation (once), after the server kept it. */
export function appendToCachedConversation(queryClient: QueryClient, userId: string, message: TAssistantMessage): void {
  queryClient.setQueryData<TAssistantConversation>(assistantConversationKey(userId), (previous) => {
    const messages = previous?.messages ?? [];
    if (messages.some((kept) => kept.id === message.id)) return previous;
    return { messages: [...messages, message] };
  });
}
