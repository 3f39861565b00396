import { plural, t } from '@lingui/core/macro';
import type { TBasketItem, TBasketResponse, TBasketSellerGroup } from '@pulse/contract/baskets';
import { quantityText } from '../../../lib/unit-text';

// Texts here read the active language when called; the components showing them use useLingui().

/** "2 kg", "1 bunch", "3 crates". */
export const formatQuantity = quantityText;

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
  if (item.productStatus !== 'active' || item.availableQuantity < item.minOrderQuantity) return { kind: 'remove', label: t`Remove` };
  if (item.quantity > item.availableQuantity) {
    const quantity = formatQuantity(item.availableQuantity, item.unit);
    return { kind: 'set-quantity', quantity: item.availableQuantity, label: t`Change to ${quantity}` };
  }
  if (item.quantity < item.minOrderQuantity) {
    const quantity = formatQuantity(item.minOrderQuantity, item.unit);
    return { kind: 'set-quantity', quantity: item.minOrderQuantity, label: t`Change to ${quantity}` };
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
  const itemCount = basket.itemCount;
  const farmCount = basket.groups.length;
  return t`${plural(itemCount, { one: '# item', other: '# items' })} from ${plural(farmCount, { one: '# farm', other: '# farms' })}`;
}
