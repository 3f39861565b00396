/** Kept apart from money.ts's schemas so the web's first page can format prices without zod. */

/** Intl formatters are costly to build: one per locale list and currency, kept. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The cached currency formatter of a locale (undefined: the runtime's default). The narrow symbol
 * is the one people write on a market board: "GH₵42.50" in English, "42,50 GH₵" in French, "$12.50"
 * (not "US$12.50" outside the United States); the locale places it and writes the number.
 */
export function currencyFormat(currency: string, locale?: string | readonly string[]): Intl.NumberFormat {
  const key = JSON.stringify([locale ?? null, currency]);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale as string[] | undefined, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats minor units in the deployment's currency with its own digits: 1250 USD -> "$12.50", 4250 XOF in fr -> "4 250 F CFA". */
export function formatMoney(minor: number, currency = 'USD', locale?: string | readonly string[]): string {
  const formatter = currencyFormat(currency, locale);
  return formatter.format(minor / 10 ** currencyDigits(currency));
}

/** Digits after the decimal point of the currency's minor unit: 2 for USD, 0 for JPY. */
export function currencyDigits(currency: string): number {
  return currencyFormat(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}
