import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { getRetryDelay, shouldRetryQuery } from './query-client';

const httpError = (status: number) => new ApiError('failed', { kind: 'http', status, isCurrentUserCall: false });

describe('shouldRetryQuery', () => {
  it('retries outages and server errors three times', () => {
    for (const error of [new ApiError('offline', { kind: 'network' }), httpError(500), httpError(503)]) {
      expect([0, 1, 2].map((count) => shouldRetryQuery(count, error))).toEqual([true, true, true]);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i', (status) => {
    expect(shouldRetryQuery(0, httpError(status))).toBe(false);
  });

  it.each([408, 429])('retries a %i, which may pass later', (status) => {
    expect(shouldRetryQuery(0, httpError(status))).toBe(true);
  });
});

describe('getRetryDelay', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(getRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});
