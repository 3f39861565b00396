/**
 * The service worker's runtime caches (the precache is Workbox's own). A new suffix here drops the
 * old cache when the new worker activates. Shared with the page, which empties the per-user
 * caches when someone signs in or out.
 */
export const API_CACHE = 'pulse-api-v1';
export const IMAGE_CACHE = 'pulse-images-v1';
export const STATIC_CACHE = 'pulse-static-v1';
/** Fingerprinted files left out of the precache (the chart chunk), stored the first time they load. */
export const LAZY_ASSET_CACHE = 'pulse-assets-v1';

export const RUNTIME_CACHES: readonly string[] = [API_CACHE, IMAGE_CACHE, STATIC_CACHE, LAZY_ASSET_CACHE];

/**
 * Caches holding answers given to one signed-in person. They are keyed by address only, so the
 * next person on this browser must never read them: emptied on sign-in and sign-out.
 */
export const PER_USER_CACHES: readonly string[] = [API_CACHE];

/** Earlier versions' caches (e.g. the hand-written worker's "pulse-shell-v1"), deleted on activate. */
export function isOutdatedCache(name: string): boolean {
  return name.startsWith('pulse-') && !RUNTIME_CACHES.includes(name);
}
