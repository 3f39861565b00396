/**
 * A small in-process cache: entries live `ttlMs` after they were computed, at most `maxEntries`
 * of them (least recently used evicted first), and concurrent misses on one key share a single
 * computation (so 100 clients asking the same new question start one query, not 100).
 *
 * With `staleMs`, an entry past its time is still answered for that much longer while one
 * computation refreshes it in the background, so callers never wait for a recomputation of a key
 * in steady use; clear() forgets stale entries too.
 *
 * Per process on purpose: it only holds derived data that is cheap to recompute (nothing
 * correctness-critical). With several processes each keeps its own; REDIS_URL could share it.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** How long after `ttlMs` getOrCompute may still answer the old value while it refreshes; 0 by default. */
  staleMs?: number;
  /** Milliseconds clock; Date.now unless a test passes its own. */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly pending = new Map<string, Promise<V>>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by clear(): a computation started before a clear does not store its (stale) value. */
  private generation = 0;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.staleMs = options.staleMs ?? 0;
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? (() => Date.now());
  }

  /** The fresh value for `key`, or undefined (entries past their stale time are dropped). */
  get(key: string): V | undefined {
    const entry = this.touch(key);
    return entry && entry.expiresAt > this.now() ? entry.value : undefined;
  }

  /** The entry, fresh or within its stale time, marked as recently used; older ones are dropped. */
  private touch(key: string): Entry<V> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt + this.staleMs <= this.now()) return undefined;
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /**
   * The cached value, or the result of `compute` (shared with concurrent callers, then cached).
   * Within the stale time the old value is answered at once and `compute` runs in the background
   * (its failure leaves the old value until its stale time ends).
   */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const entry = this.touch(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    if (entry) {
      if (!this.pending.has(key)) this.start(key, compute).catch(() => undefined);
      return entry.value;
    }
    return this.pending.get(key) ?? this.start(key, compute);
  }

  /** Runs `compute` as the one computation of `key`; stores its value unless clear() came in between. */
  private start(key: string, compute: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    let computation: Promise<V>;
    try {
      computation = compute();
    } catch (error) {
      computation = Promise.reject(error);
    }
    const promise = computation.then(
      (value) => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
        if (generation === this.generation) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, promise);
    return promise;
  }

  /** Forgets everything (and the results of computations still running). */
  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}
