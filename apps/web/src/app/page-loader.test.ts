import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CHUNK_TIMEOUT_MS, PageLoadTimeoutError, loadWithTimeout } from './page-loader';

describe('loadWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 120 s for a page chunk', () => {
    expect(PAGE_CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the chunk when it arrives in time', async () => {
    const loading = loadWithTimeout(() => new Promise<string>((resolve) => setTimeout(() => resolve('page'), 1000)));
    await vi.advanceTimersByTimeAsync(1000);
    await expect(loading).resolves.toBe('page');
  });

  it('fails with a time-out when the chunk has not settled after 120 s', async () => {
    const loading = loadWithTimeout(() => new Promise<string>(() => undefined));
    const outcome = expect(loading).rejects.toBeInstanceOf(PageLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(PAGE_CHUNK_TIMEOUT_MS);
    await outcome;
  });

  it('passes an import failure on', async () => {
    await expect(loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
  });

  it('calls the import again on each attempt, so "Retry" can succeed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('page');
    await expect(loadWithTimeout(load)).rejects.toThrow('offline');
    await expect(loadWithTimeout(load)).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
