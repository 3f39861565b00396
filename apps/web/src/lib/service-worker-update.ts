import { SKIP_WAITING } from '../sw/messages';

/**
 * A new version of the app installed and waiting (the update banner). Kept apart from
 * service-worker.ts, which loads after the first page, so the banner costs the first load nothing.
 */
let waitingWorker: ServiceWorker | null = null;
let reloadRequested = false;
const listeners = new Set<() => void>();

export function setWaitingWorker(worker: ServiceWorker | null): void {
  if (waitingWorker === worker) return;
  waitingWorker = worker;
  // Taken over (here or from another tab) or replaced by a newer one: nothing waits any more.
  worker?.addEventListener('statechange', () => {
    if (worker.state !== 'installed' && waitingWorker === worker) setWaitingWorker(null);
  });
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether a new version waits for a reload. */
export function subscribeToUpdateAvailable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateAvailable(): boolean {
  return waitingWorker !== null;
}

/**
 * The person chose to switch to the new version: the waiting worker takes over (it never does on
 * its own, so a tab is never switched to new code under someone's hands); the page reloads once
 * it controls this tab (wasReloadRequested, read on controllerchange).
 */
export function reloadIntoNewVersion(): void {
  const worker = waitingWorker;
  if (!worker) return;
  reloadRequested = true;
  worker.postMessage({ type: SKIP_WAITING });
}

export function wasReloadRequested(): boolean {
  return reloadRequested;
}
