/** "12 March 2026": the day an application was submitted or reviewed, in the viewer's time zone. */
export function formatApplicationDate(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale ?? 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));
}
