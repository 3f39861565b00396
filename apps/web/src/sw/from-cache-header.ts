/**
 * The worker marks every API answer it gives from its cache with this header, valued with the
 * time the server first sent that answer (ISO 8601, empty when unknown). The page's API client
 * reads it to tell the person that what they see is saved data (the online indicator).
 */
export const FROM_CACHE_HEADER = 'x-pulse-from-cache';

/**
 * Why the worker answered from its cache: the network failed (no response at all: spec §8's
 * "Network Error" toast is due, decision 036), or it was slower than the worker waits (its answer
 * is still on its way and refreshes the cache: no toast, the online indicator says it).
 */
export const CACHE_FALLBACK_HEADER = 'x-pulse-cache-fallback';
export type CacheFallbackReason = 'network-error' | 'timeout';

/** When the cached answer was made: its Date header, as the server wrote it. */
export function readSavedAt(response: Response): string {
  const date = response.headers.get('date');
  const time = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** A copy of a cached answer carrying the from-cache headers; the body is streamed, not read. */
export function markFromCache(response: Response, reason: CacheFallbackReason): Response {
  const headers = new Headers(response.headers);
  headers.set(FROM_CACHE_HEADER, readSavedAt(response));
  headers.set(CACHE_FALLBACK_HEADER, reason);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The page's side: null for a fresh answer; for a cached one the time it was saved (epoch ms), or
 * 0 when the worker could not say.
 */
export function parseFromCacheHeader(value: string | null): number | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? 0 : time;
}

/** The page's side: true when the worker answered from its cache because the network failed. */
export function isNetworkFailureFallback(response: Response): boolean {
  return response.headers.get(CACHE_FALLBACK_HEADER) === 'network-error';
}
