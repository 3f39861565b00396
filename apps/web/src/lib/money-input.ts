import { currencyDigits } from './format';

/** An amount typed in currency units ("12.5") as integer minor units (1250); null when not a number. */
export function toMinorUnits(amount: number | string, currency: string): number | null {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 10 ** currencyDigits(currency));
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}
