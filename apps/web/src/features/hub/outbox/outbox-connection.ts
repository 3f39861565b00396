import { SEND_OUTBOX } from '../../../sw/messages';
import { SYNC_POSTS_TAG } from '../../../lib/service-worker';
import { SESSION_KEYS, readSessionValue } from '../../../lib/session-keys';
import { sendQueuedPosts } from './outbox-sender';
import { indexedDbOutbox } from './outbox-store';

/** Background Sync is Chromium only and not in TypeScript's DOM types. */
interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync: { register(tag: string): Promise<void> };
}

function hasBackgroundSync(registration: ServiceWorkerRegistration): registration is SyncCapableRegistration {
  return 'sync' in registration;
}

async function findRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    return (await navigator.serviceWorker.getRegistration('/')) ?? null;
  } catch {
    return null;
  }
}

/** The page sends the outbox itself (no service worker): with its bearer token, as every page call. */
function sendFromThisPage(): Promise<unknown> {
  return sendQueuedPosts({
    storage: indexedDbOutbox,
    fetch: (input, init) => window.fetch(input, init),
    headers: (): Record<string, string> => {
      const token = readSessionValue(SESSION_KEYS.token);
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
    isOnline: () => navigator.onLine,
  });
}

/**
 * Sends the outbox now: the active service worker does it (one sender for every tab), or this page
 * when there is none (development, a browser without workers).
 */
export async function requestOutboxSend(): Promise<void> {
  const registration = await findRegistration();
  const worker = registration?.active ?? null;
  if (worker) {
    worker.postMessage({ type: SEND_OUTBOX });
    return;
  }
  try {
    await sendFromThisPage();
  } catch (error) {
    console.warn('The queued posts could not be sent', error);
  }
}

/**
 * Asks the browser to send the outbox when the connection is back, even if every tab is closed by
 * then (Background Sync, tag "sync-posts"). Where the browser has no Background Sync (Firefox,
 * Safari) the open page's `online` event does it (watchConnection).
 */
export async function scheduleOutboxSend(): Promise<void> {
  const registration = await findRegistration();
  if (registration && hasBackgroundSync(registration)) {
    try {
      await registration.sync.register(SYNC_POSTS_TAG);
    } catch (error) {
      // Refused e.g. when the browser's background sync setting is off: the `online` event remains.
      console.warn('Background sync could not be registered', error);
    }
  }
  watchConnection();
}

let watching = false;

/**
 * While a page of the app is open, coming back online sends the outbox at once. In a browser with
 * Background Sync this only makes an open tab quicker than the browser's own scheduling (the
 * worker runs one send at a time, and the post's clientId makes a repeat harmless); without it,
 * this is how queued posts go.
 */
export function watchConnection(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => void requestOutboxSend());
}
