import { announce, type OutboxNews } from './outbox-channel';
import {
  NO_CONNECTION_MESSAGE,
  UNREADABLE_ANSWER_MESSAGE,
  afterAttempt,
  buildPostBody,
  claimEntry,
  classifyAnswer,
  isAuthoredBy,
  isSendable,
  recordPhotoUpload,
  releaseEntry,
  type AttemptResult,
} from './outbox-state';
import type { OutboxEntry, OutboxStorage } from './outbox-store';

/**
 * Sends the outbox: the service worker's "sync-posts" (src/sw/outbox.ts), or the page itself where
 * there is no worker. Runs in both, so it uses only fetch, FormData and the store.
 */
export interface SenderContext {
  storage: OutboxStorage;
  fetch: typeof fetch;
  /** Headers for every call: the page adds its bearer token; the worker has the session cookie only. */
  headers?: () => Record<string, string>;
  /** An offline device does not try at all (no try is counted). */
  isOnline: () => boolean;
  now?: () => Date;
  announce?: (news: OutboxNews) => void;
}

export interface SendSummary {
  /** The entries this run tried (sent or not). */
  tried: string[];
  sent: number;
  /** Entries still waiting to be sent on their own (the background sync should come back). */
  waiting: number;
  /** The device is offline: nothing was tried. */
  offline: boolean;
  /** A try got no answer at all (the connection was not really back yet); a 5xx is an answer. */
  unreachable: boolean;
}

interface Answer {
  status: number;
  body: unknown;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** One call; null when no answer came (the connection or the server is down). */
async function call(context: SenderContext, path: string, init: RequestInit): Promise<Answer | null> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  for (const [name, value] of Object.entries(context.headers?.() ?? {})) headers.set(name, value);
  let response: Response;
  try {
    response = await context.fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch {
    return null;
  }
  return { status: response.status, body: await readBody(response) };
}

function idOf(body: unknown): string | null {
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : null;
}

/** Uploads the photos not uploaded yet (each recorded as it goes), then publishes the post. */
async function sendEntry(context: SenderContext, claimed: OutboxEntry): Promise<AttemptResult> {
  let entry = claimed;
  for (const [index, photo] of entry.photos.entries()) {
    if (photo.uploadId !== null) continue;
    const form = new FormData();
    form.append('file', photo.blob, photo.name);
    const answer = await call(context, '/api/uploads/images', { method: 'POST', body: form });
    if (!answer) return { kind: 'unreachable', message: NO_CONNECTION_MESSAGE };
    const outcome = classifyAnswer(answer.status, answer.body);
    if (outcome.kind !== 'ok') return outcome;
    const uploadId = idOf(answer.body);
    if (!uploadId) return { kind: 'unreachable', message: UNREADABLE_ANSWER_MESSAGE };
    entry = recordPhotoUpload(entry, index, uploadId);
    await context.storage.update(entry.clientId, (stored) => recordPhotoUpload(stored, index, uploadId));
  }
  const answer = await call(context, '/api/hub/posts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(buildPostBody(entry)),
  });
  if (!answer) return { kind: 'unreachable', message: NO_CONNECTION_MESSAGE };
  const outcome = classifyAnswer(answer.status, answer.body);
  if (outcome.kind !== 'ok') return outcome;
  // 201 for a new post, 200 when the clientId was already published (a lost answer): sent either way.
  return { kind: 'sent', postId: idOf(answer.body) ?? '' };
}

/** Whose session this is (GET /api/auth/me with the same credentials the posts will go with). */
async function whoIsSignedIn(context: SenderContext): Promise<{ userId: string } | Exclude<AttemptResult, { kind: 'sent' }>> {
  const answer = await call(context, '/api/auth/me', { method: 'GET' });
  if (!answer) return { kind: 'unreachable', message: NO_CONNECTION_MESSAGE };
  const outcome = classifyAnswer(answer.status, answer.body);
  if (outcome.kind !== 'ok') return outcome;
  const user = typeof answer.body === 'object' && answer.body !== null ? (answer.body as { user?: unknown }).user : undefined;
  const userId = idOf(user);
  return userId ? { userId } : { kind: 'unreachable', message: UNREADABLE_ANSWER_MESSAGE };
}

/**
 * Sends every queued post that may go now, oldest first, each taken in its own transaction so no
 * two senders send the same one. Only posts written by the signed-in person go (another person's
 * wait for them). When the connection drops, the rest are given back untried.
 */
export async function sendQueuedPosts(context: SenderContext, options: { skip?: ReadonlySet<string> } = {}): Promise<SendSummary> {
  const now = context.now ?? (() => new Date());
  const tell = context.announce ?? announce;
  const countWaiting = async () => (await context.storage.list()).filter((entry) => entry.state !== 'failed').length;
  const tried: string[] = [];
  let unreachable = false;
  const summary = async (sent: number, offline = false): Promise<SendSummary> => ({ tried, sent, waiting: await countWaiting(), offline, unreachable });

  if (!context.isOnline()) return summary(0, true);
  const candidates = (await context.storage.list()).filter((entry) => isSendable(entry, now()) && !options.skip?.has(entry.clientId));
  if (candidates.length === 0) return summary(0);

  const session = await whoIsSignedIn(context);
  if (!('userId' in session)) {
    unreachable = session.kind === 'unreachable' && session.message === NO_CONNECTION_MESSAGE;
    // No session, or no server: every candidate ends this try the same way.
    for (const candidate of candidates) {
      await context.storage.update(candidate.clientId, (stored) => (isSendable(stored, now()) ? afterAttempt(stored, session) : undefined));
      tried.push(candidate.clientId);
    }
    tell({ type: 'changed' });
    return summary(0);
  }

  const claimed: OutboxEntry[] = [];
  for (const candidate of candidates) {
    if (!isAuthoredBy(candidate, session.userId)) continue;
    let took = false;
    const taken = await context.storage.update(candidate.clientId, (stored) => {
      if (!isSendable(stored, now()) || !isAuthoredBy(stored, session.userId)) return undefined;
      took = true;
      return claimEntry(stored, now());
    });
    if (took && taken) claimed.push(taken);
  }
  if (claimed.length === 0) return summary(0);
  tell({ type: 'changed' });

  let sent = 0;
  let connectionLost = false;
  for (const entry of claimed) {
    if (connectionLost) {
      await context.storage.update(entry.clientId, releaseEntry);
      continue;
    }
    const result = await sendEntry(context, entry);
    tried.push(entry.clientId);
    await context.storage.update(entry.clientId, (stored) => afterAttempt(stored, result));
    if (result.kind === 'sent') {
      sent += 1;
      tell({ type: 'sent', clientId: entry.clientId, postId: result.postId });
    }
    tell({ type: 'changed' });
    // The next ones would meet the same dead connection; they keep their tries for a real attempt.
    if (result.kind === 'unreachable' && result.message === NO_CONNECTION_MESSAGE) {
      unreachable = true;
      connectionLost = true;
    }
  }
  if (connectionLost) tell({ type: 'changed' });
  return summary(sent);
}
