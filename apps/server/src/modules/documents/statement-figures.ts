import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { Db } from '../../db/client';
import { availableBalanceBefore, statementMovements, type TimeWindow } from './documents-repository';

/** The lines of a monthly statement, in the order printed. */
export type StatementLineId = 'sales' | 'discounts' | 'refunds' | 'commission' | 'fees' | 'payouts' | 'purchases' | 'top_ups' | 'tips' | 'referral_earnings' | 'other';

export const STATEMENT_LINE_LABELS: Record<StatementLineId, MessageDescriptor> = {
  sales: msg`Sales`,
  discounts: msg`Your discount codes`,
  refunds: msg`Refunds`,
  commission: msg`Commission`,
  fees: msg`Fees`,
  payouts: msg`Payouts`,
  purchases: msg`Purchases`,
  top_ups: msg`Wallet top-ups`,
  tips: msg`Tips`,
  referral_earnings: msg`Referral earnings`,
  other: msg`Other`,
};

/** Lines always printed, even at zero; the others only when something moved. */
const ALWAYS_SHOWN: ReadonlySet<StatementLineId> = new Set(['sales', 'refunds', 'commission', 'fees', 'payouts']);

/**
 * Which statement line a ledger transaction kind's movements go to. A kind not named here (a kind
 * added later, e.g. discount codes' kinds) lands on "Other", so nothing is lost and opening +
 * lines = closing still holds; give it its own line by adding it here and to the labels.
 * `escrow_release` is split: the farm's gross sale at its list prices on "Sales", the farm's own
 * discount codes on those orders on "Your discount codes" (decision 062: the buyer paid less; a
 * platform code's discount is the platform's, so the farm's sale is whole), the platform's part on
 * "Commission" (taken on what the farm received).
 */
export const STATEMENT_LINE_OF_KIND: Readonly<Record<string, StatementLineId>> = {
  escrow_release: 'sales',
  refund: 'refunds',
  weight_adjustment: 'refunds',
  provider_fee: 'fees',
  payout: 'payouts',
  payout_return: 'payouts',
  order_payment: 'purchases',
  top_up: 'top_ups',
  tip: 'tips',
  referral_earning: 'referral_earnings',
};

export interface StatementFigures {
  /** The available balance at the start of the month. */
  openingMinor: number;
  lines: Array<{ id: StatementLineId; amountMinor: number }>;
  /** The available balance at the end of the month, read from the ledger (equals opening + lines). */
  closingMinor: number;
}

/**
 * A seller's month from the ledger: the available balance before the month, the month's
 * movements of that account grouped by transaction kind, and the balance after. Sales are gross
 * (what reached the farm plus the commission taken in the same ledger transaction plus the farm's
 * own discounts on those orders), the discounts and commission are negative, so opening + sum(lines) = closing by construction of the double entry; the closing
 * balance is read separately and the service refuses a statement where they differ.
 */
export async function statementFigures(db: Db, userId: string, window: TimeWindow): Promise<StatementFigures> {
  const [openingMinor, movements, closingMinor] = await Promise.all([
    availableBalanceBefore(db, userId, window.from),
    statementMovements(db, userId, window),
    availableBalanceBefore(db, userId, window.until),
  ]);
  const amounts = new Map<StatementLineId, number>();
  const add = (id: StatementLineId, amount: number) => amounts.set(id, (amounts.get(id) ?? 0) + amount);
  for (const movement of movements) {
    const line = STATEMENT_LINE_OF_KIND[movement.kind] ?? 'other';
    if (line === 'sales') {
      add('sales', movement.availableChangeMinor + movement.commissionMinor + movement.farmDiscountMinor);
      add('discounts', -movement.farmDiscountMinor);
      add('commission', -movement.commissionMinor);
    } else {
      add(line, movement.availableChangeMinor);
    }
  }
  const order = Object.keys(STATEMENT_LINE_LABELS) as StatementLineId[];
  const lines = order.filter((id) => ALWAYS_SHOWN.has(id) || (amounts.get(id) ?? 0) !== 0).map((id) => ({ id, amountMinor: amounts.get(id) ?? 0 }));
  return { openingMinor, lines, closingMinor };
}
