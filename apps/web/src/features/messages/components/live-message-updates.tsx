import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/use-auth';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { chatMessagesQueryKey } from '../api/get-chat-messages';
import { conversationsQueryKey } from '../api/get-conversations';
import { unreadMessageCountQueryKey } from '../api/get-unread-message-count';
import { appendChatMessage, markSeenByOther, type ChatMessagePages } from '../utils/chat-message-cache';
import { applyMessageToConversations, clearConversationUnread, type ConversationPages } from '../utils/conversation-list-cache';
import { isConversationOnScreen } from '../utils/open-chat-registry';
import { createUnreadMessageTracker } from '../utils/unread-message-count';

/**
 * Applies the messaging events of this tab's socket to its caches: the Messages badge (spec §4),
 * the conversation list, the open chat and its read receipts. Renders nothing.
 */
export function LiveMessageUpdates() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { resyncCount } = useRealtimeConnection();
  const [tracker] = useState(createUnreadMessageTracker);

  // What one user saw on screen says nothing about the next user's badge.
  useEffect(() => tracker.reset(), [userId, tracker]);

  useSocketEvent('messageReceived', ({ conversationId, message }) => {
    if (userId === null) return;
    const fromOther = message.senderId !== userId;
    const onScreen = isConversationOnScreen(conversationId);
    if (fromOther) {
      queryClient.setQueryData<number>(unreadMessageCountQueryKey(userId), (count) => tracker.receive(count, conversationId, onScreen));
    }
    queryClient.setQueryData<ChatMessagePages>(chatMessagesQueryKey(conversationId), (data) => appendChatMessage(data, message));

    const listKey = conversationsQueryKey(userId);
    const list = queryClient.getQueryData<ConversationPages>(listKey);
    if (!list) return;
    const updated = applyMessageToConversations(list, conversationId, message, fromOther && !onScreen);
    if (updated) queryClient.setQueryData(listKey, updated);
    else void queryClient.invalidateQueries({ queryKey: listKey });
  });

  useSocketEvent('chatOpened', ({ conversationId, userId: readerId, readCount }) => {
    if (userId === null || readerId !== userId) return;
    queryClient.setQueryData<number>(unreadMessageCountQueryKey(userId), (count) => tracker.open(count, conversationId, readCount));
    queryClient.setQueryData<ConversationPages>(conversationsQueryKey(userId), (data) => clearConversationUnread(data, conversationId));
  });

  useSocketEvent('messagesRead', ({ conversationId, userId: readerId, readAt }) => {
    if (userId === null || readerId === userId) return;
    queryClient.setQueryData<ChatMessagePages>(chatMessagesQueryKey(conversationId), (data) => markSeenByOther(data, userId, readAt));
  });

  // Events sent while the socket was away were missed: ask the server again.
  const lastResyncRef = useRef(resyncCount);
  useEffect(() => {
    if (resyncCount === lastResyncRef.current) return;
    lastResyncRef.current = resyncCount;
    tracker.reset();
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
  }, [resyncCount, queryClient, tracker]);

  return null;
}
