/**
 * Which API answers on screen came from the service worker's cache, and since when: the online
 * indicator says "Showing saved data from 14:02" while any does. The API client records every
 * GET's answer: a saved one adds (or updates) its address, a fresh one removes it.
 */
export interface SavedDataStore {
  /** `savedAt`: null for a fresh answer; else when the saved answer was made (epoch ms, 0 unknown). */
  record(path: string, savedAt: number | null): void;
  /** The connection is back: what shows is about to be asked again. */
  clear(): void;
  /** The oldest saved answer on screen (0 when one's time is unknown), or null when all are fresh. */
  getSnapshot(): number | null;
  subscribe(listener: () => void): () => void;
}

export function createSavedDataStore(): SavedDataStore {
  const savedAtByPath = new Map<string, number>();
  const listeners = new Set<() => void>();
  let snapshot: number | null = null;

  function update(): void {
    const oldest = savedAtByPath.size === 0 ? null : Math.min(...savedAtByPath.values());
    if (oldest === snapshot) return;
    snapshot = oldest;
    for (const listener of listeners) listener();
  }

  return {
    record(path, savedAt) {
      if (savedAt === null) savedAtByPath.delete(path);
      else savedAtByPath.set(path, savedAt);
      update();
    },
    clear() {
      savedAtByPath.clear();
      update();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const savedDataStore = createSavedDataStore();
