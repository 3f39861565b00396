/**
 * Pulse Market's service worker, built by vite-plugin-pwa (injectManifest) to /sw.js, scope /.
 * What it stores and for how long: docs/decisions/019-workbox-service-worker.md.
 */
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isOutdatedCache } from './cache-names';
import { isCacheLoadedFilesMessage, isSendOutboxMessage, isSkipWaitingMessage, CACHED } from './messages';
import { handleApiNavigation, handleNavigation } from './navigation';
import { openNotificationTarget, showPushNotification } from './notifications';
import { SYNC_POSTS_TAG, sendQueuedPosts, sendQueuedPostsNow } from './outbox';
import { classifyRequest, type RequestKind } from './request-rules';
import { RUNTIME_STRATEGIES } from './strategies';
import { cacheLoadedFiles } from './warm-up';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

function kindOf(request: Request): RequestKind {
  return classifyRequest({ method: request.method, url: new URL(request.url), mode: request.mode, origin: self.location.origin });
}

/* ---------- Routes: the first that matches answers ---------- */

// Navigations first, so no page load is ever answered by the precache route as it stands.
registerRoute(({ request }) => kindOf(request) === 'navigation', handleNavigation);
registerRoute(({ request }) => kindOf(request) === 'api-navigation', handleApiNavigation);

// The app shell: index.html and the build's scripts and styles (vite.config.ts says which).
// No directory index or clean URLs: "/" is a navigation, handled above.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

for (const [kind, strategy] of Object.entries(RUNTIME_STRATEGIES)) {
  registerRoute(({ request }) => kindOf(request) === kind, strategy);
}
// Anything else (writes, the basket, the checkout, the session, socket.io) is not answered here:
// the browser sends it to the network as if there were no worker.

/* ---------- Life cycle ---------- */

// No skipWaiting() on install: a new version waits until the person presses "Reload" in the
// update banner (SKIP_WAITING below) or every tab of the old one is closed.
// The very first install (no worker of this app was active) takes control of the open tabs
// (decision 036): they run this very build already, and from then on what the person opens (a
// product, their orders) is stored as it loads, so it reads offline after a reload. What the tab
// loaded before still comes through CACHE_LOADED_FILES. A later version never claims: the tabs it
// would take are the old version's, and they switch only on "Reload".
let isFirstInstall = false;
self.addEventListener('install', () => {
  isFirstInstall = self.registration.active === null;
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      caches.keys().then((names) => Promise.all(names.filter(isOutdatedCache).map((name) => caches.delete(name)))),
      // The navigation request starts while the worker boots.
      self.registration.navigationPreload?.enable().catch(() => undefined),
      isFirstInstall ? self.clients.claim() : undefined,
    ]),
  );
});

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (isSendOutboxMessage(event.data)) {
    // Errors are the outbox's own news (each entry records why); the event only keeps the worker alive.
    event.waitUntil(sendQueuedPostsNow().catch(() => undefined));
    return;
  }
  if (isCacheLoadedFilesMessage(event.data)) {
    const reply = event.ports[0];
    // The page waits for the answer to know an offline reload will work.
    const done = cacheLoadedFiles(event, event.data.urls)
      .catch(() => undefined)
      .then(() => reply?.postMessage({ type: CACHED }));
    event.waitUntil(done);
  }
});

/* ---------- Push, notification clicks, background sync ---------- */

self.addEventListener('push', (event) => {
  event.waitUntil(showPushNotification(event));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotificationTarget(event));
});

// Background Sync is Chromium only, and not in TypeScript's WebWorker types.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { readonly tag?: string };
  if (sync.tag === SYNC_POSTS_TAG) sync.waitUntil(sendQueuedPosts());
});
