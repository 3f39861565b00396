/**
 * A small in-process cache: entries live `ttlMs` after they were computed, at most `maxEntries`
 * of them (least recently used evicted first), and concurrent misses on one key share a single
 * computation (so 100 clients asking the same new question start one query, not 100).
 *
 * Per process on purpose: it only holds derived data that is cheap to recompute (nothing
 * correctness-critical). With several processes each keeps its own; REDIS_URL could share it.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
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
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by clear(): a computation started before a clear does not store its (stale) value. */
  private generation = 0;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries;
    this.now = options.now ?? (() => Date.now());
  }

  /** The fresh value for `key`, or undefined (expired entries are dropped). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
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

  /** The cached value, or the result of `compute` (shared with concurrent callers, then cached). */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = compute().then(
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
