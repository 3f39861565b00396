import { describe, expect, it } from 'vitest';
import { parseWeight, weighedLineTotal, weightReturn } from './final-weight';

describe('final weight on the order page', () => {
  it('returns the price of what was not weighed', () => {
    // 2 kg at $3.50 weighed 1.85 kg: $6.475 rounds half down to $6.47, so $0.53 goes back.
    expect(weightReturn({ unitPriceMinor: 350, quantity: 2, lineTotalMinor: 700 }, 1.85)).toBe(53);
    expect(weighedLineTotal(350, 1.85)).toBe(647);
  });

  it('refuses more than ordered and unreadable text', () => {
    expect(weightReturn({ unitPriceMinor: 350, quantity: 2, lineTotalMinor: 700 }, 2.5)).toBeNull();
    expect(parseWeight('1.2345')).toBeNull();
    expect(parseWeight('abc')).toBeNull();
    expect(parseWeight('1,5')).toBe(1.5);
  });
});
