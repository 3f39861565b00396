import { formatMoney } from '../../../lib/format';
import type { TTipOptions } from '@pulse/contract/hub';
import { toMinorUnits } from '../../../lib/money-input';

export type TipAmountResult = { amountMinor: number; error: null } | { amountMinor: null; error: string };

/** A preset (minor units) or the custom amount typed in currency units, checked against the server's bounds. */
export function readTipAmount(choice: { presetMinor: number | null; custom: number | string }, options: TTipOptions): TipAmountResult {
  const amountMinor = choice.presetMinor ?? (choice.custom === '' ? null : toMinorUnits(choice.custom, options.currency));
  if (amountMinor === null || amountMinor <= 0) return { amountMinor: null, error: 'Enter an amount' };
  if (amountMinor < options.minMinor || amountMinor > options.maxMinor) {
    return { amountMinor: null, error: `Tips are from ${formatMoney(options.minMinor, options.currency)} to ${formatMoney(options.maxMinor, options.currency)}` };
  }
  return { amountMinor, error: null };
}
