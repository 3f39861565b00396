import { describe, expect, it } from 'vitest';
import { toPriceText } from './price-text';

describe('toPriceText', () => {
  it('keeps digits and one decimal point', () => {
    expect(toPriceText('$12.50', 2)).toBe('12.50');
    expect(toPriceText('1a2', 2)).toBe('12');
  });

  it('cuts the decimals to what the currency has', () => {
    expect(toPriceText('3.999', 2)).toBe('3.99');
    expect(toPriceText('1.2.3', 2)).toBe('1.23');
    expect(toPriceText('150.5', 0)).toBe('150');
  });

  it('leaves an empty box empty and a trailing point while typing', () => {
    expect(toPriceText('', 2)).toBe('');
    expect(toPriceText('4.', 2)).toBe('4.');
  });
});
