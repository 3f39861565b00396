import { describe, expect, it } from 'vitest';
import { formatRating, formatStock, unitsToMinor } from './format-price';

describe('formatStock', () => {
  it('says how much is left, or sold out', () => {
    expect(formatStock(12, 'kg')).toBe('12 kg left');
    expect(formatStock(1, 'crate')).toBe('1 crate left');
    expect(formatStock(0, 'kg')).toBe('Sold out');
  });
});

describe('money helpers', () => {
  it('converts units to minor units by the currency digits', () => {
    expect(unitsToMinor(3.5, 'USD')).toBe(350);
    expect(unitsToMinor(1.005, 'USD')).toBe(100);
    expect(unitsToMinor(300, 'JPY')).toBe(300);
  });
});

describe('ratings', () => {
  it('rounds ratings to one decimal', () => {
    expect(formatRating(4.26)).toBe('4.3');
    expect(formatRating(5)).toBe('5.0');
  });
});
