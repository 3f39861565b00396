import { formatMoney } from '@pulse/contract/money';
import type { TProductStatus, TProductUnit } from '@pulse/contract/products';

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

/** "12 kg", "1 piece", "3 bunches". */
export function formatQuantity(quantity: number, unit: TProductUnit): string {
  return `${quantity} ${quantity === 1 ? unit : PLURAL_UNITS[unit]}`;
}

/** "$3.50 / kg". */
export function formatUnitPrice(priceMinor: number, currency: string, unit: TProductUnit): string {
  return `${formatMoney(priceMinor, currency)} / ${unit}`;
}

export const STATUS_LABELS: Readonly<Record<TProductStatus, string>> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  sold_out: 'Sold out',
  archived: 'Archived',
};

export const STATUS_COLORS: Readonly<Record<TProductStatus, string>> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
  sold_out: 'dark',
  archived: 'red',
};

/** "November 2024" for "member since". */
export function formatMonthYear(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}
