import { describe, expect, it } from 'vitest';
import type { OutboxNews } from './outbox-channel';
import { sendQueuedPosts, type SenderContext } from './outbox-sender';
import { MAX_TRIES, NO_CONNECTION_MESSAGE, SIGN_IN_TO_SEND_MESSAGE, createOutboxEntry } from './outbox-state';
import type { OutboxEntry, OutboxStorage } from './outbox-store';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const ME = 'user-me';

/** The store as a map, with the same one-transaction update as IndexedDB. */
function memoryStorage(entries: OutboxEntry[]): OutboxStorage & { map: Map<string, OutboxEntry> } {
  const map = new Map(entries.map((entry) => [entry.clientId, entry]));
  return {
    map,
    list: async () => [...map.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    add: async (entry) => void map.set(entry.clientId, entry),
    remove: async (clientId) => void map.delete(clientId),
    update: async (clientId, change) => {
      const current = map.get(clientId);
      if (!current) return null;
      const next = change(current);
      if (next === null) {
        map.delete(clientId);
        return null;
      }
      if (next === undefined) return current;
      map.set(clientId, next);
      return next;
    },
  };
}

function queued(clientId: string, text: string, options: { photos?: number; authorId?: string | null; minute?: number } = {}): OutboxEntry {
  return createOutboxEntry(
    { clientId, text },
    Array.from({ length: options.photos ?? 0 }, (_, index) => ({ blob: new Blob([`p${index}`]), name: `p${index}.png` })),
    options.authorId === undefined ? ME : options.authorId,
    new Date(NOW.getTime() + (options.minute ?? 0) * 60_000),
  );
}

type Route = (init: RequestInit) => Response | 'no-answer';

/** A server that answers by path; records every call. */
function fakeServer(routes: Record<string, Route>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    calls.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const route = routes[path];
    if (!route) throw new Error(`unexpected call to ${path}`);
    const answer = route(init);
    if (answer === 'no-answer') throw new TypeError('Failed to fetch');
    return answer;
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const me = () => json(200, { user: { id: ME } });

function context(storage: OutboxStorage, fetchImpl: typeof fetch, news: OutboxNews[] = [], online = true): SenderContext {
  return { storage, fetch: fetchImpl, isOnline: () => online, now: () => NOW, announce: (item) => news.push(item) };
}

describe('sending the outbox', () => {
  it('uploads the photos, then publishes each post once with its clientId, oldest first, and says so', async () => {
    const storage = memoryStorage([queued('c2', 'second', { minute: 1 }), queued('c1', 'first', { photos: 2 })]);
    let upload = 0;
    const server = fakeServer({
      '/api/auth/me': me,
      '/api/uploads/images': () => json(201, { id: `u${(upload += 1)}`, url: '/uploads/x.webp' }),
      '/api/hub/posts': (init) => json(201, { id: `post-${(JSON.parse(String(init.body)) as { clientId: string }).clientId}` }),
    });
    const news: OutboxNews[] = [];
    const summary = await sendQueuedPosts(context(storage, server.fetchImpl, news));

    expect(summary).toEqual({ tried: ['c1', 'c2'], sent: 2, waiting: 0, offline: false, unreachable: false });
    expect(storage.map.size).toBe(0);
    const posts = server.calls.filter((call) => call.path === '/api/hub/posts').map((call) => call.body);
    expect(posts).toEqual([
      { clientId: 'c1', text: 'first', imageUploadIds: ['u1', 'u2'] },
      { clientId: 'c2', text: 'second', imageUploadIds: [] },
    ]);
    expect(news.filter((item) => item.type === 'sent')).toEqual([
      { type: 'sent', clientId: 'c1', postId: 'post-c1' },
      { type: 'sent', clientId: 'c2', postId: 'post-c2' },
    ]);
  });

  it('tries nothing and counts no try while the device is offline', async () => {
    const storage = memoryStorage([queued('c1', 'offline post')]);
    const server = fakeServer({});
    const summary = await sendQueuedPosts(context(storage, server.fetchImpl, [], false));
    expect(summary).toEqual({ tried: [], sent: 0, waiting: 1, offline: true, unreachable: false });
    expect(server.calls).toEqual([]);
    expect(storage.map.get('c1')).toMatchObject({ state: 'waiting', tries: 0 });
  });

  it('counts a try when no answer comes, gives the others back untried, and keeps photos already uploaded', async () => {
    const storage = memoryStorage([queued('c1', 'with photos', { photos: 2 }), queued('c2', 'next', { minute: 1 })]);
    let uploads = 0;
    const server = fakeServer({
      '/api/auth/me': me,
      '/api/uploads/images': () => ((uploads += 1) === 1 ? json(201, { id: 'u1', url: '/uploads/a.webp' }) : 'no-answer'),
    });
    const summary = await sendQueuedPosts(context(storage, server.fetchImpl));
    expect(summary).toEqual({ tried: ['c1'], sent: 0, waiting: 2, offline: false, unreachable: true });
    expect(storage.map.get('c1')).toMatchObject({ state: 'waiting', tries: 1, lastError: NO_CONNECTION_MESSAGE });
    expect(storage.map.get('c1')?.photos.map((photo) => photo.uploadId)).toEqual(['u1', null]);
    expect(storage.map.get('c2')).toMatchObject({ state: 'waiting', tries: 0, lastError: null, sendingSince: null });
  });

  it('stops sending a post on its own after 3 failed tries', async () => {
    const storage = memoryStorage([queued('c1', 'server down')]);
    const server = fakeServer({ '/api/auth/me': me, '/api/hub/posts': () => json(503, { error: { code: 'internal_error', message: 'Down' } }) });
    for (let run = 0; run < MAX_TRIES + 2; run += 1) {
      // A 5xx is an answer: the worker does not follow it up on its own.
      expect((await sendQueuedPosts(context(storage, server.fetchImpl))).unreachable).toBe(false);
    }
    expect(server.calls.filter((call) => call.path === '/api/hub/posts')).toHaveLength(MAX_TRIES);
    expect(storage.map.get('c1')).toMatchObject({ state: 'failed', tries: MAX_TRIES });
  });

  it('keeps a refused post as failed with the server message, and sends the next one', async () => {
    const storage = memoryStorage([queued('c1', 'refused'), queued('c2', 'fine', { minute: 1 })]);
    const server = fakeServer({
      '/api/auth/me': me,
      '/api/hub/posts': (init) =>
        (JSON.parse(String(init.body)) as { clientId: string }).clientId === 'c1'
          ? json(400, { error: { code: 'validation_failed', message: 'One of the linked products is no longer on sale' } })
          : json(201, { id: 'p2' }),
    });
    const summary = await sendQueuedPosts(context(storage, server.fetchImpl));
    expect(summary).toEqual({ tried: ['c1', 'c2'], sent: 1, waiting: 0, offline: false, unreachable: false });
    expect(storage.map.get('c1')).toMatchObject({ state: 'failed', tries: 1, lastError: 'One of the linked products is no longer on sale' });
    expect(storage.map.has('c2')).toBe(false);
  });

  it('sends only the signed-in person’s posts; without a session nothing goes and no try is counted', async () => {
    const storage = memoryStorage([queued('mine', 'mine'), queued('theirs', 'theirs', { authorId: 'someone-else' })]);
    const server = fakeServer({ '/api/auth/me': me, '/api/hub/posts': () => json(201, { id: 'p1' }) });
    await sendQueuedPosts(context(storage, server.fetchImpl));
    expect([...storage.map.keys()]).toEqual(['theirs']);
    expect(storage.map.get('theirs')).toMatchObject({ state: 'waiting', tries: 0 });

    const signedOut = fakeServer({ '/api/auth/me': () => json(401, { error: { code: 'unauthorized', message: 'Sign in to continue.' } }) });
    await sendQueuedPosts(context(storage, signedOut.fetchImpl));
    expect(signedOut.calls.map((call) => call.path)).toEqual(['/api/auth/me']);
    expect(storage.map.get('theirs')).toMatchObject({ state: 'waiting', tries: 0, lastError: SIGN_IN_TO_SEND_MESSAGE });
  });

  it('skips the posts a run already tried (a second pass of the same run)', async () => {
    const storage = memoryStorage([queued('c1', 'tried already'), queued('c2', 'queued meanwhile', { minute: 1 })]);
    const server = fakeServer({ '/api/auth/me': me, '/api/hub/posts': () => json(201, { id: 'p2' }) });
    const summary = await sendQueuedPosts(context(storage, server.fetchImpl), { skip: new Set(['c1']) });
    expect(summary.tried).toEqual(['c2']);
    expect([...storage.map.keys()]).toEqual(['c1']);
  });

  it('leaves a post another sender is sending alone', async () => {
    const storage = memoryStorage([{ ...queued('c1', 'taken'), state: 'sending', sendingSince: NOW.toISOString() }]);
    const server = fakeServer({});
    const summary = await sendQueuedPosts(context(storage, server.fetchImpl));
    expect(server.calls).toEqual([]);
    expect(summary.sent).toBe(0);
  });
});
