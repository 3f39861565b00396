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
 * How many items of a long list to render now: `first` on the first render, then `step` more after
 * each yield, each step in a transition, until `total`. So the first paint costs `first` items and no
 * task after it renders (and above all commits, which React cannot slice) the whole list at once:
 * issue 26's "no long task" on Lighthouse's 4x slowed CPU. Items added later (the next page) come in
 * the same way.
 *
 * The first render never reads the window: the server's HTML and the hydrating client show the
 * same `first` items.
 */
export function useProgressiveCount(total: number, first: number, step: number = first): number {
  const [shown, setShown] = useState(first);
  const waiting = shown < total;
  useEffect(() => {
    if (!waiting) return;
    return raiseAfterYield(() => startTransition(() => setShown((current) => current + step)));
  }, [waiting, shown, step]);
  return Math.min(shown, total);
}
