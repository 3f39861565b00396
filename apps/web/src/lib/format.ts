import { t } from '@lingui/core/macro';
import {
  cached,
  dateTimeFormat,
  formatDateTime,
  formatFields,
  formatTime,
  localesOf,
  timeOptions,
  toTime,
  WEEKDAY_DAY_MONTH,
  type DateInput,
  type FormatOptions,
} from './format-core';

/**
 * The one place the web app turns dates, times and amounts into text (decision 031). Everything
 * follows the person's own languages (navigator.languages) through Intl: the order of day and month,
 * the month names, and 12-hour or 24-hour time are the locale's, never written here. Intl formatters
 * are costly to build, so each one is built once and kept (lib/format-core.ts, which also holds what
 * the first page needs). eslint forbids Intl and toLocale*String in every other file of apps/web/src.
 */

export {
  currencyDigits,
  formatDateTime,
  formatMoment,
  formatMoney,
  formatTime,
  userLocales,
  type DateInput,
  type FormatOptions,
} from './format-core';

/** A cached Intl.NumberFormat in the person's locale (or `format.locale`). */
function numberFormat(options: Intl.NumberFormatOptions, format?: Pick<FormatOptions, 'locale'>): Intl.NumberFormat {
  return cached('number', localesOf(format), options, (tags) => new Intl.NumberFormat(tags, options));
}

/** A cached Intl.RelativeTimeFormat in the person's locale ("5 min ago", "yesterday"). */
function relativeTimeFormat(options: Intl.RelativeTimeFormatOptions, format?: Pick<FormatOptions, 'locale'>): Intl.RelativeTimeFormat {
  return cached('relative', localesOf(format), options, (tags) => new Intl.RelativeTimeFormat(tags, options));
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

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

/** "25 Nov 2026" (en-GB), "Nov 25, 2026" (en-US). */
export function formatDate(value: DateInput, options?: FormatOptions): string {
  return formatFields(value, options, DATE);
}

/** "25 Nov" (en-GB), "Nov 25" (en-US): a day close enough that the year goes without saying. */
export function formatDayMonth(value: DateInput, options?: FormatOptions): string {
  return formatFields(value, options, DAY_MONTH);
}

/** The day and month, with the year only when it is not the year of `now`. */
export function formatDateNear(value: DateInput, now: DateInput, options?: FormatOptions): string {
  const year = (at: DateInput) => formatFields(at, { ...options, locale: 'en-US' }, { year: 'numeric' });
  return year(value) === year(now) ? formatDayMonth(value, options) : formatDate(value, options);
}

/** "November 2026": a month, e.g. "member since" (read in UTC, as the server stores it). */
export function formatMonthYear(value: DateInput, options?: FormatOptions): string {
  return formatFields(value, { timeZone: 'UTC', ...options }, { month: 'long', year: 'numeric' });
}

/** A calendar day as the API sends it ("2026-11-20"), without a time-zone shift; the year only with `withYear`. */
export function formatCalendarDay(day: string, options?: Omit<FormatOptions, 'timeZone'> & { withYear?: boolean }): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO 8601 moment for Date, not text
  return formatFields(`${day}T00:00:00Z`, { locale: options?.locale, timeZone: 'UTC' }, options?.withYear ? DATE : DAY_MONTH);
}

/** "25 Nov 2026, 14:00" (en-GB), "Nov 25, 2026, 2:00 PM" (en-US): a record kept for long, e.g. a wallet entry. */
export function formatDateTimeWithYear(value: DateInput, options?: FormatOptions): string {
  return formatFields(value, options, DATE, true);
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
  // The fields and clock of formatDateTime, then Intl's own range pattern.
  return dateTimeFormat({ ...WEEKDAY_DAY_MONTH, ...timeOptions(options), timeZone: options?.timeZone }, options).formatRange(from, to);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Today", "Yesterday" in the locale's words ("Heute", "Gestern" in German). */
function relativeDay(days: 0 | 1, options: FormatOptions | undefined): string {
  return capitalise(relativeTimeFormat({ numeric: 'auto' }, options).format(-days, 'day'));
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
  if (days < 7) return formatFields(value, options, { weekday: 'long' });
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
  if (days < 7) return formatFields(value, options, { weekday: 'short' });
  return formatDateNear(value, now, options);
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
  // The global t reads the active language when called: this runs at render time, never at import.
  if (age < MINUTE_MS) return t`Just now`;
  const relative = relativeTimeFormat({ numeric: 'auto', style: 'short' }, options);
  if (age < HOUR_MS) return capitalise(relative.format(-Math.floor(age / MINUTE_MS), 'minute'));
  if (age < DAY_MS) return capitalise(relative.format(-Math.floor(age / HOUR_MS), 'hour'));
  if (age < WEEK_MS) return capitalise(relative.format(-Math.floor(age / DAY_MS), 'day'));
  return formatDateNear(time, now, options);
}

/** "1.85", "1,85" (de-DE), "12,500": a plain number, at most `maximumFractionDigits` decimals. */
export function formatNumber(value: number, maximumFractionDigits = 3, options?: Pick<FormatOptions, 'locale'>): string {
  return numberFormat({ maximumFractionDigits }, options).format(value);
}

/** "15%" (en), "15 %" (fr): a whole percentage (15 for 15 %), as the page's language writes it. */
export function formatPercent(percent: number, options?: Pick<FormatOptions, 'locale'>): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 0 }, options).format(percent / 100);
}

/** "2.5 km" (en), "2,5 km" (fr): a distance, one decimal under 10 km, whole kilometres beyond. */
export function formatDistance(km: number, options?: Pick<FormatOptions, 'locale'>): string {
  const digits = Math.abs(km) < 10 ? 1 : 0;
  return numberFormat({ style: 'unit', unit: 'kilometer', unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits }, options).format(km);
}

/** The currency's sign as amount inputs show it beside the number, e.g. "$" or "GH₵" (the narrow sign the prices show). */
export function currencySymbol(currency: string, options?: Pick<FormatOptions, 'locale'>): string {
  const parts = numberFormat({ style: 'currency', currency, currencyDisplay: 'narrowSymbol' }, options).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
