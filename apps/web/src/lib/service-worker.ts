/** Spec §4 Other: the service worker lives at /sw.js and registers background sync "sync-posts". */
export const SERVICE_WORKER_URL = '/sw.js';
export const SYNC_POSTS_TAG = 'sync-posts';

/** How long to wait for an active worker before a caller gives up (e.g. a push subscription). */
const READY_TIMEOUT_MS = 10_000;

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

/**
 * Files this page loaded before the worker took over are not in its cache yet (the first visit
 * loads everything itself); handing their addresses over makes an offline reload of this page
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
  worker.postMessage({ type: 'cache-loaded-files', urls }, [channel.port2]);
  await stored;
  channel.port1.close();
}

/** When the worker cannot navigate a tab it does not control, it asks the page to do it. */
function followNavigationRequests(): void {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'navigate' || typeof data.url !== 'string') return;
    const target = new URL(data.url, window.location.origin);
    if (target.origin === window.location.origin) window.location.assign(target.href);
  });
}

async function startServiceWorker(): Promise<void> {
  followNavigationRequests();
  // updateViaCache none: the browser always asks the server for a new /sw.js.
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  const registration = await navigator.serviceWorker.ready;
  if (hasBackgroundSync(registration)) {
    try {
      await registration.sync.register(SYNC_POSTS_TAG);
    } catch (error) {
      // Refused e.g. when the browser's background sync setting is off; posting still works online.
      console.warn('Background sync could not be registered', error);
    }
  }
  // A page the worker served already had its files stored on the way; only a first visit needs this.
  if (registration.active && !navigator.serviceWorker.controller) await cacheLoadedFiles(registration.active);
  // A marker the browser tests wait for before they go offline.
  document.documentElement.dataset.offlineReady = 'true';
}

/** Registers the service worker at start-up; failures are logged, the app runs without it. */
export function registerServiceWorker(): void {
  if (!hasServiceWorker()) return;
  startServiceWorker().catch((error: unknown) => console.error('The service worker could not be registered', error));
}
