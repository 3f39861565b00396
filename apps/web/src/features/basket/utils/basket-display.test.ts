import { describe, expect, it } from 'vitest';
import type { TBasketItem, TBasketResponse } from '@pulse/contract/baskets';
import { describeBasket, formatQuantity, quantityBounds, removeLine, setLineQuantity, suggestLineFix } from './basket-display';

const SELLER_A = '0190f0e0-0000-7000-8000-00000000000a';
const SELLER_B = '0190f0e0-0000-7000-8000-00000000000b';

function line(id: string, overrides: Partial<TBasketItem> = {}): TBasketItem {
  const quantity = overrides.quantity ?? 1;
  const unitPriceMinor = overrides.unitPriceMinor ?? 350;
  return {
    id,
    productId: `${id}-product`,
    title: `Product ${id}`,
    unit: 'kg',
    thumbUrl: null,
    unitPriceMinor,
    quantity,
    minOrderQuantity: 1,
    availableQuantity: 10,
    productStatus: 'active',
    lineTotalMinor: unitPriceMinor * quantity,
    problem: null,
    ...overrides,
  };
}

function basket(): TBasketResponse {
  return {
    currency: 'USD',
    itemCount: 3,
    subtotalMinor: 350 * 2 + 500 + 1200,
    hasProblems: false,
    groups: [
      { sellerUserId: SELLER_A, shopName: 'Green Valley', subtotalMinor: 1200, items: [line('a1', { quantity: 2 }), line('a2', { unitPriceMinor: 500 })] },
      { sellerUserId: SELLER_B, shopName: 'Hill Farm', subtotalMinor: 1200, items: [line('b1', { unitPriceMinor: 1200 })] },
    ],
  };
}

describe('basket display', () => {
  it('recomputes the line, the farm subtotal and the basket total when a quantity changes', () => {
    const next = setLineQuantity(basket(), 'a1', 5);
    const [farmA, farmB] = next.groups;
    expect(farmA?.items[0]?.lineTotalMinor).toBe(1750);
    expect(farmA?.subtotalMinor).toBe(2250);
    expect(farmB?.subtotalMinor).toBe(1200);
    expect(next.subtotalMinor).toBe(3450);
    expect(next.itemCount).toBe(3);
  });

  it('clears a line’s problem once its quantity is within stock, and keeps it otherwise', () => {
    const tooMany: TBasketResponse = { ...basket(), hasProblems: true };
    tooMany.groups[0]!.items[0] = line('a1', { quantity: 5, availableQuantity: 3, problem: 'Only 3 left' });
    expect(setLineQuantity(tooMany, 'a1', 4).groups[0]?.items[0]?.problem).toBe('Only 3 left');
    const fixed = setLineQuantity(tooMany, 'a1', 3);
    expect(fixed.groups[0]?.items[0]?.problem).toBeNull();
    expect(fixed.hasProblems).toBe(false);
  });

  it('drops a farm whose last line is removed and recounts the badge', () => {
    const next = removeLine(basket(), 'b1');
    expect(next.groups.map((group) => group.shopName)).toEqual(['Green Valley']);
    expect(next.itemCount).toBe(2);
    expect(next.subtotalMinor).toBe(1200);
  });

  it('offers the one-click fix that makes a line buyable', () => {
    expect(suggestLineFix(line('x'))).toBeNull();
    expect(suggestLineFix(line('x', { quantity: 5, availableQuantity: 3, problem: 'Only 3 left' }))).toEqual({
      kind: 'set-quantity',
      quantity: 3,
      label: 'Change to 3 kg',
    });
    expect(suggestLineFix(line('x', { quantity: 1, minOrderQuantity: 2, problem: 'Minimum order is 2 kg' }))).toEqual({
      kind: 'set-quantity',
      quantity: 2,
      label: 'Change to 2 kg',
    });
    expect(suggestLineFix(line('x', { availableQuantity: 0, problem: 'Sold out' }))).toEqual({ kind: 'remove', label: 'Remove' });
    expect(suggestLineFix(line('x', { productStatus: 'paused', problem: 'No longer available' }))).toEqual({ kind: 'remove', label: 'Remove' });
  });

  it('bounds the stepper by the minimum order and what is left', () => {
    expect(quantityBounds({ minOrderQuantity: 2, availableQuantity: 7 })).toEqual({ min: 2, max: 7 });
    expect(quantityBounds({ minOrderQuantity: 2, availableQuantity: 0 })).toEqual({ min: 2, max: 2 });
  });

  it('words quantities and basket sizes the way people say them', () => {
    expect(formatQuantity(1, 'bunch')).toBe('1 bunch');
    expect(formatQuantity(3, 'crate')).toBe('3 crates');
    expect(formatQuantity(2, 'kg')).toBe('2 kg');
    expect(describeBasket(basket())).toBe('3 items from 2 farms');
    expect(describeBasket({ itemCount: 1, groups: basket().groups.slice(0, 1) })).toBe('1 item from 1 farm');
  });
});
