const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const dateFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' });
const dateWithYearFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Just now", "5 min. ago", "3 hr. ago", "Yesterday", "4 days ago", then the date. */
export function formatNotificationTime(isoTime: string, now: number): string {
  const time = Date.parse(isoTime);
  if (Number.isNaN(time)) return '';
  const age = Math.max(0, now - time);
  if (age < MINUTE_MS) return 'Just now';
  if (age < HOUR_MS) return capitalise(relativeFormat.format(-Math.floor(age / MINUTE_MS), 'minute'));
  if (age < DAY_MS) return capitalise(relativeFormat.format(-Math.floor(age / HOUR_MS), 'hour'));
  if (age < WEEK_MS) return capitalise(relativeFormat.format(-Math.floor(age / DAY_MS), 'day'));
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return (sameYear ? dateFormat : dateWithYearFormat).format(time);
}
