/** Kept apart from money.ts's schemas so the web's first page can format prices without zod. */
/** Formats minor units in the deployment's currency, e.g. 1250 -> "$12.50". */
export function formatMoney(minor: number, currency = 'USD', locale?: string): string {
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minor / 10 ** digits);
}
