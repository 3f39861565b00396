import { formatMoney as formatMinorUnits } from '@pulse/contract/money-format';
import { activeFormatLocales } from './i18n/locales';

export { currencyDigits } from '@pulse/contract/money-format';

/**
 * The part of lib/format.ts that the first page needs (prices and price filters on the cards, the
 * time in the offline banner), kept apart so the first load does not carry every format (decisions
 * 031 and 020). Components import from lib/format.ts, which re-exports these; only the modules of
 * the first page (shell, product cards) import this file directly. With lib/format.ts, the only
 * file of apps/web/src that touches Intl (eslint).
 */

export interface FormatOptions {
  /** BCP 47 tags; the browser's languages by default (tests pin one). */
  locale?: string | readonly string[];
  /** An IANA zone; the viewer's own zone by default (tests pin one). */
  timeZone?: string;
}

/** An ISO string from the API, epoch milliseconds or a Date. */
export type DateInput = string | number | Date;

export type Locales = string | readonly string[] | undefined;

/** The page's language for Intl, with the browser's own region for it ("en-GB", "fr-CI"), else the language alone. */
export function userLocales(): readonly string[] | undefined {
  return typeof navigator === 'undefined' ? undefined : activeFormatLocales();
}

export function localesOf(options: Pick<FormatOptions, 'locale'> | undefined): Locales {
  return options?.locale ?? userLocales();
}

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;

const formatters = new Map<string, Formatter>();

/** Builds a formatter once per locale list and options. */
export function cached<T extends Formatter>(kind: string, locales: Locales, options: object, build: (locales: string[] | undefined) => T): T {
  const key = JSON.stringify([kind, locales ?? null, options]);
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build(locales as string[] | undefined);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A cached Intl.DateTimeFormat in the person's locale (or `format.locale`). */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, format?: Pick<FormatOptions, 'locale'>): Intl.DateTimeFormat {
  return cached('date', localesOf(format), options, (tags) => new Intl.DateTimeFormat(tags, options));
}

/** Epoch milliseconds of a date input; NaN for a string that is not a date. */
export function toTime(value: DateInput): number {
  return new Date(value).getTime();
}

/** Hours as the locale writes them: "09:05" where the clock has 24 hours, "9:05 AM" where it has 12. */
export function timeOptions(format: FormatOptions | undefined): Intl.DateTimeFormatOptions {
  return { hour: dateTimeFormat({ hour: 'numeric' }, format).resolvedOptions().hour12 ? 'numeric' : '2-digit', minute: '2-digit' };
}

/** Formats a date input with these fields (and the locale's clock with `withTime`); '' when it is not a date. */
export function formatFields(value: DateInput, format: FormatOptions | undefined, fields: Intl.DateTimeFormatOptions, withTime = false): string {
  const time = toTime(value);
  if (Number.isNaN(time)) return '';
  return dateTimeFormat({ ...fields, ...(withTime ? timeOptions(format) : {}), timeZone: format?.timeZone }, format).format(time);
}

/** The weekday, day and month of a moment ("Wed 25 Nov" in en-GB). */
export const WEEKDAY_DAY_MONTH: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/** "14:05" (en-GB, de-DE), "2:05 PM" (en-US). */
export function formatTime(value: DateInput, options?: FormatOptions): string {
  return formatFields(value, options, {}, true);
}

/** "Wed 25 Nov, 14:00" (en-GB), "Wed, Nov 25, 2:00 PM" (en-US): a moment this season, e.g. an order step. */
export function formatDateTime(value: DateInput, options?: FormatOptions): string {
  return formatFields(value, options, WEEKDAY_DAY_MONTH, true);
}

/** The clock alone for a moment today ("14:05"), the day and the clock otherwise ("Wed 25 Nov, 14:05"). */
export function formatMoment(value: DateInput, now: DateInput, options?: FormatOptions): string {
  const day = (at: DateInput) => formatFields(at, options, { dateStyle: 'short' });
  return day(value) === day(now) ? formatTime(value, options) : formatDateTime(value, options);
}

/**
 * "GH₵12.50" (en), "12,50 GH₵" (fr) from 1250 minor units in the deployment's currency (the API names
 * it), with the currency's own digits ("4 250 F CFA" for XOF), in the page's language.
 */
export function formatMoney(minor: number, currency: string, options?: Pick<FormatOptions, 'locale'>): string {
  return formatMinorUnits(minor, currency, localesOf(options));
}
