import { describe, expect, it } from 'vitest';
import { currencySymbol, formatCalendarDate, formatQuantity, formatRating, formatStock, formatUnitPrice, unitsToMinor } from './format-price';

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

describe('formatQuantity and formatStock', () => {
  it('writes the unit in singular or plural', () => {
    expect(formatQuantity(1, 'piece')).toBe('1 piece');
    expect(formatQuantity(3, 'bunch')).toBe('3 bunches');
    expect(formatQuantity(12, 'kg')).toBe('12 kg');
    expect(formatQuantity(2, 'dozen')).toBe('2 dozen');
  });

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

  it('finds the currency sign', () => {
    expect(currencySymbol('USD', 'en-US')).toBe('$');
    expect(currencySymbol('EUR', 'en-US')).toBe('€');
  });
});

describe('dates and ratings', () => {
  it('shows a harvest date as the calendar day it names', () => {
    expect(formatCalendarDate('2026-11-20')).toBe('20 Nov 2026');
  });

  it('rounds ratings to one decimal', () => {
    expect(formatRating(4.26)).toBe('4.3');
    expect(formatRating(5)).toBe('5.0');
  });
});
