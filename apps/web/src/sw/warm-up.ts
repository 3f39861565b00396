import { getCacheKeyForURL } from 'workbox-precaching';
import { selectWarmUpRequests } from './request-rules';
import { RUNTIME_STRATEGIES } from './strategies';

declare const self: ServiceWorkerGlobalScope;

/**
 * Files and API answers the page loaded before this worker controlled it (the first visit loads
 * everything itself) go through the same strategies as later requests, so an offline reload of
 * that page works right away. The worker asks for them again with the session cookie, never the
 * page's bearer token: an answer only the token would get is refused and simply not stored.
 */
export async function cacheLoadedFiles(event: ExtendableEvent, urls: readonly unknown[]): Promise<void> {
  const wanted = selectWarmUpRequests(urls, self.location.origin, (href) => getCacheKeyForURL(href) !== undefined);
  await Promise.allSettled(
    wanted.map(({ url, kind }) => {
      const headers = kind === 'api-read' ? { Accept: 'application/json' } : undefined;
      return RUNTIME_STRATEGIES[kind]?.handle({ event, request: new Request(url.href, { headers, credentials: 'same-origin' }) });
    }),
  );
}
