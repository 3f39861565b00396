import type { TCreatePostInput } from '@pulse/contract/hub';
import type { OutboxEntry, OutboxPhoto, OutboxState } from './outbox-store';

/**
 * The life of a queued post, as pure functions (tested in outbox-state.test.ts): how a try ends,
 * how tries are counted, what the person sees. Shared by the page and the service worker.
 *
 * waiting --claim--> sending --sent--> (gone from the outbox)
 *                       |--no answer, a 5xx--> waiting (a try counted), failed at MAX_TRIES
 *                       |--a 4xx refusal-----> failed (final: sending it again would be refused again)
 *                       '--signed out--------> waiting (no try: it goes when its author signs in)
 * failed --retry--> waiting (tries from 0); discard removes it.
 */

/** After this many failed tries a post stops being sent on its own and waits for Retry or Discard. */
export const MAX_TRIES = 3;
/** A sender that took an entry and did not finish within this long (a closed tab, a killed worker) lost it. */
export const SENDING_LEASE_MS = 2 * 60 * 1000;

// The reasons below are stored with the queued post as English text (the service worker writes them
// without the catalogs); the page shows them in the reader's language (outbox-messages.ts).
export const NO_CONNECTION_MESSAGE = 'Could not connect to the server';
export const SIGN_IN_TO_SEND_MESSAGE = 'Sign in again to send this post';
export const PHOTOS_NOT_QUEUED_MESSAGE =
  'This browser cannot keep photos while offline. Post again without the photos, or wait until you are back online.';
export const UNREADABLE_ANSWER_MESSAGE = 'The server sent an answer the app does not understand';

/** How one try ended. */
export type AttemptResult =
  | { kind: 'sent'; postId: string }
  /** The server said no (4xx): final, with its message. */
  | { kind: 'refused'; message: string }
  /** No answer, or the server could not take it now (5xx, 408, 429): a try. */
  | { kind: 'unreachable'; message: string }
  /** No session, an expired or a suspended one (401): not a try; it waits for its author. */
  | { kind: 'signed-out'; message: string };

/** What the page shows of a queued post (features/hub/outbox useOutbox). */
export interface TOutboxItem {
  clientId: string;
  text: string;
  photoCount: number;
  state: OutboxState;
  tries: number;
  lastError: string | null;
  createdAt: string;
}

export function createOutboxEntry(input: TCreatePostInput, photos: ReadonlyArray<{ blob: Blob; name: string; uploadId?: string | null }>, authorId: string | null, now: Date): OutboxEntry {
  return {
    clientId: input.clientId,
    authorId,
    input,
    photos: photos.map((photo): OutboxPhoto => ({ blob: photo.blob, name: photo.name, uploadId: photo.uploadId ?? null })),
    tries: 0,
    state: 'waiting',
    lastError: null,
    createdAt: now.toISOString(),
    sendingSince: null,
  };
}

function isClaimAbandoned(entry: OutboxEntry, now: Date): boolean {
  return entry.sendingSince === null || now.getTime() - Date.parse(entry.sendingSince) > SENDING_LEASE_MS;
}

/** Whether a sender may take it now: waiting, or taken by a sender that has since gone. */
export function isSendable(entry: OutboxEntry, now: Date): boolean {
  return entry.state === 'waiting' || (entry.state === 'sending' && isClaimAbandoned(entry, now));
}

/** Whether the session of `userId` may send it (an entry whose author is unknown goes with anyone's). */
export function isAuthoredBy(entry: OutboxEntry, userId: string | null): boolean {
  return entry.authorId === null || entry.authorId === userId;
}

export function claimEntry(entry: OutboxEntry, now: Date): OutboxEntry {
  return { ...entry, state: 'sending', sendingSince: now.toISOString() };
}

/** A sender gives back what it took but did not try (the connection dropped on an earlier one). */
export function releaseEntry(entry: OutboxEntry): OutboxEntry {
  return entry.state === 'sending' ? { ...entry, state: 'waiting', sendingSince: null } : entry;
}

export function recordPhotoUpload(entry: OutboxEntry, index: number, uploadId: string): OutboxEntry {
  return { ...entry, photos: entry.photos.map((photo, at) => (at === index ? { ...photo, uploadId } : photo)) };
}

/** The entry after a try; null when it was sent (it leaves the outbox). */
export function afterAttempt(entry: OutboxEntry, result: AttemptResult): OutboxEntry | null {
  const settled = { ...entry, sendingSince: null };
  switch (result.kind) {
    case 'sent':
      return null;
    case 'refused':
      return { ...settled, state: 'failed', tries: entry.tries + 1, lastError: result.message };
    case 'unreachable': {
      const tries = entry.tries + 1;
      return { ...settled, state: tries >= MAX_TRIES ? 'failed' : 'waiting', tries, lastError: result.message };
    }
    case 'signed-out':
      return { ...settled, state: 'waiting', lastError: result.message };
  }
}

/** Retry after a final failure: it starts again with no tries counted. */
export function retryEntry(entry: OutboxEntry): OutboxEntry {
  return { ...entry, state: 'waiting', tries: 0, lastError: null, sendingSince: null };
}

/** The body of POST /api/hub/posts: the caller's upload ids, then the queued photos' in their order. */
export function buildPostBody(entry: OutboxEntry): TCreatePostInput {
  const queuedIds = entry.photos.map((photo) => photo.uploadId).filter((id): id is string => id !== null);
  return { ...entry.input, clientId: entry.clientId, imageUploadIds: [...(entry.input.imageUploadIds ?? []), ...queuedIds] };
}

/** The message of the API's error envelope ({error: {message, fields}}), a field's own message first. */
export function readServerMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { message, fields } = error as { message?: unknown; fields?: unknown };
  if (typeof fields === 'object' && fields !== null) {
    const first = Object.values(fields).find((value): value is string => typeof value === 'string' && value.trim() !== '');
    if (first) return first;
  }
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** How an answer of the server ends a try (the post, or one of its photos). */
export function classifyAnswer(status: number, body: unknown): Exclude<AttemptResult, { kind: 'sent' }> | { kind: 'ok' } {
  if (status >= 200 && status < 300) return { kind: 'ok' };
  const message = readServerMessage(body);
  // No session or an expired one: ask to sign in; a suspended account is told so as the server says it.
  if (status === 401) return { kind: 'signed-out', message: message && /suspended/i.test(message) ? message : SIGN_IN_TO_SEND_MESSAGE };
  // Stored records, translated by describeOutboxError().
  // eslint-disable-next-line lingui/no-unlocalized-strings -- stored record, translated on display
  if (status >= 500 || status === 408 || status === 429) return { kind: 'unreachable', message: `The server could not take the post just now (${status})` };
  // eslint-disable-next-line lingui/no-unlocalized-strings -- stored record, translated on display
  return { kind: 'refused', message: message ?? `The server refused the post (${status})` };
}

/** What the page shows; a claim left by a sender that has gone reads as waiting again. */
export function toOutboxItem(entry: OutboxEntry, now: Date): TOutboxItem {
  const state: OutboxState = entry.state === 'sending' && isClaimAbandoned(entry, now) ? 'waiting' : entry.state;
  return {
    clientId: entry.clientId,
    text: entry.input.text,
    photoCount: entry.photos.length,
    state,
    tries: entry.tries,
    lastError: entry.lastError,
    createdAt: entry.createdAt,
  };
}
