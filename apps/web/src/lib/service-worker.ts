import { PER_USER_CACHES } from '../sw/cache-names';
import { CACHE_LOADED_FILES, NAVIGATE } from '../sw/messages';
import { setWaitingWorker, wasReloadRequested } from './service-worker-update';

/** Spec §4 Other: the service worker lives at /sw.js and registers background sync "sync-posts". */
export const SERVICE_WORKER_URL = '/sw.js';
export const SYNC_POSTS_TAG = 'sync-posts';

/** How long to wait for an active worker before a caller gives up (e.g. a push subscription). */
const READY_TIMEOUT_MS = 10_000;
/** How long a first visit waits for the new worker to take control of the tab. */
const CONTROL_TIMEOUT_MS = 5_000;
/** A tab left open for days still learns about a deploy: it asks at most this often when shown again. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Background Sync is not in TypeScript's DOM types (Chromium only). */
interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync: { register(tag: string): Promise<void> };
}

function hasServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

function hasBackgroundSync(registration: ServiceWorkerRegistration): registration is SyncCapableRegistration {
  return 'sync' in registration;
}

/** The active registration, or null when the browser has none or it does not become ready in time. */
export async function getServiceWorkerRegistration(timeoutMs = READY_TIMEOUT_MS): Promise<ServiceWorkerRegistration | null> {
  if (!hasServiceWorker()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/* ---------- A new version waiting (the update banner) ---------- */

function reloadWhenNewVersionTakesOver(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (wasReloadRequested()) window.location.reload();
  });
}

/** A worker installed while this page has a controller is a new version: it waits until asked. */
function watchForNewVersions(registration: ServiceWorkerRegistration): void {
  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) setWaitingWorker(registration.waiting);
  };
  offerIfWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerIfWaiting();
    });
  });
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  });
}

/* ---------- Per-user answers ---------- */

/**
 * Empties the caches of answers given to the signed-in person (orders, wallet, notifications), so
 * whoever signs in next on this browser never reads them offline. The page opens Cache Storage
 * itself: it works without a controlling worker and is done before the call returns.
 */
export async function clearPerUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(PER_USER_CACHES.map((name) => caches.delete(name)));
  } catch (error) {
    console.warn('The saved answers could not be cleared', error);
  }
}

/* ---------- Registration ---------- */

/**
 * What this page loaded before a worker controlled it is not in its runtime caches yet (the first
 * visit loads everything itself); handing the addresses over makes an offline reload of this page
 * work right away. Resolves when the worker says it stored them.
 */
async function cacheLoadedFiles(worker: ServiceWorker): Promise<void> {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${window.location.origin}/`));
  const channel = new MessageChannel();
  const stored = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  worker.postMessage({ type: CACHE_LOADED_FILES, urls }, [channel.port2]);
  await stored;
  channel.port1.close();
}

/**
 * The first install of the worker takes control of this tab (decision 036); `ready` resolves as it
 * starts activating, a moment before that. Resolves once this tab is controlled, or after `timeoutMs`
 * (a worker stopped between install and activate forgets it was the first, and never claims).
 */
async function waitForControl(timeoutMs: number): Promise<void> {
  if (navigator.serviceWorker.controller) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    navigator.serviceWorker.addEventListener('controllerchange', done);
  });
}

/** When the worker cannot navigate a tab it does not control, it asks the page to do it. */
function followNavigationRequests(): void {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== NAVIGATE || typeof data.url !== 'string') return;
    const target = new URL(data.url, window.location.origin);
    if (target.origin === window.location.origin) window.location.assign(target.href);
  });
}

async function startServiceWorker(): Promise<void> {
  // Read before registering: a page loaded without a worker loaded everything itself.
  const loadedWithoutWorker = navigator.serviceWorker.controller === null;
  followNavigationRequests();
  reloadWhenNewVersionTakesOver();
  // updateViaCache none: the browser always asks the server for a new /sw.js.
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  watchForNewVersions(registration);
  const ready = await navigator.serviceWorker.ready;
  if (hasBackgroundSync(ready)) {
    try {
      await ready.sync.register(SYNC_POSTS_TAG);
    } catch (error) {
      // Refused e.g. when the browser's background sync setting is off; posting still works online.
      console.warn('Background sync could not be registered', error);
    }
  }
  if (loadedWithoutWorker && ready.active) {
    await waitForControl(CONTROL_TIMEOUT_MS);
    await cacheLoadedFiles(ready.active);
  }
  // A marker the browser tests wait for before they go offline: from here on what this tab loads
  // is stored as it loads.
  document.documentElement.dataset.offlineReady = 'true';
}

/**
 * Registers the service worker at start-up; failures are logged, the app runs without it. Not in
 * development: Vite's dev server has no built worker, and a caching worker would hide edits.
 */
export function registerServiceWorker(): void {
  if (!hasServiceWorker() || import.meta.env.DEV) return;
  startServiceWorker().catch((error: unknown) => console.error('The service worker could not be registered', error));
}
