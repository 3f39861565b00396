import { describe, expect, it } from 'vitest';
import { firstCurrencyOf } from './server-render-state';

describe('the currency a rendered page shows prices in (its formatter is built before hydrating)', () => {
  it('is the first ISO 4217 code among the answers, however deep', () => {
    const queries = { mutations: [], queries: [{ state: { data: { pages: [{ items: [{ title: 'Garden Eggs', priceMinor: 3950, currency: 'GHS' }] }] } } }] };
    expect(firstCurrencyOf(queries)).toBe('GHS');
  });

  it('is none for answers without prices, and never a field that is not a code', () => {
    expect(firstCurrencyOf({ queries: [{ state: { data: { title: 'About us' } } }] })).toBeNull();
    expect(firstCurrencyOf({ currency: 'cedis', items: [{ currency: 'XOF' }] })).toBe('XOF');
    expect(firstCurrencyOf(null)).toBeNull();
  });
});
