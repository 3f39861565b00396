import { z } from 'zod';

/** Integer minor units (cents); every amount on the wire is one of these, computed by the server. */
export const ZMinor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** Signed minor units for ledger movements (negative leaves the account). */
export const ZSignedMinor = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** Formats minor units in the deployment's currency, e.g. 1250 -> "$12.50". */
export function formatMoney(minor: number, currency = 'USD', locale?: string): string {
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minor / 10 ** digits);
}
