import { useCallback, useRef, useState } from 'react';

/**
 * Runs a submit at most once at a time. The ref blocks a second click that arrives before
 * React has re-rendered the disabled button.
 */
export function useSingleSubmit() {
  const runningRef = useRef(false);
  const [isPending, setIsPending] = useState(false);

  const runOnce = useCallback(async (task: () => Promise<void>) => {
    if (runningRef.current) return;
    runningRef.current = true;
    setIsPending(true);
    try {
      await task();
    } finally {
      runningRef.current = false;
      setIsPending(false);
    }
  }, []);

  return { isPending, runOnce };
}
