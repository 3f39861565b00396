import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { setActiveLocale } from '../../../lib/i18n/locales';
import { describeItemQuantity, formatQuantity } from './quantities';

describe('quantities', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setActiveLocale('en', ['en-US']);
  });

  it('formats amounts with their unit, plural where it reads so', () => {
    expect(formatQuantity(2, 'kg', i18n)).toBe('2 kg');
    expect(formatQuantity(1.85, 'kg', i18n)).toBe('1.85 kg');
    expect(formatQuantity(3, 'bunch', i18n)).toBe('3 bunches');
    expect(formatQuantity(1, 'crate', i18n)).toBe('1 crate');
    expect(formatQuantity(0.33333, 'litre', i18n)).toBe('0.333 litres');
  });

  it('writes the decimals as the person’s locale does', () => {
    // Numbers follow the page's language and the browser's own tag of it (lib/i18n/locales.ts).
    setActiveLocale('fr', ['fr-FR']);
    expect(formatQuantity(1.85, 'kg', i18n)).toBe('1,85 kg');
  });

  it('tells the ordered and the weighed amount once the farm weighed the item', () => {
    expect(describeItemQuantity({ quantity: 2, finalQuantity: null, unit: 'kg' }, i18n)).toBe('2 kg');
    expect(describeItemQuantity({ quantity: 2, finalQuantity: 1.85, unit: 'kg' }, i18n)).toBe('ordered 2 kg, weighed 1.85 kg');
  });
});
