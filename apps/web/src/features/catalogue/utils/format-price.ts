import type { TProductUnit } from '@pulse/contract/products';
import { formatQuantity } from '../../../lib/product-units';

/** "12 kg left", or "Sold out" when nothing is available. */
export function formatStock(availableQuantity: number, unit: TProductUnit): string {
  return availableQuantity > 0 ? `${formatQuantity(availableQuantity, unit)} left` : 'Sold out';
}

/** Digits after the decimal point of a currency's minor unit: 2 for USD, 0 for JPY. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The currency's sign as the price inputs show it, e.g. "$" or "GH₵". */
export function currencySymbol(currency: string, locale?: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** 3.5 (dollars) -> 350 (cents); the API only takes whole minor units. */
export function unitsToMinor(units: number, currency: string): number {
  return Math.round(units * 10 ** currencyDigits(currency));
}

/** "20 Nov 2026" from an ISO date, read as a calendar day (no time-zone shift). */
export function formatCalendarDate(isoDate: string, locale?: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return new Intl.DateTimeFormat(locale ?? 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** "4.5" for stars next to a count; one decimal at most. */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}
