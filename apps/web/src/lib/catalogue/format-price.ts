import { t } from '@lingui/core/macro';
import type { TProductUnit } from '@pulse/contract/products';
import { currencyDigits } from '../format-core';
import { quantityText } from '../unit-text';

/** "12 kg left", or "Sold out" when nothing is available. */
export function formatStock(availableQuantity: number, unit: TProductUnit): string {
  if (availableQuantity <= 0) return t`Sold out`;
  const quantity = quantityText(availableQuantity, unit);
  return t`${quantity} left`;
}

/** 3.5 (dollars) -> 350 (cents); the API only takes whole minor units. */
export function unitsToMinor(units: number, currency: string): number {
  return Math.round(units * 10 ** currencyDigits(currency));
}

/** "4.5" for stars next to a count; one decimal at most. */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}
