import { describe, expect, it } from 'vitest';
import type { TListMessagesResponse, TMessage } from '@pulse/contract/messages';
import { appendChatMessage, findLastSeenMessageId, flattenChatMessages, markSeenByOther, type ChatMessagePages } from './chat-message-cache';

const ME = '0190a4c2-0000-7000-8000-00000000000a';
const OTHER = '0190a4c2-0000-7000-8000-00000000000b';
const CONVERSATION = '0190a4c2-0000-7000-8000-00000000000c';

let sequence = 0;
function buildMessage(senderId: string, createdAt: string, readByOther = false): TMessage {
  sequence += 1;
  return {
    id: `0190a4c2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    conversationId: CONVERSATION,
    senderId,
    body: `Message ${sequence}`,
    imageUrl: null,
    createdAt,
    readByOther,
  };
}

function buildPages(...pages: TListMessagesResponse[]): ChatMessagePages {
  return { pages, pageParams: pages.map((_, index) => (index === 0 ? null : `before-${index}`)) };
}

describe('chat message cache', () => {
  it('shows older pages above newer ones, each in time order', () => {
    const oldest = buildMessage(OTHER, '2026-11-22T08:00:00Z');
    const older = buildMessage(ME, '2026-11-22T08:01:00Z');
    const newest = buildMessage(OTHER, '2026-11-22T09:00:00Z');
    const data = buildPages({ items: [newest], nextBefore: newest.id }, { items: [oldest, older], nextBefore: null });
    expect(flattenChatMessages(data).map((message) => message.id)).toEqual([oldest.id, older.id, newest.id]);
  });

  it('adds a live message at the end, once, even when the send answer and the event both bring it', () => {
    const first = buildMessage(OTHER, '2026-11-22T08:00:00Z');
    const arrived = buildMessage(OTHER, '2026-11-22T08:05:00Z');
    const once = appendChatMessage(buildPages({ items: [first], nextBefore: null }), arrived);
    const twice = appendChatMessage(once, arrived);
    expect(flattenChatMessages(twice).map((message) => message.id)).toEqual([first.id, arrived.id]);
  });

  it('leaves a chat that was never loaded alone', () => {
    expect(appendChatMessage(undefined, buildMessage(OTHER, '2026-11-22T08:00:00Z'))).toBeUndefined();
  });

  it('marks my messages up to the read time as seen, not later ones nor the other member’s', () => {
    const mineBefore = buildMessage(ME, '2026-11-22T08:00:00Z');
    const theirs = buildMessage(OTHER, '2026-11-22T08:01:00Z');
    const mineAfter = buildMessage(ME, '2026-11-22T08:10:00Z');
    const data = markSeenByOther(buildPages({ items: [mineBefore, theirs, mineAfter], nextBefore: null }), ME, '2026-11-22T08:05:00Z');
    expect(flattenChatMessages(data).map((message) => message.readByOther)).toEqual([true, false, false]);
  });

  it('puts "Seen" under my last message the other member has read', () => {
    const seen = buildMessage(ME, '2026-11-22T08:00:00Z', true);
    const seenLater = buildMessage(ME, '2026-11-22T08:01:00Z', true);
    const unseen = buildMessage(ME, '2026-11-22T08:02:00Z');
    const theirs = buildMessage(OTHER, '2026-11-22T08:03:00Z');
    expect(findLastSeenMessageId([seen, seenLater, unseen, theirs], ME)).toBe(seenLater.id);
    expect(findLastSeenMessageId([unseen, theirs], ME)).toBeNull();
  });
});
