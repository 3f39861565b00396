import { formatMoney } from '../../../lib/format';
import type { TLedgerTransactionKind, TWalletEntry } from '@pulse/contract/wallet';

export const WALLET_KIND_LABELS: Readonly<Record<TLedgerTransactionKind, string>> = {
  top_up: 'Top-up',
  order_payment: 'Order payment',
  escrow_release: 'Payment released',
  refund: 'Refund',
  weight_adjustment: 'Weight adjustment',
  payout: 'Payout',
  tip: 'Tip',
  referral_earning: 'Referral earning',
};

/** "+$10.00", "−$4.50", "$0.00": the sign a bank statement would show. */
export function formatSignedMoney(minor: number, currency: string): string {
  if (minor === 0) return formatMoney(0, currency);
  return `${minor > 0 ? '+' : '−'}${formatMoney(Math.abs(minor), currency)}`;
}

export type EntryTone = 'in' | 'out' | 'held';

/**
 * Where an order payment's money is now (decision 037): the one line of the order says it, so
 * the farm being paid never reads as a second charge.
 */
function paymentDetail(payment: NonNullable<TWalletEntry['payment']>, paidMinor: number, currency: string): string {
  switch (payment.status) {
    case 'held':
      // Short on a phone: the amount only when part of the payment has already moved on or back.
      return payment.heldMinor === paidMinor ? 'Held until delivery' : `${formatMoney(payment.heldMinor, currency)} held until delivery`;
    case 'paid':
      return payment.refundedMinor > 0 ? `${formatMoney(payment.paidMinor, currency)} paid to the farm` : 'Paid to the farm';
    case 'refunded':
      return 'Refunded to your wallet';
  }
}

/**
 * How one movement reads in the history: the change of the available balance first; a payment that
 * only moved money into escrow says so ("held until delivery") rather than showing a loss, and
 * later where that money went ("Paid to the farm", "Refunded to your wallet").
 */
export function describeWalletEntry(entry: TWalletEntry, currency: string): { amount: string; tone: EntryTone; detail: string | null } {
  const { availableChangeMinor: available, escrowChangeMinor: escrow } = entry;
  if (entry.payment) return { amount: formatSignedMoney(available, currency), tone: 'out', detail: paymentDetail(entry.payment, -available, currency) };
  if (available === 0 && escrow !== 0) {
    return { amount: formatSignedMoney(escrow, currency), tone: 'held', detail: escrow > 0 ? 'Into escrow' : 'Out of escrow' };
  }
  const detail =
    escrow > 0 ? `${formatMoney(escrow, currency)} held until delivery` : escrow < 0 ? `${formatMoney(-escrow, currency)} back from escrow` : null;
  return { amount: formatSignedMoney(available, currency), tone: available > 0 ? 'in' : available < 0 ? 'out' : 'held', detail };
}
