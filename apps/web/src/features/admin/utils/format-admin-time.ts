/** "22 Nov 2026, 09:14" in the admin's locale and time zone (parameters for tests). */
export function formatAdminTime(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}
