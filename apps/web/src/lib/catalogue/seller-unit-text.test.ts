import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { activateLanguage } from '../i18n/i18n';
import { CATEGORY_NAMES } from '../category-names';
import { countedInText, pricePerUnitLabel, pricePlaceholderText, quantityText, UNIT_NAMES, unitPriceText } from './seller-unit-text';

describe('unit texts', () => {
  afterAll(async () => {
    await activateLanguage('en');
  });

  it('reads in English as the pages always did', () => {
    expect(quantityText(90, 'kg')).toBe('90 kg');
    expect(quantityText(1, 'piece')).toBe('1 piece');
    expect(quantityText(3, 'bunch')).toBe('3 bunches');
    expect(unitPriceText('$6.25', 'kg')).toBe('$6.25 / kg');
    expect(pricePerUnitLabel('litre')).toBe('Price per litre');
    expect(pricePerUnitLabel(null)).toBe('Price per unit');
    expect(pricePlaceholderText('dozen')).toBe('Price / dozen');
    expect(countedInText('piece')).toBe('Counted in pieces');
    expect(i18n._(UNIT_NAMES.crate)).toBe('crate');
    expect(i18n._(CATEGORY_NAMES.dairy_and_eggs)).toBe('Dairy & eggs');
  });

  it('follows the active language, with its own plural and word order', async () => {
    await activateLanguage('fr');
    expect(quantityText(1, 'bunch')).toBe('1 botte');
    expect(quantityText(3, 'bunch')).toBe('3 bottes');
    expect(pricePerUnitLabel('kg')).toBe('Prix au kg');
    expect(countedInText('crate')).toBe('Compté en cagettes');
    expect(i18n._(CATEGORY_NAMES.vegetables)).toBe('Légumes');
  });
});
