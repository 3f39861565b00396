import type { InfiniteData } from '@tanstack/react-query';
import type { TConversationSummary, TListConversationsResponse, TMessage } from '@pulse/contract/messages';

export type ConversationPages = InfiniteData<TListConversationsResponse>;

/** Conversations of every loaded page, newest activity first, each once. */
export function flattenConversations(data: ConversationPages | undefined): TConversationSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: TConversationSummary[] = [];
  for (const page of data.pages) {
    for (const conversation of page.items) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      items.push(conversation);
    }
  }
  return items;
}

/**
 * A message moves its conversation to the top with the message as its last one; `countUnread`
 * adds it to the conversation's unread figure. Returns undefined when the conversation is not in
 * the loaded pages (a new one): the caller then fetches the list again.
 */
export function applyMessageToConversations(
  data: ConversationPages,
  conversationId: string,
  message: TMessage,
  countUnread: boolean,
): ConversationPages | undefined {
  const current = flattenConversations(data).find((conversation) => conversation.id === conversationId);
  if (!current) return undefined;
  const isNewer = current.lastMessage === null || Date.parse(message.createdAt) >= Date.parse(current.lastMessage.createdAt);
  const updated: TConversationSummary = {
    ...current,
    lastMessage: isNewer ? message : current.lastMessage,
    updatedAt: isNewer ? message.createdAt : current.updatedAt,
    unreadCount: countUnread ? current.unreadCount + 1 : current.unreadCount,
  };
  const pages = data.pages.map((page, index) => {
    const items = page.items.filter((conversation) => conversation.id !== conversationId);
    return { ...page, items: index === 0 ? [updated, ...items] : items };
  });
  return { ...data, pages };
}

export function clearConversationUnread(data: ConversationPages | undefined, conversationId: string): ConversationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((conversation) => (conversation.id === conversationId && conversation.unreadCount > 0 ? { ...conversation, unreadCount: 0 } : conversation)),
    })),
  };
}
