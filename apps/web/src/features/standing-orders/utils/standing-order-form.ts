import type { TBasketResponse } from '@pulse/contract/baskets';
import type { TFulfilment, TOrderDetails } from '@pulse/contract/orders';
import {
  STANDING_ORDER_DEFAULT_PRICE_LIMIT_PERCENT,
  STANDING_ORDER_MAX_QUANTITY,
  type TCreateStandingOrderRequest,
  type TStandingOrderDetail,
  type TUpdateStandingOrderRequest,
} from '@pulse/contract/standing-orders';

/** One line of the form: the product as the buyer knows it, and the quantity each cycle. */
export interface FormLine {
  productId: string;
  title: string;
  unit: string;
  unitPriceMinor: number;
  quantity: number;
}

export interface StandingOrderFormValues {
  lines: FormLine[];
  fulfilment: TFulfilment;
  addressId: string | null;
  firstSlotId: string | null;
  intervalWeeks: '1' | '2';
  /** '' for none (runs until cancelled). */
  endsOn: string;
  priceIncreaseLimitPercent: number | string;
}

/** Where the form starts from: the farm and its lines. */
export interface StandingOrderSource {
  sellerUserId: string;
  shopName: string;
  fulfilment: TFulfilment;
  lines: FormLine[];
  /** The prices' currency (the API names it). */
  currency: string;
}

const clampQuantity = (quantity: number) => Math.min(Math.max(1, Math.round(quantity)), STANDING_ORDER_MAX_QUANTITY);

/** The order's lines (a product still in the catalogue), merged by product. */
export function sourceFromOrder(order: TOrderDetails): StandingOrderSource {
  const lines = new Map<string, FormLine>();
  for (const item of order.items) {
    if (item.productId === null) continue;
    const known = lines.get(item.productId);
    if (known) known.quantity = clampQuantity(known.quantity + item.quantity);
    else lines.set(item.productId, { productId: item.productId, title: item.title, unit: item.unit, unitPriceMinor: item.unitPriceMinor, quantity: clampQuantity(item.quantity) });
  }
  return { sellerUserId: order.sellerUserId, shopName: order.shopName, fulfilment: order.fulfilment, lines: [...lines.values()], currency: order.currency };
}

/** The basket's lines of one farm; null when the basket holds nothing of it. */
export function sourceFromBasket(basket: TBasketResponse, sellerUserId: string): StandingOrderSource | null {
  const group = basket.groups.find((candidate) => candidate.sellerUserId.toLowerCase() === sellerUserId.toLowerCase());
  if (!group || group.items.length === 0) return null;
  return {
    sellerUserId: group.sellerUserId,
    shopName: group.shopName,
    fulfilment: 'pickup',
    currency: basket.currency,
    lines: group.items.map((item) => ({ productId: item.productId, title: item.title, unit: item.unit, unitPriceMinor: item.unitPriceMinor, quantity: clampQuantity(item.quantity) })),
  };
}

export function initialValues(source: StandingOrderSource): StandingOrderFormValues {
  return {
    lines: source.lines,
    fulfilment: source.fulfilment,
    addressId: null,
    firstSlotId: null,
    intervalWeeks: '1',
    endsOn: '',
    priceIncreaseLimitPercent: STANDING_ORDER_DEFAULT_PRICE_LIMIT_PERCENT,
  };
}

function limitPercent(value: number | string): number {
  const number = Number(value);
  return value === '' || !Number.isFinite(number) ? STANDING_ORDER_DEFAULT_PRICE_LIMIT_PERCENT : Math.min(Math.max(0, Math.round(number)), 1000);
}

const linesOf = (lines: readonly FormLine[]) => lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));

/**
 * The request of POST /api/standing-orders (and of its preview), or null while the form cannot make
 * one yet: no line, no slot chosen, or delivery without an address.
 */
export function toCreateRequest(sellerUserId: string, values: StandingOrderFormValues): TCreateStandingOrderRequest | null {
  if (values.lines.length === 0 || values.firstSlotId === null) return null;
  if (values.fulfilment === 'delivery' && values.addressId === null) return null;
  return {
    sellerUserId,
    lines: linesOf(values.lines),
    fulfilment: values.fulfilment,
    addressId: values.fulfilment === 'delivery' ? values.addressId : null,
    firstSlotId: values.firstSlotId,
    intervalWeeks: values.intervalWeeks === '2' ? 2 : 1,
    endsOn: values.endsOn === '' ? null : values.endsOn,
    priceIncreaseLimitPercent: limitPercent(values.priceIncreaseLimitPercent),
  };
}

/** The form of "Change", filled from the weekly basket as it is. */
export function valuesFromDetail(detail: TStandingOrderDetail): StandingOrderFormValues {
  return {
    lines: detail.lines.map((line) => ({ productId: line.productId, title: line.title, unit: line.unit, unitPriceMinor: line.unitPriceMinor, quantity: line.quantity })),
    fulfilment: detail.fulfilment,
    addressId: detail.addressId,
    firstSlotId: null,
    intervalWeeks: detail.intervalWeeks === 2 ? '2' : '1',
    endsOn: detail.endsOn ?? '',
    priceIncreaseLimitPercent: detail.priceIncreaseLimitPercent,
  };
}

/**
 * PATCH /api/standing-orders/{id}: only what changed (lines replace all lines; a new slot moves the
 * pattern); null when nothing did.
 */
export function toUpdateRequest(detail: TStandingOrderDetail, values: StandingOrderFormValues): TUpdateStandingOrderRequest | null {
  const request: TUpdateStandingOrderRequest = {};
  const before = JSON.stringify(linesOf(detail.lines));
  const after = linesOf(values.lines);
  if (JSON.stringify(after) !== before) request.lines = after;
  if (values.fulfilment !== detail.fulfilment) request.fulfilment = values.fulfilment;
  const addressId = values.fulfilment === 'delivery' ? values.addressId : null;
  if (addressId !== detail.addressId) request.addressId = addressId;
  if (values.firstSlotId !== null) request.firstSlotId = values.firstSlotId;
  const interval = values.intervalWeeks === '2' ? 2 : 1;
  if (interval !== detail.intervalWeeks) request.intervalWeeks = interval;
  const endsOn = values.endsOn === '' ? null : values.endsOn;
  if (endsOn !== detail.endsOn) request.endsOn = endsOn;
  const limit = limitPercent(values.priceIncreaseLimitPercent);
  if (limit !== detail.priceIncreaseLimitPercent) request.priceIncreaseLimitPercent = limit;
  return Object.keys(request).length === 0 ? null : request;
}

/** The Monday a week or more after `today` (YYYY-MM-DD, UTC): the first answer offered to "Pause until". */
export function defaultPauseUntil(today: Date): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const daysToMonday = ((8 - day.getUTCDay()) % 7) + 7;
  day.setUTCDate(day.getUTCDate() + daysToMonday);
  return day.toISOString().slice(0, 10);
}

/** The cycle day after `cycleDate` (YYYY-MM-DD): a week or two later, none past the last day. */
export function followingCycleDay(cycleDate: string, intervalWeeks: 1 | 2, endsOn: string | null): string | null {
  const day = new Date(`${cycleDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + intervalWeeks * 7);
  const following = day.toISOString().slice(0, 10);
  return endsOn !== null && following > endsOn ? null : following;
}
