import { describe, expect, it } from 'vitest';
import {
  MAX_TRIES,
  NO_CONNECTION_MESSAGE,
  SENDING_LEASE_MS,
  SIGN_IN_TO_SEND_MESSAGE,
  afterAttempt,
  buildPostBody,
  claimEntry,
  classifyAnswer,
  createOutboxEntry,
  isSendable,
  readServerMessage,
  recordPhotoUpload,
  retryEntry,
  toOutboxItem,
} from './outbox-state';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const CLIENT_ID = '0193a000-0000-7000-8000-000000000001';

function entry(photos = 0) {
  return createOutboxEntry(
    { clientId: CLIENT_ID, text: 'Fresh yams at the gate', productIds: [] },
    Array.from({ length: photos }, (_, index) => ({ blob: new Blob([`photo ${index}`]), name: `photo-${index}.png` })),
    'author-1',
    NOW,
  );
}

const outage = { kind: 'unreachable', message: NO_CONNECTION_MESSAGE } as const;

describe('a queued post', () => {
  it('starts waiting with no tries, and the page sees its text, photo count and time', () => {
    expect(toOutboxItem(entry(2), NOW)).toEqual({
      clientId: CLIENT_ID,
      text: 'Fresh yams at the gate',
      photoCount: 2,
      state: 'waiting',
      tries: 0,
      lastError: null,
      createdAt: '2026-11-25T10:00:00.000Z',
    });
  });

  it('leaves the outbox once sent', () => {
    expect(afterAttempt(claimEntry(entry(), NOW), { kind: 'sent', postId: 'p1' })).toBeNull();
  });

  it('counts an outage as a try and keeps waiting, then fails after the third instead of looping', () => {
    let current = entry();
    for (let attempt = 1; attempt < MAX_TRIES; attempt += 1) {
      current = afterAttempt(claimEntry(current, NOW), outage)!;
      expect(current).toMatchObject({ state: 'waiting', tries: attempt, lastError: NO_CONNECTION_MESSAGE, sendingSince: null });
      expect(isSendable(current, NOW)).toBe(true);
    }
    current = afterAttempt(claimEntry(current, NOW), outage)!;
    expect(current).toMatchObject({ state: 'failed', tries: MAX_TRIES, lastError: NO_CONNECTION_MESSAGE });
    expect(isSendable(current, NOW), 'a failed post waits for Retry or Discard').toBe(false);
  });

  it('fails at once, with the server message, when the server refuses it (a 4xx counts as the final try)', () => {
    const refused = afterAttempt(claimEntry(entry(), NOW), { kind: 'refused', message: 'One of the linked products is no longer on sale' })!;
    expect(refused).toMatchObject({ state: 'failed', tries: 1, lastError: 'One of the linked products is no longer on sale' });
  });

  it('waits without counting a try while its author is signed out', () => {
    const waiting = afterAttempt(claimEntry(entry(), NOW), { kind: 'signed-out', message: SIGN_IN_TO_SEND_MESSAGE })!;
    expect(waiting).toMatchObject({ state: 'waiting', tries: 0, lastError: SIGN_IN_TO_SEND_MESSAGE });
  });

  it('starts again from no tries on Retry', () => {
    const failed = afterAttempt(claimEntry(entry(), NOW), { kind: 'refused', message: 'No' })!;
    expect(retryEntry(failed)).toMatchObject({ state: 'waiting', tries: 0, lastError: null, sendingSince: null });
  });

  it('is taken by one sender at a time; a sender that vanished loses it after the lease', () => {
    const taken = claimEntry(entry(), NOW);
    expect(taken.state).toBe('sending');
    expect(isSendable(taken, new Date(NOW.getTime() + 1000))).toBe(false);
    expect(toOutboxItem(taken, new Date(NOW.getTime() + 1000)).state).toBe('sending');
    const later = new Date(NOW.getTime() + SENDING_LEASE_MS + 1);
    expect(isSendable(taken, later)).toBe(true);
    expect(toOutboxItem(taken, later).state, 'shown as waiting again').toBe('waiting');
  });

  it('sends its clientId and the upload ids of the photos uploaded so far, after any the caller gave', () => {
    let current = createOutboxEntry(
      { clientId: CLIENT_ID, text: 'Two photos', imageUploadIds: ['u0'] },
      [
        { blob: new Blob(['a']), name: 'a.png' },
        { blob: new Blob(['b']), name: 'b.png', uploadId: 'u2' },
      ],
      null,
      NOW,
    );
    current = recordPhotoUpload(current, 0, 'u1');
    expect(buildPostBody(current)).toEqual({ clientId: CLIENT_ID, text: 'Two photos', imageUploadIds: ['u0', 'u1', 'u2'] });
  });
});

describe('an answer of the server', () => {
  it('is ok for 2xx: 201 a new post, 200 the post already made from this clientId', () => {
    expect(classifyAnswer(201, { id: 'p1' })).toEqual({ kind: 'ok' });
    expect(classifyAnswer(200, { id: 'p1' })).toEqual({ kind: 'ok' });
  });

  it('is a refusal with the field message first for 4xx', () => {
    expect(
      classifyAnswer(400, { error: { code: 'validation_failed', message: 'Check the fields', fields: { text: 'Posts are at most 2000 characters' } } }),
    ).toEqual({ kind: 'refused', message: 'Posts are at most 2000 characters' });
    expect(classifyAnswer(409, { error: { code: 'conflict', message: 'This post is no longer available' } })).toEqual({
      kind: 'refused',
      message: 'This post is no longer available',
    });
    expect(classifyAnswer(413, undefined)).toEqual({ kind: 'refused', message: 'The server refused the post (413)' });
  });

  it('is an outage for 5xx, 408 and 429', () => {
    for (const status of [500, 502, 503, 408, 429]) expect(classifyAnswer(status, undefined).kind).toBe('unreachable');
  });

  it('asks to sign in on 401, and says so when the account is suspended', () => {
    expect(classifyAnswer(401, { error: { code: 'unauthorized', message: 'Sign in to continue.' } })).toEqual({ kind: 'signed-out', message: SIGN_IN_TO_SEND_MESSAGE });
    expect(classifyAnswer(401, { error: { code: 'unauthorized', message: 'This account is suspended.' } })).toEqual({
      kind: 'signed-out',
      message: 'This account is suspended.',
    });
  });

  it('reads nothing from a body that is not the error envelope', () => {
    expect(readServerMessage('<html>')).toBeNull();
    expect(readServerMessage({ error: 'x' })).toBeNull();
    expect(readServerMessage({ error: { message: '  ' } })).toBeNull();
  });
});
