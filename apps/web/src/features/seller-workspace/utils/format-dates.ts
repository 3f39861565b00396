/** Dates in the viewer's locale. */
const dateTime = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const dayOnly = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "15 Jan" for a calendar day "2030-01-15" (no time zone shift: the day is already the viewer's). */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayOnly.format(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

/** "15 Jan, 09:00 - 12:00" */
export function formatSlotWindow(startsAt: string, endsAt: string): string {
  return `${dateTime.format(new Date(startsAt))} - ${timeOnly.format(new Date(endsAt))}`;
}
