/** How long a page chunk may take before the user is offered a retry (spec §9). */
export const PAGE_CHUNK_TIMEOUT_MS = 120_000;

export class PageLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console; the page shows its own text (lazy-page.tsx)
    super(`The page did not load within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'PageLoadTimeoutError';
  }
}

/** Runs a chunk import, rejecting with PageLoadTimeoutError when it has not settled in time. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = PAGE_CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
