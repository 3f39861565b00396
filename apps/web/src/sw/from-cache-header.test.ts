import { describe, expect, it } from 'vitest';
import { CACHE_FALLBACK_HEADER, FROM_CACHE_HEADER, isNetworkFailureFallback, markFromCache, parseFromCacheHeader, readSavedAt } from './from-cache-header';

describe('the from-cache header', () => {
  it('marks a cached answer with the time the server made it and why it was used, keeping status, headers and body', async () => {
    const cached = new Response('{"id":"1"}', {
      status: 200,
      headers: { 'content-type': 'application/json', date: 'Mon, 03 Mar 2025 14:02:00 GMT' },
    });
    const marked = markFromCache(cached, 'network-error');
    expect(marked.status).toBe(200);
    expect(marked.headers.get('content-type')).toBe('application/json');
    expect(marked.headers.get(FROM_CACHE_HEADER)).toBe('2025-03-03T14:02:00.000Z');
    expect(marked.headers.get(CACHE_FALLBACK_HEADER)).toBe('network-error');
    expect(isNetworkFailureFallback(marked)).toBe(true);
    expect(await marked.json()).toEqual({ id: '1' });
  });

  it('a timeout fallback or a live answer is no network failure', () => {
    expect(isNetworkFailureFallback(markFromCache(new Response(''), 'timeout'))).toBe(false);
    expect(isNetworkFailureFallback(new Response(''))).toBe(false);
  });

  it('says nothing about the time when the cached answer has no usable Date', () => {
    expect(readSavedAt(new Response(''))).toBe('');
    expect(readSavedAt(new Response('', { headers: { date: 'yesterday-ish' } }))).toBe('');
  });

  it('reads, on the page: null for a live answer, the time for a saved one, 0 when unknown', () => {
    expect(parseFromCacheHeader(null)).toBeNull();
    expect(parseFromCacheHeader('2025-03-03T14:02:00.000Z')).toBe(Date.parse('2025-03-03T14:02:00Z'));
    expect(parseFromCacheHeader('')).toBe(0);
  });
});
