import { useCallback, useRef } from 'react';
import { createIdempotencyKey } from './create-idempotency-key';
import { fingerprintOf, nextAttempt, type IdempotentAttempt } from './idempotent-attempt';

/** Keeps the Idempotency-Key of the current attempt across renders (see idempotent-attempt.ts). */
export function useIdempotentAttempt() {
  const attemptRef = useRef<IdempotentAttempt | null>(null);

  const keyFor = useCallback((request: unknown): string => {
    attemptRef.current = nextAttempt(attemptRef.current, fingerprintOf(request), () => createIdempotencyKey());
    return attemptRef.current.key;
  }, []);

  const reset = useCallback(() => {
    attemptRef.current = null;
  }, []);

  return { keyFor, reset };
}
