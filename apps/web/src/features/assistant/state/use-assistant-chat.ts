import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAssistantConversation, TAssistantMessage } from '@pulse/contract/assistant';
import { useAuth } from '../../../lib/auth/use-auth';
import { assistantConversationKey, deleteAssistantConversation, useAssistantConversation } from '../api/conversation';
import { visitorSessionStore } from '../utils/visitor-session';
import { assistantTurnStore, type TurnEnvironment } from './assistant-turn';

const NO_MESSAGES: readonly TAssistantMessage[] = [];

/**
 * Everything a chat view needs, the same for the widget and the page: the conversation (a
 * signed-in user's from the server, one query key; a visitor's from session storage), the
 * question being answered, the shared input text, and the actions.
 */
export function useAssistantChat() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const history = useAssistantConversation(userId);
  const visitor = useSyncExternalStore(visitorSessionStore().subscribe, visitorSessionStore().getSnapshot);
  const turn = useSyncExternalStore(assistantTurnStore.subscribe, assistantTurnStore.getSnapshot);
  const environment = useMemo<TurnEnvironment>(() => ({ userId, queryClient }), [userId, queryClient]);

  const messages = userId ? (history.data?.messages ?? NO_MESSAGES) : visitor.messages;
  // A signed-in user's history must be in before a new question adds to it.
  const ready = userId === null || history.isSuccess;

  const send = useCallback(
    (text: string) => {
      if (!ready) return;
      if (assistantTurnStore.getSnapshot().draft.trim() === text.trim()) assistantTurnStore.setDraft('');
      void assistantTurnStore.send(text, environment);
    },
    [environment, ready],
  );
  const retry = useCallback(() => assistantTurnStore.retry(environment), [environment]);

  const clear = useCallback(async () => {
    assistantTurnStore.reset();
    if (userId) {
      await deleteAssistantConversation();
      queryClient.setQueryData<TAssistantConversation>(assistantConversationKey(userId), { messages: [] });
    } else {
      visitorSessionStore().clear();
    }
  }, [queryClient, userId]);

  const lastAnswer = [...messages].reverse().find((message) => message.role === 'assistant') ?? null;

  return {
    signedIn: userId !== null,
    messages,
    pending: turn.pending,
    busy: turn.pending !== null && turn.pending.phase !== 'error',
    draft: turn.draft,
    setDraft: assistantTurnStore.setDraft,
    announcement: turn.announcement,
    /** Suggestions of the newest answer, offered as chips when nothing is on its way. */
    suggestions: turn.pending === null && messages[messages.length - 1]?.role === 'assistant' ? (lastAnswer?.suggestions ?? []) : [],
    ready,
    historyError: userId !== null && history.isError,
    reloadHistory: () => void history.refetch(),
    send,
    retry,
    clear,
  };
}

export type AssistantChat = ReturnType<typeof useAssistantChat>;
