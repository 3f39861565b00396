import type { InfiniteData } from '@tanstack/react-query';
import type { TListMessagesResponse, TMessage } from '@pulse/contract/messages';

/** Pages of one chat as fetched: the first page is the newest, each page oldest first. */
export type ChatMessagePages = InfiniteData<TListMessagesResponse>;

/** The messages of every loaded page in time order, each once. */
export function flattenChatMessages(data: ChatMessagePages | undefined): TMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const messages: TMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

function hasMessage(data: ChatMessagePages, id: string): boolean {
  return data.pages.some((page) => page.items.some((message) => message.id === id));
}

/** A new message goes at the end of the newest page; one already there (the send's answer and its
 * socket event may both arrive) is not added twice. */
export function appendChatMessage(data: ChatMessagePages | undefined, message: TMessage): ChatMessagePages | undefined {
  if (!data || hasMessage(data, message.id)) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return { ...data, pages: [{ items: [message], nextBefore: null }] };
  return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
}

/** The read receipt: this user's messages sent up to `readAt` are now seen by the other member. */
export function markSeenByOther(data: ChatMessagePages | undefined, senderId: string, readAt: string): ChatMessagePages | undefined {
  if (!data) return data;
  const limit = Date.parse(readAt);
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((message) => {
      if (message.readByOther || message.senderId !== senderId || Date.parse(message.createdAt) > limit) return message;
      changed = true;
      return { ...message, readByOther: true };
    }),
  }));
  return changed ? { ...data, pages } : data;
}

/** The id of the last of this user's messages the other member has seen, for the "Seen" mark. */
export function findLastSeenMessageId(messages: readonly TMessage[], senderId: string): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && message.senderId === senderId && message.readByOther) return message.id;
  }
  return null;
}
