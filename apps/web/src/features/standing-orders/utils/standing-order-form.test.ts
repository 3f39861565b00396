import { describe, expect, it } from 'vitest';
import type { TBasketResponse } from '@pulse/contract/baskets';
import type { TOrderDetails } from '@pulse/contract/orders';
import { ZCreateStandingOrderRequest, ZUpdateStandingOrderRequest, type TStandingOrderDetail } from '@pulse/contract/standing-orders';
import { defaultPauseUntil, followingCycleDay, initialValues, sourceFromBasket, sourceFromOrder, toCreateRequest, toUpdateRequest, valuesFromDetail, type StandingOrderFormValues } from './standing-order-form';

const FARM = '00000000-0000-4000-8000-00000000000f';
const TOMATOES = '00000000-0000-4000-8000-000000000001';
const EGGS = '00000000-0000-4000-8000-000000000002';
const SLOT = '00000000-0000-4000-8000-0000000000aa';
const ADDRESS = '00000000-0000-4000-8000-0000000000bb';

function item(productId: string | null, title: string, quantity: number) {
  return { id: `${title}-id`, productId, title, unit: 'kg' as const, imageUrl: null, unitPriceMinor: 500, quantity, finalQuantity: null, lineTotalMinor: 500 * quantity };
}

const order = {
  sellerUserId: FARM,
  shopName: 'Green Valley Farm',
  fulfilment: 'delivery',
  currency: 'GHS',
  items: [item(TOMATOES, 'Tomatoes', 2), item(null, 'Withdrawn product', 1), item(TOMATOES, 'Tomatoes', 1), item(EGGS, 'Eggs', 1)],
} as unknown as TOrderDetails;

const values = (patch: Partial<StandingOrderFormValues> = {}): StandingOrderFormValues => ({ ...initialValues(sourceFromOrder(order)), ...patch });

describe('the form of a new weekly basket', () => {
  it('starts from an order: its farm, its way of delivery and its products (merged, without withdrawn ones), every week with a 10% limit', () => {
    const source = sourceFromOrder(order);
    expect(source).toMatchObject({ sellerUserId: FARM, shopName: 'Green Valley Farm', fulfilment: 'delivery', currency: 'GHS' });
    expect(source.lines.map((line) => [line.title, line.quantity])).toEqual([
      ['Tomatoes', 3],
      ['Eggs', 1],
    ]);
    expect(initialValues(source)).toMatchObject({ intervalWeeks: '1', endsOn: '', priceIncreaseLimitPercent: 10, firstSlotId: null });
  });

  it("starts from the basket: that farm's lines only, none when the basket holds nothing of it", () => {
    const basket = {
      currency: 'GHS',
      groups: [
        { sellerUserId: FARM, shopName: 'Green Valley Farm', subtotalMinor: 0, items: [{ productId: EGGS, title: 'Eggs', unit: 'dozen', unitPriceMinor: 900, quantity: 2 }] },
        { sellerUserId: SLOT, shopName: 'Other farm', subtotalMinor: 0, items: [{ productId: TOMATOES, title: 'Tomatoes', unit: 'kg', unitPriceMinor: 500, quantity: 1 }] },
      ],
    } as unknown as TBasketResponse;
    expect(sourceFromBasket(basket, FARM)?.lines).toEqual([{ productId: EGGS, title: 'Eggs', unit: 'dozen', unitPriceMinor: 900, quantity: 2 }]);
    expect(sourceFromBasket(basket, ADDRESS)).toBeNull();
  });

  it('makes no request until a slot is chosen, or while delivery has no address', () => {
    expect(toCreateRequest(FARM, values())).toBeNull();
    expect(toCreateRequest(FARM, values({ firstSlotId: SLOT }))).toBeNull();
    expect(toCreateRequest(FARM, values({ firstSlotId: SLOT, lines: [] }))).toBeNull();
  });

  it('sends the lines, slot, rhythm, end and limit the contract expects', () => {
    const request = toCreateRequest(FARM, values({ firstSlotId: SLOT, addressId: ADDRESS, intervalWeeks: '2', endsOn: '2027-03-01', priceIncreaseLimitPercent: '15' }));
    expect(request).toEqual({
      sellerUserId: FARM,
      lines: [
        { productId: TOMATOES, quantity: 3 },
        { productId: EGGS, quantity: 1 },
      ],
      fulfilment: 'delivery',
      addressId: ADDRESS,
      firstSlotId: SLOT,
      intervalWeeks: 2,
      endsOn: '2027-03-01',
      priceIncreaseLimitPercent: 15,
    });
    expect(ZCreateStandingOrderRequest.safeParse(request).success).toBe(true);
  });

  it('drops the address for pickup and falls back to the 10% limit when the field is emptied', () => {
    const request = toCreateRequest(FARM, values({ fulfilment: 'pickup', addressId: ADDRESS, firstSlotId: SLOT, priceIncreaseLimitPercent: '' }));
    expect(request).toMatchObject({ fulfilment: 'pickup', addressId: null, priceIncreaseLimitPercent: 10, endsOn: null, intervalWeeks: 1 });
  });
});

describe('changing a weekly basket', () => {
  const detail = {
    id: 'so-1',
    fulfilment: 'pickup',
    addressId: null,
    intervalWeeks: 1,
    endsOn: null,
    priceIncreaseLimitPercent: 10,
    lines: [
      { productId: TOMATOES, title: 'Tomatoes', unit: 'kg', unitPriceMinor: 500, acceptedUnitPriceMinor: 500, quantity: 2 },
      { productId: EGGS, title: 'Eggs', unit: 'dozen', unitPriceMinor: 900, acceptedUnitPriceMinor: 900, quantity: 1 },
    ],
  } as unknown as TStandingOrderDetail;

  it('sends nothing when nothing changed', () => {
    expect(toUpdateRequest(detail, valuesFromDetail(detail))).toBeNull();
  });

  it('sends only what changed: all lines when a quantity changed or a line was removed, the new rhythm, a new slot', () => {
    const values = valuesFromDetail(detail);
    const request = toUpdateRequest(detail, { ...values, lines: [{ ...values.lines[0]!, quantity: 4 }], intervalWeeks: '2', firstSlotId: SLOT });
    expect(request).toEqual({ lines: [{ productId: TOMATOES, quantity: 4 }], intervalWeeks: 2, firstSlotId: SLOT });
    expect(ZUpdateStandingOrderRequest.safeParse(request).success).toBe(true);
  });

  it('sends the method and the address when switching to delivery', () => {
    const values = valuesFromDetail(detail);
    expect(toUpdateRequest(detail, { ...values, fulfilment: 'delivery', addressId: ADDRESS, firstSlotId: SLOT })).toEqual({ fulfilment: 'delivery', addressId: ADDRESS, firstSlotId: SLOT });
  });
});

describe('defaultPauseUntil', () => {
  it('offers the Monday a week or more away', () => {
    expect(defaultPauseUntil(new Date('2026-11-28T06:00:00Z'))).toBe('2026-12-07'); // a Saturday
    expect(defaultPauseUntil(new Date('2026-11-30T06:00:00Z'))).toBe('2026-12-07'); // a Monday
  });
});

describe('followingCycleDay', () => {
  it('is a week or two after the next one, and none past the last day', () => {
    expect(followingCycleDay('2026-12-30', 1, null)).toBe('2027-01-06');
    expect(followingCycleDay('2026-12-02', 2, null)).toBe('2026-12-16');
    expect(followingCycleDay('2026-12-02', 1, '2026-12-08')).toBeNull();
    expect(followingCycleDay('2026-12-02', 1, '2026-12-09')).toBe('2026-12-09');
  });
});
