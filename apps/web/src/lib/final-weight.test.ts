import { describe, expect, it } from 'vitest';
import { parseWeighedQuantity, previewFinalWeight } from './final-weight';

describe('previewFinalWeight', () => {
  const item = { unitPriceMinor: 350, quantity: 2, lineTotalMinor: 700 };

  it('prices the weighed quantity and returns the difference', () => {
    expect(previewFinalWeight(item, 1.5)).toEqual({ newLineTotalMinor: 525, returnedMinor: 175 });
    // 2 kg at $3.50 weighed 1.85 kg: $6.475 rounds half down to $6.47, so $0.53 goes back.
    expect(previewFinalWeight(item, 1.85)).toEqual({ newLineTotalMinor: 647, returnedMinor: 53 });
  });

  it('returns nothing when the weight matches the order', () => {
    expect(previewFinalWeight(item, 2)).toEqual({ newLineTotalMinor: 700, returnedMinor: 0 });
  });

  it('refuses more than was ordered, negatives and missing values', () => {
    expect(previewFinalWeight(item, 2.001)).toBeNull();
    expect(previewFinalWeight(item, 2.5)).toBeNull();
    expect(previewFinalWeight(item, -1)).toBeNull();
    expect(previewFinalWeight(item, null)).toBeNull();
  });
});

describe('parseWeighedQuantity', () => {
  it('reads dots and commas with up to three decimals', () => {
    expect(parseWeighedQuantity('1.85')).toBe(1.85);
    expect(parseWeighedQuantity('1,850')).toBe(1.85);
    expect(parseWeighedQuantity('1,5')).toBe(1.5);
    expect(parseWeighedQuantity(2)).toBe(2);
  });

  it('refuses text, signs and a fourth decimal', () => {
    expect(parseWeighedQuantity('')).toBeNull();
    expect(parseWeighedQuantity('abc')).toBeNull();
    expect(parseWeighedQuantity('-1')).toBeNull();
    expect(parseWeighedQuantity('1.2345')).toBeNull();
  });
});
