const DAY_MS = 86_400_000;

function getCalendarDay(time: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(time);
  const read = (type: 'year' | 'month' | 'day') => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(read('year'), read('month') - 1, read('day')) / DAY_MS;
}

/** Whole calendar days between the two times in the viewer's time zone (0 = same day). */
function getDaysBetween(time: number, now: number, timeZone: string | undefined): number {
  return getCalendarDay(now, timeZone) - getCalendarDay(time, timeZone);
}

function isSameYear(time: number, now: number, timeZone: string | undefined): boolean {
  const year = (value: number) => new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(value);
  return year(time) === year(now);
}

function formatDate(time: number, now: number, timeZone: string | undefined): string {
  const withYear = !isSameYear(time, now, timeZone);
  return new Intl.DateTimeFormat('en', { timeZone, day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).format(time);
}

/** "2:05 PM": the time under a message bubble. */
export function formatMessageClock(isoTime: string, timeZone?: string): string {
  const time = Date.parse(isoTime);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat('en', { timeZone, hour: 'numeric', minute: '2-digit' }).format(time);
}

/** The time beside a conversation: the clock today, "Yesterday", the weekday this week, then the date. */
export function formatConversationTime(isoTime: string, now: number, timeZone?: string): string {
  const time = Date.parse(isoTime);
  if (Number.isNaN(time)) return '';
  const days = getDaysBetween(time, now, timeZone);
  if (days <= 0) return formatMessageClock(isoTime, timeZone);
  if (days === 1) return 'Yesterday';
  if (days < 7) return new Intl.DateTimeFormat('en', { timeZone, weekday: 'short' }).format(time);
  return formatDate(time, now, timeZone);
}

/** The separator above the first message of each day in a chat. */
export function formatChatDayLabel(isoTime: string, now: number, timeZone?: string): string {
  const time = Date.parse(isoTime);
  if (Number.isNaN(time)) return '';
  const days = getDaysBetween(time, now, timeZone);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return new Intl.DateTimeFormat('en', { timeZone, weekday: 'long' }).format(time);
  return formatDate(time, now, timeZone);
}

/** Whether two messages fall on different calendar days, so a day separator goes between them. */
export function isNewChatDay(previousIso: string | null, isoTime: string, timeZone?: string): boolean {
  if (previousIso === null) return true;
  return getCalendarDay(Date.parse(previousIso), timeZone) !== getCalendarDay(Date.parse(isoTime), timeZone);
}
