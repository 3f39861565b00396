import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeItemQuantity, formatQuantity } from './quantities';

describe('quantities', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('formats amounts with their unit, plural where it reads so', () => {
    expect(formatQuantity(2, 'kg')).toBe('2 kg');
    expect(formatQuantity(1.85, 'kg')).toBe('1.85 kg');
    expect(formatQuantity(3, 'bunch')).toBe('3 bunches');
    expect(formatQuantity(1, 'crate')).toBe('1 crate');
    expect(formatQuantity(0.33333, 'litre')).toBe('0.333 litres');
  });

  it('writes the decimals as the person’s locale does', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'], language: 'de-DE' });
    expect(formatQuantity(1.85, 'kg')).toBe('1,85 kg');
  });

  it('tells the ordered and the weighed amount once the farm weighed the item', () => {
    expect(describeItemQuantity({ quantity: 2, finalQuantity: null, unit: 'kg' })).toBe('2 kg');
    expect(describeItemQuantity({ quantity: 2, finalQuantity: 1.85, unit: 'kg' })).toBe('ordered 2 kg, weighed 1.85 kg');
  });
});
