import { describe, expect, it } from 'vitest';
import { formatQuantity, formatUnit, formatUnitPrice, pluralUnit } from './product-units';

describe('formatUnitPrice', () => {
  it('reads as price per unit', () => {
    expect(formatUnitPrice(350, 'USD', 'kg', 'en-US')).toBe('$3.50 / kg');
    expect(formatUnitPrice(1200, 'USD', 'dozen', 'en-US')).toBe('$12.00 / dozen');
  });

  it('follows the currency from the server', () => {
    expect(formatUnitPrice(500, 'JPY', 'piece', 'en-US')).toBe('¥500 / piece');
    expect(formatUnitPrice(1999, 'EUR', 'litre', 'en-US')).toBe('€19.99 / litre');
  });
});

describe('formatQuantity and units', () => {
  it('writes the unit in singular or plural', () => {
    expect(formatQuantity(1, 'piece')).toBe('1 piece');
    expect(formatQuantity(3, 'bunch')).toBe('3 bunches');
    expect(formatQuantity(12, 'kg')).toBe('12 kg');
    expect(formatQuantity(2, 'dozen')).toBe('2 dozen');
  });

  it('names the unit for one and for many', () => {
    expect(formatUnit('crate')).toBe('crate');
    expect(formatUnit('crate', 4)).toBe('crates');
    expect(pluralUnit('litre')).toBe('litres');
    expect(pluralUnit('g')).toBe('g');
  });
});
