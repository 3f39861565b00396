import { formatMoney as formatMinorUnits } from '@pulse/contract/money-format';

/**
 * The part of lib/format.ts that the first page needs (prices and price filters on the cards, the
 * time in the offline banner), kept apart so the first load does not carry every format (decisions
 * 031 and 020). Components import from lib/format.ts, which re-exports these; only the modules of
 * the first page (shell, product cards) import this file directly. This is the only file of
 * apps/web/src that builds Intl formatters.
 */

export interface FormatOptions {
  /** BCP 47 tags; the browser's languages by default (tests pin one). */
  locale?: string | readonly string[];
  /** An IANA zone; the viewer's own zone by default (tests pin one). */
  timeZone?: string;
}

/** An ISO string from the API, epoch milliseconds or a Date. */
export type DateInput = string | number | Date;

type Locales = string | readonly string[] | undefined;

/** The browser's languages in order of preference; undefined lets Intl use the runtime's default. */
export function userLocales(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : undefined;
}

function localesOf(options: Pick<FormatOptions, 'locale'> | undefined): Locales {
  return options?.locale ?? userLocales();
}

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;

const formatters = new Map<string, Formatter>();

/** Builds a formatter once per locale list and options; a tag Intl rejects falls back to the default locale. */
function cached<T extends Formatter>(kind: string, locales: Locales, options: object, build: (locales: string[] | undefined) => T): T {
  const key = JSON.stringify([kind, locales ?? null, options]);
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    try {
      formatter = build(locales as string[] | undefined);
    } catch (error) {
      if (!(error instanceof RangeError) || locales === undefined) throw error;
      formatter = build(undefined);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A cached Intl.DateTimeFormat in the person's locale (or `format.locale`). */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, format?: Pick<FormatOptions, 'locale'>): Intl.DateTimeFormat {
  return cached('date', localesOf(format), options, (tags) => new Intl.DateTimeFormat(tags, options));
}

/** A cached Intl.NumberFormat in the person's locale (or `format.locale`). */
export function numberFormat(options: Intl.NumberFormatOptions, format?: Pick<FormatOptions, 'locale'>): Intl.NumberFormat {
  return cached('number', localesOf(format), options, (tags) => new Intl.NumberFormat(tags, options));
}

/** A cached Intl.RelativeTimeFormat in the person's locale ("5 min ago", "yesterday"). */
export function relativeTimeFormat(options: Intl.RelativeTimeFormatOptions, format?: Pick<FormatOptions, 'locale'>): Intl.RelativeTimeFormat {
  return cached('relative', localesOf(format), options, (tags) => new Intl.RelativeTimeFormat(tags, options));
}

/** Epoch milliseconds of a date input; NaN for a string that is not a date. */
export function toTime(value: DateInput): number {
  if (typeof value === 'string') return Date.parse(value);
  return typeof value === 'number' ? value : value.getTime();
}

/** Hours as the locale writes them: "09:05" where the clock has 24 hours, "9:05 AM" where it has 12. */
export function timeOptions(format: FormatOptions | undefined): Intl.DateTimeFormatOptions {
  const hourCycle = dateTimeFormat({ hour: 'numeric' }, format).resolvedOptions().hourCycle;
  const twentyFour = hourCycle === 'h23' || hourCycle === 'h24';
  return { hour: twentyFour ? '2-digit' : 'numeric', minute: '2-digit' };
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

/** The calendar day of a moment in a zone, as a whole number of days since 1970 (for counting days apart). */
function dayNumber(time: number, timeZone: string | undefined): number {
  const parts = dateTimeFormat({ year: 'numeric', month: 'numeric', day: 'numeric', timeZone }, { locale: 'en-US' }).formatToParts(time);
  const read = (type: 'year' | 'month' | 'day') => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(read('year'), read('month') - 1, read('day')) / 86_400_000;
}

/** Whole calendar days from `value` to `now` in the viewer's zone: 0 the same day, 1 the day before. */
export function calendarDaysBetween(value: DateInput, now: DateInput, options?: Pick<FormatOptions, 'timeZone'>): number {
  return dayNumber(toTime(now), options?.timeZone) - dayNumber(toTime(value), options?.timeZone);
}

/** The clock alone for a moment today ("14:05"), the day and the clock otherwise ("Wed 25 Nov, 14:05"). */
export function formatMoment(value: DateInput, now: DateInput, options?: FormatOptions): string {
  if (Number.isNaN(toTime(value))) return '';
  return calendarDaysBetween(value, now, options) === 0 ? formatTime(value, options) : formatDateTime(value, options);
}

/** "$12.50" from 1250 minor units in the deployment's currency (the API names it), in the person's locale. */
export function formatMoney(minor: number, currency: string, options?: Pick<FormatOptions, 'locale'>): string {
  return formatMinorUnits(minor, currency, localesOf(options));
}

/** Digits after the decimal point of the currency's minor unit: 2 for USD, 0 for JPY. */
export function currencyDigits(currency: string): number {
  return numberFormat({ style: 'currency', currency }, { locale: 'en' }).resolvedOptions().maximumFractionDigits ?? 2;
}
