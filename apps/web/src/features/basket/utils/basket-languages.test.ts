import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { quantityText, unitPriceText } from '../../../lib/unit-text';
import { describeBasket } from './basket-display';
import { checkoutBlockers } from './checkout-plan';

const FARMS = [
  { sellerUserId: 'seller-a', shopName: 'Green Valley' },
  { sellerUserId: 'seller-b', shopName: 'Hill Farm' },
];
const basket = (itemCount: number, farms: number) => ({ itemCount, groups: FARMS.slice(0, farms).map((farm) => ({ ...farm, items: [], subtotalMinor: 0 })) });

afterEach(async () => {
  await activateLanguage('en');
});

describe('the buying path in the reader’s language', () => {
  it('reads in English by default', () => {
    expect(describeBasket(basket(1, 1) as never)).toBe('1 item from 1 farm');
    expect(unitPriceText('GH₵42.50', 'kg')).toBe('GH₵42.50 / kg');
    expect(checkoutBlockers(FARMS, {}, null)[0]).toBe('Choose pickup or delivery for Green Valley');
  });

  it('reads in French: plurals, units and blockers as whole sentences', async () => {
    await activateLanguage('fr');
    expect(describeBasket(basket(3, 2) as never)).toBe('3 articles de 2 fermes');
    expect(quantityText(2, 'bunch')).toBe('2 bottes');
    expect(unitPriceText('42,50 GH₵', 'kg')).toBe('42,50 GH₵ par kg');
    expect(checkoutBlockers(FARMS, {}, null)[0]).toBe('Choisissez le retrait ou la livraison pour Green Valley');
  });

  it('reads in Twi', async () => {
    await activateLanguage('ak');
    expect(describeBasket(basket(3, 2) as never)).toBe('nneɛma 3 firi mfuo 2');
    expect(unitPriceText('GH₵42.50', 'kg')).toBe('kg baako GH₵42.50');
  });
});
