import type { TOrderItem } from '@pulse/contract/orders';

/** Line total of a weighed quantity, rounded half down as the server does. */
export function weighedLineTotal(unitPriceMinor: number, quantity: number): number {
  const product = unitPriceMinor * Math.round(quantity * 1000);
  const whole = Math.floor(product / 1000);
  return product % 1000 > 500 ? whole + 1 : whole;
}

/** "1.85" or "1,85" with at most three decimals; null otherwise. */
export function parseWeight(text: string): number | null {
  const value = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,3})?$/.test(value) ? Number(value) : null;
}

/** What goes back to the buyer if `quantity` is recorded for the item; null when it cannot be. */
export function weightReturn(item: Pick<TOrderItem, 'unitPriceMinor' | 'quantity' | 'lineTotalMinor'>, quantity: number | null): number | null {
  if (quantity === null || quantity > item.quantity) return null;
  return Math.max(0, item.lineTotalMinor - weighedLineTotal(item.unitPriceMinor, quantity));
}
