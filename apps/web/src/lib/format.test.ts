import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarDaysBetween,
  currencyDigits,
  currencySymbol,
  formatCalendarDay,
  formatDate,
  formatDateNear,
  formatDateTime,
  formatDateTimeWithYear,
  formatDayHeading,
  formatDayMonth,
  formatDistance,
  formatMoment,
  formatMoney,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatRecentTime,
  formatRelativeTime,
  formatTime,
  formatTimeRange,
} from './format';
import { setActiveLocale } from './i18n/locales';

const US = { locale: 'en-US', timeZone: 'UTC' };
const GB = { locale: 'en-GB', timeZone: 'UTC' };
const DE = { locale: 'de-DE', timeZone: 'UTC' };

const AFTERNOON = '2026-11-25T14:00:00.000Z';
const MORNING = '2026-11-25T09:05:00.000Z';

/** ICU puts thin and narrow no-break spaces around a range's dash and before AM/PM; a reader sees spaces. */
function spaced(text: string): string {
  return text.replace(/[\u2009\u202f\u00a0]/g, ' ');
}

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveLocale('en', undefined);
});

describe('time of day follows the locale’s clock', () => {
  it('writes 12-hour time for en-US and 24-hour time for en-GB and de-DE', () => {
    expect(spaced(formatTime(AFTERNOON, US))).toBe('2:00 PM');
    expect(spaced(formatTime(MORNING, US))).toBe('9:05 AM');
    expect(formatTime(AFTERNOON, GB)).toBe('14:00');
    expect(formatTime(MORNING, GB)).toBe('09:05');
    expect(formatTime(MORNING, DE)).toBe('09:05');
  });

  it('reads the moment in the viewer’s zone', () => {
    expect(formatTime(AFTERNOON, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('15:00');
    expect(spaced(formatTime(AFTERNOON, { locale: 'en-US', timeZone: 'America/New_York' }))).toBe('9:00 AM');
  });
});

describe('dates', () => {
  it('orders day and month as the locale does', () => {
    expect(formatDate(AFTERNOON, US)).toBe('Nov 25, 2026');
    expect(formatDate(AFTERNOON, GB)).toBe('25 Nov 2026');
    expect(formatDate(AFTERNOON, DE)).toBe('25. Nov. 2026');
    expect(formatDayMonth(AFTERNOON, US)).toBe('Nov 25');
    expect(formatDayMonth(AFTERNOON, GB)).toBe('25 Nov');
  });

  it('adds the year only for another year', () => {
    expect(formatDateNear('2026-10-02T12:00:00Z', AFTERNOON, GB)).toBe('2 Oct');
    expect(formatDateNear('2025-10-02T12:00:00Z', AFTERNOON, GB)).toBe('2 Oct 2025');
  });

  it('reads a calendar day from the API as that day in any zone', () => {
    expect(formatCalendarDay('2030-01-15', { locale: 'en-GB' })).toBe('15 Jan');
    expect(formatCalendarDay('2030-01-15', { locale: 'en-US', withYear: true })).toBe('Jan 15, 2030');
  });

  it('names a month in full for "member since"', () => {
    expect(formatMonthYear('2024-11-30T23:30:00Z', GB)).toBe('November 2024');
  });

  it('writes dates with times in each locale’s own way', () => {
    expect(formatDateTime(AFTERNOON, GB)).toBe('Wed 25 Nov, 14:00');
    expect(spaced(formatDateTime(AFTERNOON, US))).toBe('Wed, Nov 25, 2:00 PM');
    expect(formatDateTime(AFTERNOON, DE)).toBe('Mi., 25. Nov., 14:00');
    expect(formatDateTimeWithYear(MORNING, GB)).toBe('25 Nov 2026, 09:05');
    expect(spaced(formatDateTimeWithYear(MORNING, US))).toBe('Nov 25, 2026, 9:05 AM');
  });

  it('returns nothing for a date it cannot read', () => {
    expect(formatDate('not a date', GB)).toBe('');
    expect(formatTimeRange('not a date', AFTERNOON, GB)).toBe('');
  });
});

describe('time ranges (delivery and pickup windows)', () => {
  it('names the day once for a window within a day', () => {
    expect(formatTimeRange(AFTERNOON, '2026-11-25T17:00:00Z', GB)).toBe('Wed 25 Nov, 14:00–17:00');
    expect(spaced(formatTimeRange(AFTERNOON, '2026-11-25T17:00:00Z', US))).toBe('Wed, Nov 25, 2:00 – 5:00 PM');
  });

  it('names both days for a window over midnight', () => {
    expect(spaced(formatTimeRange('2026-11-24T22:00:00Z', '2026-11-25T02:00:00Z', GB))).toBe('Tue 24 Nov, 22:00 – Wed 25 Nov, 02:00');
  });

  it('places the window in the viewer’s zone', () => {
    expect(formatTimeRange(AFTERNOON, '2026-11-25T17:00:00Z', { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('Wed 25 Nov, 15:00–18:00');
  });
});

describe('relative times', () => {
  const NOW = Date.parse('2026-11-22T12:00:00.000Z');
  const ago = (ms: number) => new Date(NOW - ms).toISOString();

  it('counts minutes, hours and days for the last week', () => {
    expect(formatRelativeTime(ago(20_000), NOW, US)).toBe('Just now');
    expect(formatRelativeTime(ago(-5_000), NOW, US)).toBe('Just now');
    expect(formatRelativeTime(ago(5 * 60_000), NOW, US)).toBe('5 min. ago');
    expect(formatRelativeTime(ago(5 * 60_000), NOW, GB)).toBe('5 min ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), NOW, GB)).toBe('3 hr ago');
    expect(formatRelativeTime(ago(30 * 3_600_000), NOW, GB)).toBe('Yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), NOW, GB)).toBe('4 days ago');
    expect(formatRelativeTime(ago(5 * 60_000), NOW, DE)).toBe('Vor 5 Min.');
  });

  it('shows the date after a week', () => {
    expect(formatRelativeTime('2026-10-02T12:00:00.000Z', NOW, US)).toBe('Oct 2');
    expect(formatRelativeTime('2025-10-02T12:00:00.000Z', NOW, GB)).toBe('2 Oct 2025');
  });
});

describe('day headings and recent times', () => {
  const NOW = Date.parse('2026-11-20T15:00:00.000Z'); // a Friday

  it('counts calendar days in the viewer’s zone, not 24-hour spans', () => {
    expect(calendarDaysBetween('2026-11-19T23:30:00Z', NOW, { timeZone: 'UTC' })).toBe(1);
    expect(calendarDaysBetween('2026-11-19T23:30:00Z', NOW, { timeZone: 'Europe/Berlin' })).toBe(0);
  });

  it('heads a day: today, yesterday, the weekday, then the date', () => {
    expect(formatDayHeading('2026-11-20T08:00:00Z', NOW, GB)).toBe('Today');
    expect(formatDayHeading('2026-11-19T08:00:00Z', NOW, GB)).toBe('Yesterday');
    expect(formatDayHeading('2026-11-16T08:00:00Z', NOW, GB)).toBe('Monday');
    expect(formatDayHeading('2026-11-01T08:00:00Z', NOW, GB)).toBe('1 Nov');
    expect(formatDayHeading('2026-11-19T08:00:00Z', NOW, DE)).toBe('Gestern');
  });

  it('gives the clock for today and the short weekday this week', () => {
    expect(spaced(formatRecentTime('2026-11-20T14:05:00Z', NOW, US))).toBe('2:05 PM');
    expect(formatRecentTime('2026-11-20T14:05:00Z', NOW, GB)).toBe('14:05');
    expect(formatRecentTime('2026-11-19T14:05:00Z', NOW, GB)).toBe('Yesterday');
    expect(formatRecentTime('2026-11-16T14:05:00Z', NOW, US)).toBe('Mon');
    expect(formatRecentTime('2025-11-01T14:05:00Z', NOW, US)).toBe('Nov 1, 2025');
  });

  it('gives the clock alone today and the day with the clock before', () => {
    expect(formatMoment('2026-11-20T09:15:00Z', NOW, GB)).toBe('09:15');
    expect(formatMoment('2026-11-19T09:15:00Z', NOW, GB)).toBe('Thu 19 Nov, 09:15');
  });
});

describe('money and numbers', () => {
  it('formats minor units in the currency the API names, in the locale', () => {
    expect(formatMoney(1250, 'USD', { locale: 'en-US' })).toBe('$12.50');
    expect(formatMoney(1250, 'EUR', { locale: 'de-DE' })).toBe('12,50\u00a0€');
    expect(formatMoney(1250, 'JPY', { locale: 'en-US' })).toBe('¥1,250');
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('GHS')).toBe(2);
    expect(currencySymbol('USD', { locale: 'en-US' })).toBe('$');
    expect(currencySymbol('EUR', { locale: 'de-DE' })).toBe('€');
  });

  it('writes decimals as the locale does', () => {
    expect(formatNumber(1.85, 3, { locale: 'en-US' })).toBe('1.85');
    expect(formatNumber(1.85, 3, { locale: 'de-DE' })).toBe('1,85');
    expect(formatPercent(15, { locale: 'en-US' })).toBe('15%');
    expect(formatPercent(15, { locale: 'fr-FR' })).toMatch(/^15\s%$/);
    expect(formatNumber(12.345, 2, { locale: 'en-US' })).toBe('12.35');
  });
});

describe('the person’s own languages', () => {
  it('follows the page’s language with the browser’s own region for it when no locale is given', () => {
    setActiveLocale('en', ['en-GB', 'de-DE']);
    expect(formatTime(AFTERNOON, { timeZone: 'UTC' })).toBe('14:00');
    expect(formatDate(AFTERNOON, { timeZone: 'UTC' })).toBe('25 Nov 2026');
    setActiveLocale('en', ['en-US']);
    expect(spaced(formatTime(AFTERNOON, { timeZone: 'UTC' }))).toBe('2:00 PM');
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
  });
});

describe('the reader’s language: English, French and Twi (issue 23)', () => {
  const EN = { locale: 'en', timeZone: 'UTC' };
  const FR = { locale: 'fr', timeZone: 'UTC' };
  const AK = { locale: 'ak', timeZone: 'UTC' };
  /** French groups thousands with a narrow no-break space and puts a no-break space before the sign. */
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

  it('writes cedis with the narrow sign, 2 digits, where each language puts it', () => {
    expect(formatMoney(4250, 'GHS', EN)).toBe('GH₵42.50');
    expect(plain(formatMoney(4250, 'GHS', FR))).toBe('42,50 GH₵');
    expect(formatMoney(4250, 'GHS', AK)).toBe('GH₵42.50');
    expect(formatMoney(125_000, 'GHS', EN)).toBe('GH₵1,250.00');
    expect(plain(formatMoney(125_000, 'GHS', FR))).toBe('1 250,00 GH₵');
    expect(currencySymbol('GHS', EN)).toBe('GH₵');
    expect(currencySymbol('GHS', FR)).toBe('GH₵');
  });

  it('writes CFA francs (no minor unit) and yen whole, the sign after the number in French', () => {
    expect(currencyDigits('XOF')).toBe(0);
    expect(plain(formatMoney(4250, 'XOF', FR))).toBe('4 250 F CFA');
    expect(plain(formatMoney(4250, 'XOF', EN))).toBe('F CFA 4,250');
    expect(plain(formatMoney(1200, 'JPY', FR))).toBe('1 200 ¥');
    expect(formatMoney(1200, 'JPY', AK)).toBe('¥1,200');
    // Dollars read "$" in every language, never "US$".
    expect(formatMoney(1250, 'USD', { locale: 'en-GH' })).toBe('$12.50');
    expect(plain(formatMoney(1250, 'USD', FR))).toBe('12,50 $');
  });

  it('keeps the clock each language uses: 24 hours in French, 12 in English and Twi', () => {
    expect(formatTime(AFTERNOON, FR)).toBe('14:00');
    expect(spaced(formatTime(AFTERNOON, EN))).toBe('2:00 PM');
    expect(spaced(formatTime(AFTERNOON, AK))).toMatch(/^2:00 /);
    expect(formatDate(AFTERNOON, FR)).toBe('25 nov. 2026');
    expect(formatDateTime(AFTERNOON, FR)).toBe('mer. 25 nov., 14:00');
  });

  it('counts time ago and distances in the language', () => {
    const NOW = Date.parse('2026-11-22T12:00:00.000Z');
    expect(formatRelativeTime(NOW - 3 * 3_600_000, NOW, EN)).toBe('3 hr. ago');
    expect(plain(formatRelativeTime(NOW - 3 * 3_600_000, NOW, FR))).toBe('Il y a 3 h');
    expect(formatRelativeTime(NOW - 30 * 3_600_000, NOW, FR)).toBe('Hier');
    expect(formatRelativeTime(NOW - 3 * 3_600_000, NOW, AK)).toMatch(/3/);
    expect(formatDistance(2.5, EN)).toBe('2.5 km');
    expect(plain(formatDistance(2.5, FR))).toBe('2,5 km');
    expect(formatDistance(12.4, EN)).toBe('12 km');
    expect(plain(formatNumber(12_500.5, 2, FR))).toBe('12 500,5');
  });

  it('follows the page’s language when no locale is given', () => {
    setActiveLocale('fr', ['fr-CI', 'en']);
    expect(plain(formatMoney(4250, 'GHS'))).toBe('42,50 GH₵');
    expect(formatTime(AFTERNOON, { timeZone: 'UTC' })).toBe('14:00');
    setActiveLocale('en', ['fr-CI', 'en']);
    expect(formatMoney(4250, 'GHS')).toBe('GH₵42.50');
    setActiveLocale('ak', ['fr-CI', 'en']);
    expect(formatMoney(4250, 'GHS')).toBe('GH₵42.50');
  });
});
