import { describe, expect, it } from 'vitest';
import { buildCheckoutInput, buildQuoteInput, checkoutBlockers, chooseFulfilment, chooseSlot, missingAmountMinor, preselectAddress, type FarmChoices } from './checkout-plan';

const FARMS = [
  { sellerUserId: 'seller-a', shopName: 'Green Valley' },
  { sellerUserId: 'seller-b', shopName: 'Hill Farm' },
];

describe('checkout plan', () => {
  it('lists what is still missing, farm by farm, then the address', () => {
    let choices: FarmChoices = {};
    expect(checkoutBlockers(FARMS, choices, null)).toEqual(['Choose pickup or delivery for Green Valley', 'Choose pickup or delivery for Hill Farm']);
    choices = chooseFulfilment(choices, 'seller-a', 'delivery');
    choices = chooseFulfilment(choices, 'seller-b', 'pickup');
    expect(checkoutBlockers(FARMS, choices, null)).toEqual([
      'Choose a delivery time for Green Valley',
      'Choose a pickup time for Hill Farm',
      'Choose a delivery address',
    ]);
    expect(buildCheckoutInput(FARMS, choices, null)).toBeNull();
  });

  it('builds one choice per farm and sends the address only when something is delivered', () => {
    let choices: FarmChoices = {};
    choices = chooseSlot(chooseFulfilment(choices, 'seller-a', 'pickup'), 'seller-a', 'slot-a');
    choices = chooseSlot(chooseFulfilment(choices, 'seller-b', 'pickup'), 'seller-b', 'slot-b');
    expect(buildCheckoutInput(FARMS, choices, 'address-1')).toEqual({
      addressId: null,
      payNow: true,
      sellers: [
        { sellerUserId: 'seller-a', fulfilment: 'pickup', slotId: 'slot-a' },
        { sellerUserId: 'seller-b', fulfilment: 'pickup', slotId: 'slot-b' },
      ],
    });
    choices = chooseSlot(chooseFulfilment(choices, 'seller-b', 'delivery'), 'seller-b', 'slot-b2');
    expect(buildCheckoutInput(FARMS, choices, 'address-1')?.addressId).toBe('address-1');
  });

  it('forgets the slot when the method changes (pickup and delivery windows differ)', () => {
    let choices: FarmChoices = chooseSlot(chooseFulfilment({}, 'seller-a', 'pickup'), 'seller-a', 'slot-a');
    choices = chooseFulfilment(choices, 'seller-a', 'delivery');
    expect(choices['seller-a']).toEqual({ fulfilment: 'delivery', slotId: null });
    expect(chooseFulfilment(choices, 'seller-a', 'delivery')).toBe(choices);
  });

  it('quotes the farms whose method is chosen', () => {
    const choices = chooseFulfilment({}, 'seller-b', 'delivery');
    expect(buildQuoteInput(FARMS, choices, 'address-1')).toEqual({ addressId: 'address-1', sellers: [{ sellerUserId: 'seller-b', fulfilment: 'delivery' }] });
  });

  it('preselects the default address, else the first', () => {
    expect(preselectAddress([{ id: 'a', isDefault: false }, { id: 'b', isDefault: true }])).toBe('b');
    expect(preselectAddress([{ id: 'a', isDefault: false }])).toBe('a');
    expect(preselectAddress([])).toBeNull();
  });

  it('tops up exactly what is missing', () => {
    expect(missingAmountMinor(4250, 1000)).toBe(3250);
    expect(missingAmountMinor(4250, 5000)).toBe(0);
  });
});
