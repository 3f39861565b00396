import { lineTotalForQuantity } from '@pulse/contract/final-weight';
import type { TOrderItem } from '@pulse/contract/orders';

/** What recording a final weight would do to one line (the server's half-down rounding, from the contract). */
export interface WeightPreview {
  newLineTotalMinor: number;
  /** What goes back to the buyer's wallet for this line. */
  returnedMinor: number;
}

/** What recording `finalQuantity` for the item would do; null when the quantity cannot be recorded. */
export function previewFinalWeight(item: Pick<TOrderItem, 'unitPriceMinor' | 'quantity' | 'lineTotalMinor'>, finalQuantity: number | null): WeightPreview | null {
  if (finalQuantity === null || !Number.isFinite(finalQuantity) || finalQuantity < 0 || finalQuantity > item.quantity) return null;
  const newLineTotalMinor = lineTotalForQuantity(item.unitPriceMinor, finalQuantity);
  return { newLineTotalMinor, returnedMinor: Math.max(0, item.lineTotalMinor - newLineTotalMinor) };
}

/** A quantity as typed ("1.85", "1,85"); null when it is not a number with at most three decimals. */
export function parseWeighedQuantity(value: string | number): number | null {
  const text = String(value).trim().replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(text)) return null;
  return Number(text);
}
