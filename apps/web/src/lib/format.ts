import { formatMoney as formatMinorUnits } from '@pulse/contract/money-format';

/**
 * The one place the web app turns dates, times and amounts into text (decision 031). Everything
 * follows the person's own languages (navigator.languages) through Intl: the order of day and month,
 * the month names, and 12-hour or 24-hour time are the locale's, never written here. Intl formatters
 * are costly to build, so each one is built once and kept. eslint forbids Intl and toLocale*String
 * in every other file of apps/web/src.
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

function localesOf(options: FormatOptions | undefined): Locales {
  return options?.locale ?? userLocales();
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

/** Builds a formatter once per locale list and options; a tag Intl rejects falls back to the default locale. */
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locales: Locales,
  options: object,
  build: (locales: Locales) => T,
): T {
  const key = JSON.stringify([kind, locales ?? null, options]);
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    try {
      formatter = build(locales);
    } catch (error) {
      if (!(error instanceof RangeError) || locales === undefined) throw error;
      formatter = build(undefined);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateFormat(locales: Locales, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locales, options, (tags) => new Intl.DateTimeFormat(tags as string[] | undefined, options));
}

function numberFormat(locales: Locales, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locales, options, (tags) => new Intl.NumberFormat(tags as string[] | undefined, options));
}

function relativeFormat(locales: Locales, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached('relative', locales, options, (tags) => new Intl.RelativeTimeFormat(tags as string[] | undefined, options));
}

function toTime(value: DateInput): number {
  if (typeof value === 'string') return Date.parse(value);
  return typeof value === 'number' ? value : value.getTime();
}

/** Hours as the locale writes them: "09:05" where the clock has 24 hours, "9:05 AM" where it has 12. */
function timeOptions(locales: Locales): Intl.DateTimeFormatOptions {
  const hourCycle = dateFormat(locales, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const twentyFour = hourCycle === 'h23' || hourCycle === 'h24';
  return { hour: twentyFour ? '2-digit' : 'numeric', minute: '2-digit' };
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const WEEKDAY_DAY_MONTH: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

function format(value: DateInput, options: FormatOptions | undefined, parts: Intl.DateTimeFormatOptions, withTime = false): string {
  const time = toTime(value);
  if (Number.isNaN(time)) return '';
  const locales = localesOf(options);
  return dateFormat(locales, { ...parts, ...(withTime ? timeOptions(locales) : {}), timeZone: options?.timeZone }).format(time);
}

/** "25 Nov 2026" (en-GB), "Nov 25, 2026" (en-US). */
export function formatDate(value: DateInput, options?: FormatOptions): string {
  return format(value, options, DATE);
}

/** "25 Nov" (en-GB), "Nov 25" (en-US): a day close enough that the year goes without saying. */
export function formatDayMonth(value: DateInput, options?: FormatOptions): string {
  return format(value, options, DAY_MONTH);
}

/** The day and month, with the year only when it is not the year of `now`. */
export function formatDateNear(value: DateInput, now: DateInput, options?: FormatOptions): string {
  const year = (at: DateInput) => format(at, { ...options, locale: 'en-US' }, { year: 'numeric' });
  return year(value) === year(now) ? formatDayMonth(value, options) : formatDate(value, options);
}

/** "November 2026": a month, e.g. "member since" (read in UTC, as the server stores it). */
export function formatMonthYear(value: DateInput, options?: FormatOptions): string {
  return format(value, { timeZone: 'UTC', ...options }, { month: 'long', year: 'numeric' });
}

/** A calendar day as the API sends it ("2026-11-20"), without a time-zone shift; the year only with `withYear`. */
export function formatCalendarDay(day: string, options?: Omit<FormatOptions, 'timeZone'> & { withYear?: boolean }): string {
  return format(`${day}T00:00:00Z`, { locale: options?.locale, timeZone: 'UTC' }, options?.withYear ? DATE : DAY_MONTH);
}

/** "14:05" (en-GB, de-DE), "2:05 PM" (en-US). */
export function formatTime(value: DateInput, options?: FormatOptions): string {
  return format(value, options, {}, true);
}

/** "Wed 25 Nov, 14:00" (en-GB), "Wed, Nov 25, 2:00 PM" (en-US): a moment this season, e.g. an order step. */
export function formatDateTime(value: DateInput, options?: FormatOptions): string {
  return format(value, options, WEEKDAY_DAY_MONTH, true);
}

/** "25 Nov 2026, 14:00" (en-GB), "Nov 25, 2026, 2:00 PM" (en-US): a record kept for long, e.g. a wallet entry. */
export function formatDateTimeWithYear(value: DateInput, options?: FormatOptions): string {
  return format(value, options, DATE, true);
}

/**
 * A delivery or pickup window: "Wed 25 Nov, 14:00–17:00" (en-GB), "Wed, Nov 25, 2:00 – 5:00 PM"
 * (en-US), the day written once when both ends fall on it, both days otherwise.
 */
export function formatTimeRange(start: DateInput, end: DateInput, options?: FormatOptions): string {
  const from = toTime(start);
  const to = toTime(end);
  if (Number.isNaN(from)) return '';
  if (Number.isNaN(to) || to < from) return formatDateTime(from, options);
  const locales = localesOf(options);
  return dateFormat(locales, { ...WEEKDAY_DAY_MONTH, ...timeOptions(locales), timeZone: options?.timeZone }).formatRange(from, to);
}

/** The calendar day of a moment in a zone, as a whole number of days since 1970 (for counting days apart). */
function dayNumber(time: number, timeZone: string | undefined): number {
  const parts = dateFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone }).formatToParts(time);
  const read = (type: 'year' | 'month' | 'day') => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(read('year'), read('month') - 1, read('day')) / 86_400_000;
}

/** Whole calendar days from `value` to `now` in the viewer's zone: 0 the same day, 1 the day before. */
export function calendarDaysBetween(value: DateInput, now: DateInput, options?: Pick<FormatOptions, 'timeZone'>): number {
  return dayNumber(toTime(now), options?.timeZone) - dayNumber(toTime(value), options?.timeZone);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Today", "Yesterday" in the locale's words ("Heute", "Gestern" in German). */
function relativeDay(days: 0 | 1, options: FormatOptions | undefined): string {
  return capitalise(relativeFormat(localesOf(options), { numeric: 'auto' }).format(-days, 'day'));
}

/**
 * A heading over the messages of one day: "Today", "Yesterday", the weekday within the week
 * ("Monday"), then the date ("3 Nov", with the year for another year).
 */
export function formatDayHeading(value: DateInput, now: DateInput, options?: FormatOptions): string {
  if (Number.isNaN(toTime(value))) return '';
  const days = calendarDaysBetween(value, now, options);
  if (days <= 0) return relativeDay(0, options);
  if (days === 1) return relativeDay(1, options);
  if (days < 7) return format(value, options, { weekday: 'long' });
  return formatDateNear(value, now, options);
}

/**
 * The time beside something recent, e.g. a conversation: the clock today ("14:05"), "Yesterday",
 * the short weekday this week ("Mon"), then the date.
 */
export function formatRecentTime(value: DateInput, now: DateInput, options?: FormatOptions): string {
  if (Number.isNaN(toTime(value))) return '';
  const days = calendarDaysBetween(value, now, options);
  if (days <= 0) return formatTime(value, options);
  if (days === 1) return relativeDay(1, options);
  if (days < 7) return format(value, options, { weekday: 'short' });
  return formatDateNear(value, now, options);
}

/** The clock alone for a moment today ("14:05"), the day and the clock otherwise ("Wed 25 Nov, 14:05"). */
export function formatMoment(value: DateInput, now: DateInput, options?: FormatOptions): string {
  if (Number.isNaN(toTime(value))) return '';
  return calendarDaysBetween(value, now, options) === 0 ? formatTime(value, options) : formatDateTime(value, options);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** "Just now", "5 min ago", "3 hr ago", "Yesterday", "4 days ago", then the date (a clock a little ahead reads as now). */
export function formatRelativeTime(value: DateInput, now: DateInput, options?: FormatOptions): string {
  const time = toTime(value);
  if (Number.isNaN(time)) return '';
  const age = Math.max(0, toTime(now) - time);
  if (age < MINUTE_MS) return 'Just now';
  const relative = relativeFormat(localesOf(options), { numeric: 'auto', style: 'short' });
  if (age < HOUR_MS) return capitalise(relative.format(-Math.floor(age / MINUTE_MS), 'minute'));
  if (age < DAY_MS) return capitalise(relative.format(-Math.floor(age / HOUR_MS), 'hour'));
  if (age < WEEK_MS) return capitalise(relative.format(-Math.floor(age / DAY_MS), 'day'));
  return formatDateNear(time, now, options);
}

/** "$12.50" from 1250 minor units in the deployment's currency (the API names it), in the person's locale. */
export function formatMoney(minor: number, currency: string, options?: Pick<FormatOptions, 'locale'>): string {
  return formatMinorUnits(minor, currency, localesOf(options));
}

/** "1.85", "1,85" (de-DE), "12,500": a plain number, at most `maximumFractionDigits` decimals. */
export function formatNumber(value: number, maximumFractionDigits = 3, options?: Pick<FormatOptions, 'locale'>): string {
  return numberFormat(localesOf(options), { maximumFractionDigits }).format(value);
}

/** Digits after the decimal point of the currency's minor unit: 2 for USD, 0 for JPY. */
export function currencyDigits(currency: string): number {
  return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The currency's sign as amount inputs show it before the number, e.g. "$" or "GH₵". */
export function currencySymbol(currency: string, options?: Pick<FormatOptions, 'locale'>): string {
  const parts = numberFormat(localesOf(options), { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
