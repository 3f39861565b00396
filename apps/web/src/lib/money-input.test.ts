import { describe, expect, it } from 'vitest';
import { fromMinorUnits, padMoneyInputText, toMinorUnits, toMoneyInputText } from './money-input';

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

  it('shows an amount with the currency’s digits in a money field', () => {
    expect(toMoneyInputText(240, 'USD')).toBe('2.40');
    expect(toMoneyInputText(1200, 'USD')).toBe('12.00');
    expect(toMoneyInputText(5, 'USD')).toBe('0.05');
    expect(toMoneyInputText(1500, 'JPY')).toBe('1500');
  });

  it('pads a plain amount when the person leaves the field, and leaves anything else as typed', () => {
    expect(padMoneyInputText('2.4', 'USD')).toBe('2.40');
    expect(padMoneyInputText(' 3 ', 'USD')).toBe('3.00');
    expect(padMoneyInputText('3.', 'USD')).toBe('3.00');
    expect(padMoneyInputText('.5', 'USD')).toBe('0.50');
    expect(padMoneyInputText('2.40', 'USD')).toBe('2.40');
    expect(padMoneyInputText('1500', 'JPY')).toBe('1500');
    for (const text of ['', ' ', '.', 'abc', '2.456', '-1', '1,000', '1e3']) expect(padMoneyInputText(text, 'USD')).toBe(text);
  });
});
