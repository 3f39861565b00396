import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from './money-input';

describe('money input', () => {
  it('turns what a person types into minor units without float drift', () => {
    expect(toMinorUnits('12.5', 'USD')).toBe(1250);
    expect(toMinorUnits(0.29, 'USD')).toBe(29);
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(toMinorUnits('', 'USD')).toBeNull();
    expect(toMinorUnits('abc', 'USD')).toBeNull();
  });

  it('follows the currency’s decimals', () => {
    expect(toMinorUnits('1500', 'JPY')).toBe(1500);
    expect(fromMinorUnits(1250, 'USD')).toBe(12.5);
  });
});
