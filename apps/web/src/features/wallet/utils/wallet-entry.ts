import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { formatMoney } from '../../../lib/format';
import type { TLedgerTransactionKind, TWalletEntry } from '@pulse/contract/wallet';

/** History row titles; render with i18n._(). */
export const WALLET_KIND_LABELS: Readonly<Record<TLedgerTransactionKind, MessageDescriptor>> = {
  top_up: msg`Top-up`,
  order_payment: msg`Order payment`,
  escrow_release: msg`Payment released`,
  refund: msg`Refund`,
  weight_adjustment: msg`Weight adjustment`,
  payout: msg`Payout`,
  tip: msg`Tip`,
  referral_earning: msg`Referral earning`,
  provider_fee: msg`Payment fee`,
  payout_return: msg`Payout returned`,
  platform_discount: msg`Pulse Market discount`,
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
function paymentDetail(payment: NonNullable<TWalletEntry['payment']>, paidMinor: number, currency: string): MessageDescriptor {
  switch (payment.status) {
    case 'held': {
      // Short on a phone: the amount only when part of the payment has already moved on or back.
      const amount = formatMoney(payment.heldMinor, currency);
      return payment.heldMinor === paidMinor ? msg`Held until delivery` : msg`${amount} held until delivery`;
    }
    case 'paid': {
      const paid = formatMoney(payment.paidMinor, currency);
      return payment.refundedMinor > 0 ? msg`${paid} paid to the farm` : msg`Paid to the farm`;
    }
    case 'refunded':
      return msg`Refunded to your wallet`;
  }
}

/**
 * How one movement reads in the history: the change of the available balance first; a payment that
 * only moved money into escrow says so ("held until delivery") rather than showing a loss, and
 * later where that money went ("Paid to the farm", "Refunded to your wallet").
 */
export function describeWalletEntry(entry: TWalletEntry, currency: string, i18n: I18n): { amount: string; tone: EntryTone; detail: string | null } {
  const { availableChangeMinor: available, escrowChangeMinor: escrow } = entry;
  if (entry.payment) return { amount: formatSignedMoney(available, currency), tone: 'out', detail: i18n._(paymentDetail(entry.payment, -available, currency)) };
  if (available === 0 && escrow !== 0) {
    return { amount: formatSignedMoney(escrow, currency), tone: 'held', detail: i18n._(escrow > 0 ? msg`Into escrow` : msg`Out of escrow`) };
  }
  const amount = formatMoney(Math.abs(escrow), currency);
  const detail = escrow > 0 ? i18n._(msg`${amount} held until delivery`) : escrow < 0 ? i18n._(msg`${amount} back from escrow`) : null;
  return { amount: formatSignedMoney(available, currency), tone: available > 0 ? 'in' : available < 0 ? 'out' : 'held', detail };
}
