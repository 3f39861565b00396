import type { TBasketItem, TBasketResponse, TBasketSellerGroup } from '@pulse/contract/baskets';
import type { TProductUnit } from '@pulse/contract/products';

const UNIT_NAMES: Readonly<Record<TProductUnit, [singular: string, plural: string]>> = {
  kg: ['kg', 'kg'],
  g: ['g', 'g'],
  piece: ['piece', 'pieces'],
  bunch: ['bunch', 'bunches'],
  dozen: ['dozen', 'dozen'],
  crate: ['crate', 'crates'],
  litre: ['litre', 'litres'],
};

/** "2 kg", "1 bunch", "3 crates". */
export function formatQuantity(quantity: number, unit: TProductUnit): string {
  const [singular, plural] = UNIT_NAMES[unit];
  return `${quantity} ${quantity === 1 ? singular : plural}`;
}

/** "kg", "bunch": what one unit price buys ("$3.50 / kg"). */
export function unitLabel(unit: TProductUnit): string {
  return UNIT_NAMES[unit][0];
}

/** What the stepper allows: the minimum order up to what is left (never below the minimum). */
export function quantityBounds(item: Pick<TBasketItem, 'minOrderQuantity' | 'availableQuantity'>): { min: number; max: number } {
  return { min: item.minOrderQuantity, max: Math.max(item.minOrderQuantity, item.availableQuantity) };
}

export function isLineBuyable(item: Pick<TBasketItem, 'productStatus' | 'availableQuantity' | 'minOrderQuantity' | 'quantity'>): boolean {
  return (
    item.productStatus === 'active' &&
    item.availableQuantity >= item.minOrderQuantity &&
    item.quantity >= item.minOrderQuantity &&
    item.quantity <= item.availableQuantity
  );
}

export type LineFix = { kind: 'set-quantity'; quantity: number; label: string } | { kind: 'remove'; label: string };

/**
 * The one click that makes a line buyable again: take what is left, raise to the minimum order, or
 * remove a product that can no longer be bought. Null when the line is fine.
 */
export function suggestLineFix(item: TBasketItem): LineFix | null {
  if (isLineBuyable(item) && item.problem === null) return null;
  if (item.productStatus !== 'active' || item.availableQuantity < item.minOrderQuantity) return { kind: 'remove', label: 'Remove' };
  if (item.quantity > item.availableQuantity) {
    return { kind: 'set-quantity', quantity: item.availableQuantity, label: `Change to ${formatQuantity(item.availableQuantity, item.unit)}` };
  }
  if (item.quantity < item.minOrderQuantity) {
    return { kind: 'set-quantity', quantity: item.minOrderQuantity, label: `Change to ${formatQuantity(item.minOrderQuantity, item.unit)}` };
  }
  return null;
}

function withTotals(basket: TBasketResponse, groups: TBasketSellerGroup[]): TBasketResponse {
  const recomputed = groups
    .filter((group) => group.items.length > 0)
    .map((group) => ({ ...group, subtotalMinor: group.items.reduce((sum, item) => sum + item.lineTotalMinor, 0) }));
  const items = recomputed.flatMap((group) => group.items);
  return {
    ...basket,
    groups: recomputed,
    itemCount: items.length,
    subtotalMinor: recomputed.reduce((sum, group) => sum + group.subtotalMinor, 0),
    hasProblems: items.some((item) => item.problem !== null),
  };
}

/**
 * The basket as it will be once the server has the new quantity: what the page shows at once
 * (optimistic), replaced by the server's answer when it arrives. A line that becomes buyable loses
 * its problem; a line still out of bounds keeps the server's wording.
 */
export function setLineQuantity(basket: TBasketResponse, itemId: string, quantity: number): TBasketResponse {
  const groups = basket.groups.map((group) => ({
    ...group,
    items: group.items.map((item) => {
      if (item.id !== itemId) return item;
      const next = { ...item, quantity, lineTotalMinor: item.unitPriceMinor * quantity };
      return { ...next, problem: isLineBuyable(next) ? null : item.problem };
    }),
  }));
  return withTotals(basket, groups);
}

/** The basket without that line; a farm left with no lines disappears. */
export function removeLine(basket: TBasketResponse, itemId: string): TBasketResponse {
  return withTotals(
    basket,
    basket.groups.map((group) => ({ ...group, items: group.items.filter((item) => item.id !== itemId) })),
  );
}

export function findLine(basket: TBasketResponse | undefined, itemId: string): TBasketItem | undefined {
  return basket?.groups.flatMap((group) => group.items).find((item) => item.id === itemId);
}

/** "3 items from 2 farms". */
export function describeBasket(basket: Pick<TBasketResponse, 'itemCount' | 'groups'>): string {
  const items = `${basket.itemCount} ${basket.itemCount === 1 ? 'item' : 'items'}`;
  const farms = basket.groups.length;
  return `${items} from ${farms} ${farms === 1 ? 'farm' : 'farms'}`;
}
