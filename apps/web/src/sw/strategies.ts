import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import { API_CACHE, IMAGE_CACHE, LAZY_ASSET_CACHE, STATIC_CACHE } from './cache-names';
import { markCachedAnswers } from './cached-answer-plugin';
import type { RequestKind } from './request-rules';

const DAY_SECONDS = 24 * 60 * 60;
/** After this long without an answer the saved one is shown (the network answer still updates the cache). */
export const API_NETWORK_TIMEOUT_SECONDS = 4;

/**
 * The server answers "Vary: Origin" (CORS); a module script's request carries an Origin the
 * worker's own request did not, so lookups of files ignore Vary (they are the same for every origin).
 */
const FILE_MATCH_OPTIONS: CacheQueryOptions = { ignoreVary: true };

/** Only complete, successful answers are kept: never an error page or a partial (206) response. */
const onlyComplete = (): CacheableResponsePlugin => new CacheableResponsePlugin({ statuses: [200] });

export const apiReads = new NetworkFirst({
  cacheName: API_CACHE,
  networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
  plugins: [onlyComplete(), new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }), markCachedAnswers],
});

export const images = new CacheFirst({
  cacheName: IMAGE_CACHE,
  matchOptions: FILE_MATCH_OPTIONS,
  plugins: [onlyComplete(), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
});

export const staticFiles = new NetworkFirst({
  cacheName: STATIC_CACHE,
  matchOptions: FILE_MATCH_OPTIONS,
  plugins: [onlyComplete()],
});

export const lazyAssets = new CacheFirst({
  cacheName: LAZY_ASSET_CACHE,
  matchOptions: FILE_MATCH_OPTIONS,
  plugins: [onlyComplete(), new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
});

/** The strategy of each kind of request the worker stores at run time. */
export const RUNTIME_STRATEGIES: Partial<Record<RequestKind, Strategy>> = {
  'api-read': apiReads,
  image: images,
  static: staticFiles,
  asset: lazyAssets,
};
