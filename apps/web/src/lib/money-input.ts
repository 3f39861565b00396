/** Digits after the decimal point in this currency (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The currency's symbol as the form shows it before an amount ("$", "€", "GH₵"). */
export function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat('en', { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** An amount typed in currency units ("12.5") as integer minor units (1250); null when not a number. */
export function toMinorUnits(amount: number | string, currency: string): number | null {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 10 ** currencyDigits(currency));
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}
