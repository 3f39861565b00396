import { formatMoney } from './format-core';
import type { TProductUnit } from '@pulse/contract/products';

const PLURAL_UNITS: Readonly<Record<TProductUnit, string>> = {
  kg: 'kg',
  g: 'g',
  piece: 'pieces',
  bunch: 'bunches',
  dozen: 'dozen',
  crate: 'crates',
  litre: 'litres',
};

/** "kg", "pieces", "bunches": how many of this unit read. */
export function pluralUnit(unit: TProductUnit): string {
  return PLURAL_UNITS[unit];
}

/** "kg", "piece" / "pieces", "bunch" / "bunches": how a quantity of this unit reads. */
export function formatUnit(unit: TProductUnit, quantity = 1): string {
  return quantity === 1 ? unit : PLURAL_UNITS[unit];
}

/** "12 kg", "1 piece", "3 bunches". */
export function formatQuantity(quantity: number, unit: TProductUnit): string {
  return `${quantity} ${formatUnit(unit, quantity)}`;
}

/** "$3.50 / kg": the price of one unit, in the server's currency. */
export function formatUnitPrice(priceMinor: number, currency: string, unit: TProductUnit, locale?: string): string {
  return `${formatMoney(priceMinor, currency, { locale })} / ${unit}`;
}
