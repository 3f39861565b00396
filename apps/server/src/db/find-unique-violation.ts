const UNIQUE_VIOLATION = '23505';

/**
 * The name of the unique constraint or index a failed insert/update hit, or null. Drizzle wraps
 * driver errors, so the Postgres error is looked for down the `cause` chain.
 */
export function findUniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return null;
}
