/**
 * One Idempotency-Key per attempt at a payment. A retry of the same request (a double click, a
 * response lost on the way back) reuses the key, so the server answers it with what it already did
 * instead of charging again. Changing what is asked for (another amount, another delivery choice)
 * starts a new attempt with a new key; so does a finished attempt, via `reset`.
 */
export interface IdempotentAttempt {
  key: string;
  /** What the request asked for, serialised; the key belongs to this exact request. */
  fingerprint: string;
}

export function nextAttempt(current: IdempotentAttempt | null, fingerprint: string, createKey: () => string): IdempotentAttempt {
  if (current && current.fingerprint === fingerprint) return current;
  return { key: createKey(), fingerprint };
}

/** A stable serialisation: the same request in another key order is the same attempt. */
export function fingerprintOf(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    }
    return inner;
  });
}
