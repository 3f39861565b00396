/** Kept apart from money.ts's schemas so the web's first page can format prices without zod. */

/** Intl formatters are costly to build: one per locale list and currency, kept. */
const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, locale: string | readonly string[] | undefined): Intl.NumberFormat {
  const key = JSON.stringify([locale ?? null, currency]);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale as string[] | undefined, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats minor units in the deployment's currency, e.g. 1250 -> "$12.50". */
export function formatMoney(minor: number, currency = 'USD', locale?: string | readonly string[]): string {
  const formatter = currencyFormat(currency, locale);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minor / 10 ** digits);
}
