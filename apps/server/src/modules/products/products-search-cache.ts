import type { Db } from '../../db/client';
import { TtlCache } from '../../lib/ttl-cache';
import type { ListFilter, RankedIds } from './products-repository';

/**
 * Ranked id lists of recent public searches (docs/decisions/009-catalogue-speed.md).
 *
 * Ranking a search costs every match (a common word matches thousands of rows), so the first
 * request of a search ranks once and keeps the best SEARCH_CACHE_IDS ids with their scores for
 * SEARCH_CACHE_TTL_MS; every page within that time is one cheap query fetching those ids' current
 * rows (price, stock, status always fresh; an archived product or one no longer passing a filter
 * simply drops out). What can be up to TTL old: the order, and products that newly match (a new
 * product, a retitled one) appear when the entry expires, or at once when a seller writes through
 * this process (createProduct/updateProduct/archiveProduct clear the cache).
 */
export const SEARCH_CACHE_TTL_MS = 30_000;
/** Ids kept per search: 41 pages of 24; pages further on are answered by the uncached query. */
export const SEARCH_CACHE_IDS = 1000;
/** Searches kept (least recently used dropped): at most ~100 KB each, so ~20 MB in all. */
export const SEARCH_CACHE_ENTRIES = 200;

const caches = new WeakMap<Db, TtlCache<RankedIds>>();

/** The cache of one database handle (one per app; tests get a fresh one with each app). */
export function searchCacheFor(db: Db): TtlCache<RankedIds> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache<RankedIds>({ ttlMs: SEARCH_CACHE_TTL_MS, maxEntries: SEARCH_CACHE_ENTRIES });
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets every cached search of this database handle (after a catalogue write in this process). */
export function clearSearchCache(db: Db): void {
  caches.get(db)?.clear();
}

/**
 * The cache key: the normalised search text (pg_trgm and the tsquery ignore case and repeated
 * spaces, so "Tomatos " and "tomatos" are one search) and every filter.
 */
export function searchCacheKey(filter: ListFilter): string {
  return JSON.stringify([
    filter.search?.text ?? '',
    filter.statuses,
    filter.category ?? null,
    filter.minPrice ?? null,
    filter.maxPrice ?? null,
    filter.organic ?? null,
    filter.inStock ?? null,
    filter.region?.toLowerCase() ?? null,
    filter.sellerUserId ?? null,
    filter.point ?? null,
    filter.radiusKm ?? null,
    filter.harvestedSince ?? null,
    filter.soldOutLast ?? false,
  ]);
}
