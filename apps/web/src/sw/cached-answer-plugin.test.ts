import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Workbox reads the worker's global scope (and logs in development) as it loads, and checks the
// classes of the events it is given.
const { TestEvent } = vi.hoisted(() => {
  class ExtendableEvent {
    readonly pending: Array<Promise<unknown>> = [];
    waitUntil(promise: Promise<unknown>): void {
      this.pending.push(promise);
    }
  }
  class FetchEvent extends ExtendableEvent {}
  Object.assign(globalThis, { self: globalThis, __WB_DISABLE_DEV_LOGS: true, ExtendableEvent, FetchEvent });
  return { TestEvent: ExtendableEvent };
});

import { NetworkFirst } from 'workbox-strategies';
import { markCachedAnswers } from './cached-answer-plugin';
import { CACHE_FALLBACK_HEADER, FROM_CACHE_HEADER, isNetworkFailureFallback } from './from-cache-header';

/**
 * The plugin in a real Workbox NetworkFirst, as strategies.ts uses it; only Cache Storage and the
 * network are stand-ins (Node has neither).
 */

const URL_READ = 'https://market.example/api/notifications?limit=20';
const SAVED_DATE = 'Mon, 03 Mar 2025 14:02:00 GMT';

class MemoryCache {
  private readonly entries = new Map<string, Response>();
  async match(request: RequestInfo): Promise<Response | undefined> {
    const key = typeof request === 'string' ? request : request.url;
    return this.entries.get(key)?.clone();
  }
  async put(request: RequestInfo, response: Response): Promise<void> {
    this.entries.set(typeof request === 'string' ? request : request.url, response);
  }
  clear(): void {
    this.entries.clear();
  }
}

const cache = new MemoryCache();
const cacheStorage = { open: async () => cache, match: async (request: RequestInfo) => cache.match(request) };

function strategy(networkTimeoutSeconds?: number): NetworkFirst {
  return new NetworkFirst({ cacheName: 'test-api', networkTimeoutSeconds, plugins: [markCachedAnswers] });
}

async function answer(networkFirst: NetworkFirst): Promise<Response> {
  const event = new TestEvent();
  const response = await networkFirst.handle({ event: event as unknown as ExtendableEvent, request: new Request(URL_READ) });
  await Promise.allSettled(event.pending);
  return response;
}

beforeEach(async () => {
  // The built worker's Workbox: development adds assertions and logs that want a real worker scope.
  vi.stubEnv('NODE_ENV', 'production');
  vi.stubGlobal('caches', cacheStorage);
  await cache.put(URL_READ, new Response('{"items":["saved"]}', { status: 200, headers: { date: SAVED_DATE, 'content-type': 'application/json' } }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('cached answers say why they came from the cache', () => {
  it('a network failure (no response at all) answers the saved data marked "network-error"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const response = await answer(strategy(4));
    expect(await response.json()).toEqual({ items: ['saved'] });
    expect(response.headers.get(FROM_CACHE_HEADER)).toBe('2025-03-03T14:02:00.000Z');
    expect(response.headers.get(CACHE_FALLBACK_HEADER)).toBe('network-error');
    expect(isNetworkFailureFallback(response)).toBe(true);
  });

  it('a server slower than the timeout answers the saved data marked "timeout", not a network failure', async () => {
    let release: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (release = resolve))));
    const response = await answer(strategy(0.02)).finally(() => release(new Response('{"items":["late"]}', { status: 200 })));
    expect(await response.json()).toEqual({ items: ['saved'] });
    expect(response.headers.get(CACHE_FALLBACK_HEADER)).toBe('timeout');
    expect(isNetworkFailureFallback(response)).toBe(false);
  });

  it('a network answer, slow but in time, or a 500 or 403, reaches the page as the server sent it, unmarked', async () => {
    for (const status of [200, 500, 403]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return new Response(JSON.stringify({ status }), { status });
        }),
      );
      const response = await answer(strategy(4));
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ status });
      expect(response.headers.get(FROM_CACHE_HEADER)).toBeNull();
      expect(response.headers.get(CACHE_FALLBACK_HEADER)).toBeNull();
    }
  });

  it('a network failure with nothing saved fails as before (the page then shows "Network Error" itself)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    cache.clear();
    await expect(answer(strategy(4))).rejects.toThrow();
  });
});
