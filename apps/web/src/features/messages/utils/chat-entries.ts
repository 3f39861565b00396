import type { TMessage } from '@pulse/contract/messages';
import { findLastSeenMessageId } from './chat-message-cache';
import { calendarDaysBetween } from '../../../lib/format';

/** A message on its way: shown at once, with its own key for retries (spec: stored once). */
export interface PendingMessage {
  /** Also the Idempotency-Key of the send. */
  clientId: string;
  body: string;
  file: File | null;
  previewUrl: string | null;
  /** Set once the picture is uploaded, so a retry does not upload it again. */
  imageId: string | null;
  createdAt: string;
  status: 'sending' | 'failed';
  error: string | null;
}

export type ChatEntryStatus = 'sent' | 'sending' | 'failed';

/** What the chat shows for one message, stored or pending. */
export interface ChatEntry {
  key: string;
  body: string;
  imageUrl: string | null;
  createdAt: string;
  mine: boolean;
  status: ChatEntryStatus;
  /** "Seen" or "Sent" under this bubble, or nothing. */
  /** A key: the bubble writes "Seen" or "Sent" in the reader's language. */
  receipt: 'seen' | 'sent' | null;
  error: string | null;
}

/**
 * Stored messages in time order, then the pending ones. "Seen" goes under the user's last message
 * the other member has read, and "Sent" under the user's latest stored message when it is newer.
 */
export function buildChatEntries(messages: readonly TMessage[], pending: readonly PendingMessage[], userId: string | null): ChatEntry[] {
  const lastSeenId = userId ? findLastSeenMessageId(messages, userId) : null;
  let lastMineId: string | null = null;
  for (const message of messages) if (message.senderId === userId) lastMineId = message.id;

  const stored = messages.map<ChatEntry>((message) => {
    const mine = message.senderId === userId;
    let receipt: ChatEntry['receipt'] = null;
    if (mine && message.id === lastSeenId) receipt = 'seen';
    else if (mine && message.id === lastMineId) receipt = 'sent';
    return { key: message.id, body: message.body, imageUrl: message.imageUrl, createdAt: message.createdAt, mine, status: 'sent', receipt, error: null };
  });
  const waiting = pending.map<ChatEntry>((item) => ({
    key: item.clientId,
    body: item.body,
    imageUrl: item.previewUrl,
    createdAt: item.createdAt,
    mine: true,
    status: item.status,
    receipt: null,
    error: item.error,
  }));
  return [...stored, ...waiting];
}

/** Whether two messages fall on different calendar days (the viewer's zone), so a day heading goes between them. */
export function isNewChatDay(previousIso: string | null, isoTime: string, timeZone?: string): boolean {
  return previousIso === null || calendarDaysBetween(previousIso, isoTime, { timeZone }) !== 0;
}
