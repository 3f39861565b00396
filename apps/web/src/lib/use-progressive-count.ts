import { startTransition, useEffect, useState } from 'react';

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Gives the main thread back to the browser (to paint, to answer a tap) and resolves once the page's
 * own work may go on. `scheduler.yield()` (Chromium 129+) resumes ahead of other queued tasks;
 * elsewhere a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Calls `raise` after a yield, unless the returned cancel came first (the list left the page). What
 * useProgressiveCount does after its first commit, apart so it can be checked without a DOM.
 */
export function raiseAfterYield(raise: () => void): () => void {
  let cancelled = false;
  void yieldToMain().then(() => {
    if (!cancelled) raise();
  });
  return () => {
    cancelled = true;
  };
}

/**
 * How many items of a long list to render now: `first` on the first render, then `total` after a
 * yield, in a transition (React renders it in slices of a few milliseconds and puts it aside for a
 * tap). So the first paint costs `first` items and no task after it renders the whole list at once:
 * issue 26's "no long task" on Lighthouse's 4x slowed CPU.
 *
 * The first render never reads the window: the server's HTML and the hydrating client show the
 * same `first` items. Once raised it follows `total` (more pages loaded, a new filter) straight away.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [raised, setRaised] = useState(false);
  const waiting = !raised && total > first;
  useEffect(() => {
    if (!waiting) return;
    return raiseAfterYield(() => startTransition(() => setRaised(true)));
  }, [waiting]);
  return raised ? total : Math.min(total, first);
}
