/**
 * The messages between the page (src/lib/service-worker.ts) and the worker. Shared so both sides
 * spell them the same way.
 */

/** Page -> worker: the files this page loaded before the worker controlled it; answered with CACHED. */
export const CACHE_LOADED_FILES = 'cache-loaded-files';
/** Worker -> page (on the message port): the files are stored. */
export const CACHED = 'cached';
/** Page -> waiting worker: the person chose to reload into the new version. */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Worker -> page: go to this address of the app (a notification click on a tab it does not control). */
export const NAVIGATE = 'navigate';
/** Page -> worker: send the Pulse Hub outbox now (the page came back online, or a post was retried). */
export const SEND_OUTBOX = 'send-outbox';

export interface CacheLoadedFilesMessage {
  type: typeof CACHE_LOADED_FILES;
  urls: string[];
}

export function isCacheLoadedFilesMessage(data: unknown): data is CacheLoadedFilesMessage {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as { type?: unknown; urls?: unknown };
  return record.type === CACHE_LOADED_FILES && Array.isArray(record.urls);
}

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}

export function isSendOutboxMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SEND_OUTBOX;
}
