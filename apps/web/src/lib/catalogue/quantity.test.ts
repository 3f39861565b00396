import { describe, expect, it } from 'vitest';
import { clampQuantity } from './quantity';

describe('clampQuantity', () => {
  it('keeps a quantity between the minimum order and the stock', () => {
    expect(clampQuantity(5, 2, 10)).toBe(5);
    expect(clampQuantity(1, 2, 10)).toBe(2);
    expect(clampQuantity(40, 2, 10)).toBe(10);
  });

  it('rounds to a whole unit and survives junk', () => {
    expect(clampQuantity(3.6, 1, 10)).toBe(4);
    expect(clampQuantity(Number.NaN, 3, 10)).toBe(3);
  });

  it('lets the minimum win when less than it is left', () => {
    expect(clampQuantity(1, 5, 3)).toBe(5);
  });
});
