/* Pulse Market service worker: web push, notification clicks, app-shell cache, background sync.
 * Plain JavaScript served as is from /sw.js (scope /). It must not be fingerprinted or cached
 * long: the server sends it with "cache-control: no-cache", so a deploy reaches every browser. */

/* The shell cache; a new name here drops the old cache on activate. */
const SHELL_CACHE = 'pulse-shell-v1';
/* index.html is the same document for every route (the server answers deep links with it). */
const SHELL_KEY = '/';
/* Small same-origin files the offline page and the notifications use. */
const STATIC_FILES = ['/favicon.svg', '/brand/logo.svg', '/brand/badge.svg'];
const STATIC_PREFIXES = ['/brand/', '/sounds/'];
/* The server answers "Vary: Origin" (CORS); a module script's request carries an Origin the
 * precache request did not, so lookups ignore Vary (these files are the same for every origin). */
const MATCH_OPTIONS = { ignoreVary: true };

/* Spec §4: system notifications use the logo icon, a badge image and vibration 100/50/100
 * (the same values as showSystemNotification in src/lib/push.ts). */
const NOTIFICATION_ICON = '/brand/logo.svg';
const NOTIFICATION_BADGE = '/brand/badge.svg';
const NOTIFICATION_VIBRATION = [100, 50, 100];
const DEFAULT_TITLE = 'Pulse Market';

/* Spec §4 Other: the tag of the background sync, and where queued Hub posts wait (IndexedDB). */
const SYNC_POSTS_TAG = 'sync-posts';
const OUTBOX_DATABASE = 'pulse-market';
const OUTBOX_DATABASE_VERSION = 1;
const OUTBOX_STORE = 'outbox';

/* ---------- App shell cache ---------- */

/** The fingerprinted files index.html loads (scripts, styles, module preloads). */
function readShellAssetUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) urls.add(match[1]);
  return [...urls];
}

async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch(SHELL_KEY, { cache: 'no-cache', headers: { Accept: 'text/html' } });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL_KEY, response);
  // One missing file must not leave the worker uninstalled: each is cached on its own.
  await Promise.allSettled([...readShellAssetUrls(html), ...STATIC_FILES].map((url) => cache.add(url)));
}

async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('pulse-') && name !== SHELL_CACHE).map((name) => caches.delete(name)));
}

/** Files the page loaded before this worker controlled it, sent by src/lib/service-worker.ts. */
async function cacheLoadedFiles(urls) {
  const cache = await caches.open(SHELL_CACHE);
  const wanted = urls.filter((url) => {
    try {
      const parsed = new URL(url, self.location.origin);
      return parsed.origin === self.location.origin && isCacheablePath(parsed.pathname);
    } catch {
      return false;
    }
  });
  await Promise.allSettled(
    wanted.map(async (url) => {
      if (!(await cache.match(url, MATCH_OPTIONS))) await cache.add(url);
    }),
  );
}

function isCacheablePath(pathname) {
  return pathname.startsWith('/assets/') || STATIC_FILES.includes(pathname) || STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

function isHtmlResponse(response) {
  return response.ok && (response.headers.get('content-type') || '').includes('text/html');
}

/**
 * Navigations: the network when it answers (the fresh shell is stored after the answer is on its
 * way), the cached shell when not. The navigation preload request starts while this worker boots.
 */
async function passNavigationThrough(event) {
  return (await event.preloadResponse) || fetch(event.request);
}

async function handleNavigation(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (isHtmlResponse(response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_KEY, copy)));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_KEY, MATCH_OPTIONS);
    if (cached) return cached;
    throw error;
  }
}

/** Fingerprinted files never change under one name: the cache first, the network once. */
async function handleAsset(event) {
  const cached = await caches.match(event.request, MATCH_OPTIONS);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

/** Brand images and sounds may change under one name: the network first, the cache offline. */
async function handleStaticFile(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(event.request, copy)));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(event.request, MATCH_OPTIONS);
    if (cached) return cached;
    throw error;
  }
}

async function enableNavigationPreload() {
  if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
}

self.addEventListener('install', (event) => {
  // A failed precache (e.g. offline during install) must not block the push and sync handlers.
  event.waitUntil(
    precacheShell()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // No clients.claim(): a tab opened before this worker keeps loading from the network, so its
  // first visit behaves exactly as without a worker.
  event.waitUntil(Promise.all([deleteOldCaches(), enableNavigationPreload().catch(() => undefined)]));
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'cache-loaded-files' && Array.isArray(data.urls)) {
    const reply = event.ports[0];
    // The page waits for the answer to know an offline reload will work.
    const done = cacheLoadedFiles(data.urls.filter((url) => typeof url === 'string'))
      .catch(() => undefined)
      .then(() => reply && reply.postMessage({ type: 'cached' }));
    event.waitUntil(done);
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // API answers and the real-time connection are live data: never from a cache.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) {
    // A navigation (the OpenID Connect start and callback) was already sent once as the navigation
    // preload; letting the browser fetch it again would send it twice, and a sign-in code works once.
    if (request.mode === 'navigate') event.respondWith(passNavigationThrough(event));
    return;
  }

  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(handleAsset(event));
  } else if (STATIC_FILES.includes(url.pathname) || STATIC_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(handleStaticFile(event));
  }
});

/* ---------- Push and notification clicks ---------- */

/** The server sends JSON {title, body, url, tag}; anything else still shows something sensible. */
function readPushMessage(data) {
  const fallback = { title: DEFAULT_TITLE, body: '', url: '/notifications', tag: undefined };
  if (!data) return fallback;
  try {
    const parsed = data.json();
    return {
      title: typeof parsed.title === 'string' && parsed.title ? parsed.title : DEFAULT_TITLE,
      body: typeof parsed.body === 'string' ? parsed.body : '',
      url: typeof parsed.url === 'string' && parsed.url ? parsed.url : fallback.url,
      tag: typeof parsed.tag === 'string' && parsed.tag ? parsed.tag : undefined,
    };
  } catch {
    return { ...fallback, body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data);
  // The same tag as the open tab's own system notification: one replaces the other, never two.
  const options = {
    body: message.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    vibrate: NOTIFICATION_VIBRATION,
    data: { url: message.url },
  };
  if (message.tag) options.tag = message.tag;
  event.waitUntil(self.registration.showNotification(message.title, options));
});

/** Only paths of this app: a notification can never send the user to another site. */
function resolveAppUrl(value) {
  try {
    const url = new URL(typeof value === 'string' && value ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

async function openAppUrl(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindows = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = appWindows.find((candidate) => candidate.focused) || appWindows[0];
  if (!client) {
    await self.clients.openWindow(target);
    return;
  }
  const focused = await client.focus();
  if (focused.url === target) return;
  try {
    await focused.navigate(target);
  } catch {
    // navigate() works only on a tab this worker controls; the page does it itself otherwise.
    focused.postMessage({ type: 'navigate', url: target });
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = resolveAppUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openAppUrl(target));
});

/* ---------- Background sync of queued Pulse Hub posts ---------- */

function openOutbox() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DATABASE, OUTBOX_DATABASE_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(OUTBOX_STORE)) {
        request.result.createObjectStore(OUTBOX_STORE, { keyPath: 'id', autoIncrement: true });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function runOutboxRequest(database, mode, operate) {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(OUTBOX_STORE, mode);
    const request = operate(transaction.objectStore(OUTBOX_STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/**
 * A queued post is {id, path, body, idempotencyKey?}: `path` an /api/ path of this origin, `body`
 * the JSON to send. Sent entries and ones the server refuses for good (4xx) leave the outbox; an
 * outage (network, 5xx) throws so the browser retries the sync later.
 */
async function sendQueuedPosts() {
  const database = await openOutbox();
  try {
    const entries = await runOutboxRequest(database, 'readonly', (store) => store.getAll());
    let retryLater = false;
    for (const entry of entries) {
      if (!entry || typeof entry.path !== 'string' || !entry.path.startsWith('/api/')) {
        await runOutboxRequest(database, 'readwrite', (store) => store.delete(entry.id));
        continue;
      }
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (typeof entry.idempotencyKey === 'string') headers['Idempotency-Key'] = entry.idempotencyKey;
      let response;
      try {
        response = await fetch(entry.path, { method: 'POST', headers, body: JSON.stringify(entry.body ?? {}), credentials: 'same-origin' });
      } catch {
        retryLater = true;
        break;
      }
      if (response.status >= 500 || response.status === 429 || response.status === 401) {
        retryLater = true;
        continue;
      }
      await runOutboxRequest(database, 'readwrite', (store) => store.delete(entry.id));
    }
    if (retryLater) throw new Error('Some queued posts could not be sent yet');
  } finally {
    database.close();
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_POSTS_TAG) event.waitUntil(sendQueuedPosts());
});
