/** A whole quantity between the minimum order and what is available (the minimum wins when stock is short). */
export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  const whole = Math.round(value);
  return Math.max(min, Math.min(whole, Math.max(max, min)));
}
