import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TtlCache', () => {
  it('returns a value until its time is up, then nothing', () => {
    const time = clock();
    const cache = new TtlCache<string>({ ttlMs: 100, maxEntries: 10, now: time.now });
    cache.set('a', 'apple');
    time.advance(99);
    expect(cache.get('a')).toBe('apple');
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('computes once for concurrent misses and caches the result', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const compute = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const results = await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)]);
    expect(results).toEqual([42, 42, 42]);
    expect(calls).toBe(1);
    expect(await cache.getOrCompute('k', compute)).toBe(42);
    expect(calls).toBe(1);
  });

  it('does not cache a failure, and does not store a result computed before clear()', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.getOrCompute('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrCompute('k', () => Promise.resolve(1))).toBe(1);

    cache.clear();
    let release!: () => void;
    const slow = cache.getOrCompute('s', () => new Promise<number>((resolve) => (release = () => resolve(7))));
    cache.clear();
    release();
    expect(await slow).toBe(7);
    expect(cache.get('s')).toBeUndefined();
  });

  describe('with a stale time', () => {
    function deferred<T>() {
      let resolve!: (value: T) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<T>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      return { promise, resolve, reject };
    }

    it('answers the old value at once past its time and refreshes it once in the background', async () => {
      const time = clock();
      const cache = new TtlCache<number>({ ttlMs: 100, staleMs: 50, maxEntries: 10, now: time.now });
      cache.set('k', 1);
      time.advance(120);
      expect(cache.get('k')).toBeUndefined();
      const refresh = deferred<number>();
      let calls = 0;
      const compute = () => {
        calls += 1;
        return refresh.promise;
      };
      expect(await cache.getOrCompute('k', compute)).toBe(1);
      expect(await cache.getOrCompute('k', compute)).toBe(1);
      expect(calls).toBe(1);
      refresh.resolve(2);
      await refresh.promise;
      expect(await cache.getOrCompute('k', compute)).toBe(2);
      expect(calls).toBe(1);
    });

    it('waits for a new value past the stale time, and keeps the old one when a refresh fails', async () => {
      const time = clock();
      const cache = new TtlCache<number>({ ttlMs: 100, staleMs: 50, maxEntries: 10, now: time.now });
      cache.set('k', 1);
      time.advance(150);
      expect(await cache.getOrCompute('k', () => Promise.resolve(3))).toBe(3);

      time.advance(120);
      const failing = deferred<number>();
      expect(await cache.getOrCompute('k', () => failing.promise)).toBe(3);
      failing.reject(new Error('down'));
      await failing.promise.catch(() => undefined);
      // Still the old value (past its time, within its stale time); this call refreshes it again.
      expect(await cache.getOrCompute('k', () => Promise.resolve(4))).toBe(3);
      await Promise.resolve();
      expect(cache.get('k')).toBe(4);
    });

    it('forgets stale values on clear()', async () => {
      const time = clock();
      const cache = new TtlCache<number>({ ttlMs: 100, staleMs: 1000, maxEntries: 10, now: time.now });
      cache.set('k', 1);
      time.advance(200);
      cache.clear();
      expect(await cache.getOrCompute('k', () => Promise.resolve(5))).toBe(5);
    });
  });
});
