import type { ApiFailure } from './error-catalogue';

/** Rejection value of every failed API call. */
export class ApiError extends Error {
  readonly failure: ApiFailure;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  readonly code: string | null;
  /** Per-field messages from the server, keyed by request field name. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(message: string, failure: ApiFailure, details: { code?: string | null; fields?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.name = 'ApiError';
    this.failure = failure;
    this.status = failure.kind === 'http' ? failure.status : null;
    this.code = details.code ?? null;
    this.fields = details.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
