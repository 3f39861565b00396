import { describe, expect, it } from 'vitest';
import { readTipAmount } from './tip-amount';

const options = { currency: 'USD', presetsMinor: [100, 200, 500, 1000], minMinor: 50, maxMinor: 50_000 };

describe('readTipAmount', () => {
  it('takes a preset as it is', () => {
    expect(readTipAmount({ presetMinor: 200, custom: '' }, options)).toEqual({ amountMinor: 200, error: null });
  });

  it('reads a custom amount in dollars as cents', () => {
    expect(readTipAmount({ presetMinor: null, custom: 3.5 }, options)).toEqual({ amountMinor: 350, error: null });
    expect(readTipAmount({ presetMinor: null, custom: '12' }, options)).toEqual({ amountMinor: 1200, error: null });
  });

  it('asks for an amount when there is none', () => {
    expect(readTipAmount({ presetMinor: null, custom: '' }, options).error).toBe('Enter an amount');
    expect(readTipAmount({ presetMinor: null, custom: 0 }, options).error).toBe('Enter an amount');
  });

  it('names the bounds when the amount is outside them', () => {
    expect(readTipAmount({ presetMinor: null, custom: 0.2 }, options).error).toBe('Tips are from $0.50 to $500.00');
    expect(readTipAmount({ presetMinor: null, custom: 501 }, options).error).toBe('Tips are from $0.50 to $500.00');
  });
});
