import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error';

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const MAX_QUERY_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

// A client error will not change on retry, except a timeout (408) or a rate limit (429).
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);

/** `failureCount` is 0-based (TanStack Query): outages and 5xx get 3 retries; a 4xx other than 408 and 429 none. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500) {
    return RETRYABLE_CLIENT_STATUSES.has(error.status);
  }
  return true;
}

/** Exponential back-off from the 0-based attempt: 1 s, 2 s, 4 s ... capped at 30 s (spec §9). */
export function getRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetryQuery,
        retryDelay: getRetryDelay,
        refetchOnWindowFocus: false,
      },
    },
  });
}
