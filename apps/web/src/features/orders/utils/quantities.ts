import type { TOrderItem } from '@pulse/contract/orders';
import type { TProductUnit } from '@pulse/contract/products';
import { formatNumber } from '../../../lib/format';

const PLURAL_UNITS: Readonly<Record<TProductUnit, [string, string]>> = {
  kg: ['kg', 'kg'],
  g: ['g', 'g'],
  piece: ['piece', 'pieces'],
  bunch: ['bunch', 'bunches'],
  dozen: ['dozen', 'dozen'],
  crate: ['crate', 'crates'],
  litre: ['litre', 'litres'],
};

/** "2 kg", "1.85 kg" ("1,85 kg" in German), "3 bunches", "1 piece": at most three decimals, no trailing zeros. */
export function formatQuantity(quantity: number, unit: TProductUnit): string {
  const [singular, plural] = PLURAL_UNITS[unit];
  const rounded = Math.round(quantity * 1000) / 1000;
  return `${formatNumber(rounded, 3)} ${rounded === 1 ? singular : plural}`;
}

/** What the buyer reads on an item line: the ordered amount, and the weighed one once recorded and different. */
export function describeItemQuantity(item: Pick<TOrderItem, 'quantity' | 'finalQuantity' | 'unit'>): string {
  const ordered = formatQuantity(item.quantity, item.unit);
  if (item.finalQuantity === null) return ordered;
  return `ordered ${ordered}, weighed ${formatQuantity(item.finalQuantity, item.unit)}`;
}
