/**
 * The price of a weighed line (final weights, decision on orders): quantities are kept in
 * thousandths, and the line total rounds half down (12.5 cents -> 12, 12.51 -> 13) so the buyer
 * gets the benefit of the doubt. The server records it; the web previews it with the same rule.
 */

/** Thousandths per unit of quantity: 1.85 kg is 1850. */
export const QUANTITY_MILLI_SCALE = 1000;

/** Line total of `quantityMilli` thousandths at `unitPriceMinor`, rounded half down. */
export function lineTotalForMilli(unitPriceMinor: number, quantityMilli: number): number {
  const product = BigInt(unitPriceMinor) * BigInt(quantityMilli);
  const whole = product / 1000n;
  const rest = product % 1000n;
  return Number(rest > 500n ? whole + 1n : whole);
}

/** Line total of a weighed quantity such as 1.85 (at most three decimals), rounded half down. */
export function lineTotalForQuantity(unitPriceMinor: number, quantity: number): number {
  return lineTotalForMilli(unitPriceMinor, Math.round(quantity * QUANTITY_MILLI_SCALE));
}
