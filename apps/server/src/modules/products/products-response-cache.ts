import type { Db } from '../../db/client';
import type { ApiEncoding } from '../../lib/compression';
import { TtlCache } from '../../lib/ttl-cache';
import { clearSearchCache } from './products-search-cache';

/**
 * The per-process cache of public catalogue responses (GET /api/products and /api/products/{id};
 * docs/decisions/018-compression-and-catalogue-caching.md): the serialized body, its ETag and its
 * compressed forms, so identical requests cost neither SQL, nor serialization, nor compression.
 * A session does not change these bodies, so visitors and signed-in readers share the entries
 * (decision 057); products-http-cache.ts sends them.
 *
 * Every catalogue write through this process clears the cache after its commit (products-service,
 * and the orders, checkout, reviews and shop-profile writes that change what a card or a details
 * page shows), so the next request here sees it. The TTL (and stale time) only bound what this
 * process cannot see: writes made by another process or straight in the database.
 */
export const PUBLIC_RESPONSE_TTL_MS = 5_000;
/**
 * For 5 s more a key in use is answered from its old entry while one request refreshes it, so no
 * reader waits for a recomputation (on PGlite under load a search's re-ranking every 30 s stalled
 * every connection). An answer is thus at most 10 s older than a write made elsewhere.
 */
export const PUBLIC_RESPONSE_STALE_MS = 5_000;
/** Pages kept (least recently used dropped): a listing page is 6-31 KB (and a fifth of that per coding), so ~20 MB at most. */
export const PUBLIC_RESPONSE_ENTRIES = 500;

export interface CachedResponse {
  /** The serialized JSON. */
  body: Buffer;
  etag: string;
  /** The body compressed once per entry, for the codings clients asked for so far. */
  encoded: Partial<Record<ApiEncoding, Buffer>>;
}

const caches = new WeakMap<Db, TtlCache<CachedResponse>>();

/** The public response cache of one database handle (one per app; tests get a fresh one with each app). */
export function publicResponseCacheFor(db: Db): TtlCache<CachedResponse> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache<CachedResponse>({ ttlMs: PUBLIC_RESPONSE_TTL_MS, staleMs: PUBLIC_RESPONSE_STALE_MS, maxEntries: PUBLIC_RESPONSE_ENTRIES });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * After a committed write that changes what the catalogue shows (price, stock held or sold,
 * rating, shop name): the next read recomputes. The search rankings stay (they hold
 * ids and scores only; every page re-reads the rows).
 */
export function clearPublicResponses(db: Db): void {
  caches.get(db)?.clear();
}

/** After a product is created, edited or archived: the cached responses and search rankings. */
export function clearCatalogueCaches(db: Db): void {
  clearSearchCache(db);
  clearPublicResponses(db);
}

/**
 * The cache key: the path and the validated query (defaults applied, unknown parameters dropped,
 * keys sorted), so `?limit=24&q=x`, `?q=x` and `?q=x&utm=1` are one entry. GET only (HEAD shares it).
 */
export function publicResponseKey(path: string, query: object): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `GET ${path} ${JSON.stringify(entries)}`;
}
