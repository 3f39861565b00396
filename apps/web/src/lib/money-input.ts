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

/** An amount in minor units as a money field shows it: always the currency's digits (240 → "2.40", never "2.4"). */
export function toMoneyInputText(minor: number, currency: string): string {
  return fromMinorUnits(minor, currency).toFixed(currencyDigits(currency));
}

/**
 * What a money field shows once the person leaves it: a plain amount gets the currency's digits
 * ("2.4" → "2.40", "3" → "3.00"). Anything else stays as typed, so the form's own check can name
 * it: an empty field, text that is not a number, or more digits than the currency has ("2.456" is
 * not rounded behind the person's back).
 */
export function padMoneyInputText(text: string, currency: string): string {
  const trimmed = text.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || trimmed === '' || trimmed === '.') return text;
  const digits = currencyDigits(currency);
  if ((match[2] ?? '').length > digits) return text;
  return Number(trimmed).toFixed(digits);
}
