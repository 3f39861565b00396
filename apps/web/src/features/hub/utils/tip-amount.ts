import { t } from '@lingui/core/macro';
import { formatMoney } from '../../../lib/format';
import type { TTipOptions } from '@pulse/contract/hub';
import { toMinorUnits } from '../../../lib/money-input';

export type TipAmountResult = { amountMinor: number; error: null } | { amountMinor: null; error: string };

/**
 * A preset (minor units) or the custom amount typed in currency units, checked against the server's bounds.
 * Called when the tip is sent: the error is written in the language active then.
 */
export function readTipAmount(choice: { presetMinor: number | null; custom: number | string }, options: TTipOptions): TipAmountResult {
  const amountMinor = choice.presetMinor ?? (choice.custom === '' ? null : toMinorUnits(choice.custom, options.currency));
  if (amountMinor === null || amountMinor <= 0) return { amountMinor: null, error: t`Enter an amount` };
  if (amountMinor < options.minMinor || amountMinor > options.maxMinor) {
    const min = formatMoney(options.minMinor, options.currency);
    const max = formatMoney(options.maxMinor, options.currency);
    return { amountMinor: null, error: t`Tips are from ${min} to ${max}` };
  }
  return { amountMinor, error: null };
}
