import { describe, expect, it } from 'vitest';
import { lineTotalForQuantity, parseWeighedQuantity, previewFinalWeight } from './weight-preview';

describe('previewFinalWeight', () => {
  const item = { unitPriceMinor: 350, quantity: 2, lineTotalMinor: 700 };

  it('prices the weighed quantity and returns the difference', () => {
    expect(previewFinalWeight(item, 1.5)).toEqual({ newLineTotalMinor: 525, returnedMinor: 175 });
  });

  it('returns nothing when the weight matches the order', () => {
    expect(previewFinalWeight(item, 2)).toEqual({ newLineTotalMinor: 700, returnedMinor: 0 });
  });

  it('refuses more than was ordered, negatives and missing values', () => {
    expect(previewFinalWeight(item, 2.001)).toBeNull();
    expect(previewFinalWeight(item, -1)).toBeNull();
    expect(previewFinalWeight(item, null)).toBeNull();
  });
});

describe('lineTotalForQuantity', () => {
  it('rounds half down and anything above half up', () => {
    // 125 * 0.1 = 12.5 cents -> 12; 125 * 0.1004 is not reachable (3 decimals), 333 * 1.5 = 499.5 -> 499
    expect(lineTotalForQuantity(125, 0.1)).toBe(12);
    expect(lineTotalForQuantity(333, 1.5)).toBe(499);
    expect(lineTotalForQuantity(101, 0.505)).toBe(51);
  });
});

describe('parseWeighedQuantity', () => {
  it('reads dots and commas with up to three decimals', () => {
    expect(parseWeighedQuantity('1.85')).toBe(1.85);
    expect(parseWeighedQuantity('1,850')).toBe(1.85);
    expect(parseWeighedQuantity(2)).toBe(2);
  });

  it('refuses text, signs and a fourth decimal', () => {
    expect(parseWeighedQuantity('')).toBeNull();
    expect(parseWeighedQuantity('abc')).toBeNull();
    expect(parseWeighedQuantity('-1')).toBeNull();
    expect(parseWeighedQuantity('1.2345')).toBeNull();
  });
});
