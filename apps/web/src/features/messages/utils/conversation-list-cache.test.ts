import { describe, expect, it } from 'vitest';
import type { TConversationSummary, TMessage } from '@pulse/contract/messages';
import { applyMessageToConversations, clearConversationUnread, flattenConversations, type ConversationPages } from './conversation-list-cache';

const ME = '0190a4c2-0000-7000-8000-00000000000a';

function buildConversation(id: string, updatedAt: string, unreadCount = 0): TConversationSummary {
  return {
    id,
    otherUser: { id: `${id.slice(0, -1)}f`, username: `user-${id.slice(-1)}`, displayName: `User ${id.slice(-1)}`, profile_picture_url: null },
    subject: { kind: null, id: null, title: null },
    lastMessage: null,
    unreadCount,
    updatedAt,
  };
}

function buildMessage(conversationId: string, createdAt: string): TMessage {
  return { id: '0190a4c2-0000-7000-8000-0000000000ee', conversationId, senderId: ME, body: 'Hello', imageUrl: null, createdAt, readByOther: false };
}

const A = '0190a4c2-0000-7000-8000-000000000001';
const B = '0190a4c2-0000-7000-8000-000000000002';
const C = '0190a4c2-0000-7000-8000-000000000003';

function buildList(): ConversationPages {
  return {
    pages: [
      { items: [buildConversation(A, '2026-11-22T10:00:00Z'), buildConversation(B, '2026-11-22T09:00:00Z')], nextCursor: 'next' },
      { items: [buildConversation(C, '2026-11-21T09:00:00Z', 2)], nextCursor: null },
    ],
    pageParams: [null, 'next'],
  };
}

describe('conversation list cache', () => {
  it('moves the conversation of a new message to the top with that message and one more unread', () => {
    const message = buildMessage(C, '2026-11-22T11:00:00Z');
    const data = applyMessageToConversations(buildList(), C, message, true);
    const items = flattenConversations(data);
    expect(items.map((conversation) => conversation.id)).toEqual([C, A, B]);
    expect(items[0]?.lastMessage?.body).toBe('Hello');
    expect(items[0]?.unreadCount).toBe(3);
    expect(items[0]?.updatedAt).toBe('2026-11-22T11:00:00Z');
  });

  it('does not count a message the user sees or sent', () => {
    const data = applyMessageToConversations(buildList(), B, buildMessage(B, '2026-11-22T11:00:00Z'), false);
    expect(flattenConversations(data)[0]?.unreadCount).toBe(0);
  });

  it('asks for a refetch when the conversation is not listed yet', () => {
    const unknown = '0190a4c2-0000-7000-8000-000000000009';
    expect(applyMessageToConversations(buildList(), unknown, buildMessage(unknown, '2026-11-22T11:00:00Z'), true)).toBeUndefined();
  });

  it('clears the unread figure of a conversation the user opened', () => {
    const data = clearConversationUnread(buildList(), C);
    expect(flattenConversations(data).find((conversation) => conversation.id === C)?.unreadCount).toBe(0);
  });
});
