import { describe, expect, it } from 'vitest';
import type { TMessage } from '@pulse/contract/messages';
import { buildChatEntries, isNewChatDay, type PendingMessage } from './chat-entries';

const ME = '0190a4c2-0000-7000-8000-00000000000a';
const OTHER = '0190a4c2-0000-7000-8000-00000000000b';

let sequence = 0;
function buildMessage(senderId: string, readByOther = false): TMessage {
  sequence += 1;
  return {
    id: `0190a4c2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    conversationId: '0190a4c2-0000-7000-8000-00000000000c',
    senderId,
    body: `Message ${sequence}`,
    imageUrl: null,
    createdAt: `2026-11-22T10:${String(sequence).padStart(2, '0')}:00Z`,
    readByOther,
  };
}

function buildPending(status: PendingMessage['status']): PendingMessage {
  return { clientId: `client-${status}`, body: 'On its way', file: null, previewUrl: null, imageId: null, createdAt: '2026-11-22T11:00:00Z', status, error: status === 'failed' ? 'Not sent' : null };
}

describe('chat entries', () => {
  it('puts "Seen" under my last read message and "Sent" under a newer unread one', () => {
    const seen = buildMessage(ME, true);
    const theirs = buildMessage(OTHER);
    const unseen = buildMessage(ME);
    const entries = buildChatEntries([seen, theirs, unseen], [], ME);
    expect(entries.map((entry) => entry.receipt)).toEqual(['seen', null, 'sent']);
    expect(entries.map((entry) => entry.mine)).toEqual([true, false, true]);
  });

  it('shows only "Seen" when my latest message was read', () => {
    const entries = buildChatEntries([buildMessage(ME, true), buildMessage(ME, true)], [], ME);
    expect(entries.map((entry) => entry.receipt)).toEqual([null, 'seen']);
  });

  it('lists messages on their way after the stored ones, as mine, with their state', () => {
    const entries = buildChatEntries([buildMessage(OTHER)], [buildPending('sending'), buildPending('failed')], ME);
    expect(entries.map((entry) => entry.status)).toEqual(['sent', 'sending', 'failed']);
    expect(entries[2]?.mine).toBe(true);
    expect(entries[2]?.error).toBe('Not sent');
  });
});

describe('day headings between messages', () => {
  const ZONE = 'Africa/Accra';

  it('puts a heading before the first message and between days only', () => {
    expect(isNewChatDay(null, '2026-11-22T08:00:00.000Z', ZONE)).toBe(true);
    expect(isNewChatDay('2026-11-22T08:00:00.000Z', '2026-11-22T20:00:00.000Z', ZONE)).toBe(false);
    expect(isNewChatDay('2026-11-21T20:00:00.000Z', '2026-11-22T08:00:00.000Z', ZONE)).toBe(true);
  });

  it('splits days in the viewer’s zone', () => {
    // 23:00 and 01:00 UTC are one evening in Los Angeles, two days in Accra.
    expect(isNewChatDay('2026-11-21T23:00:00.000Z', '2026-11-22T01:00:00.000Z', 'America/Los_Angeles')).toBe(false);
    expect(isNewChatDay('2026-11-21T23:00:00.000Z', '2026-11-22T01:00:00.000Z', ZONE)).toBe(true);
  });
});
