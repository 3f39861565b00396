import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { formatMoney } from '@pulse/contract/money';

/**
 * What the buyer reads when money paid at checkout could not pay its orders and stayed in the
 * wallet: written in the buyer's language, the amount in its format ("GH₵54.20", "54,20 GH₵").
 * `lapsed`: the orders expired (or were cancelled) before the money arrived; otherwise they were
 * paid from the wallet meanwhile.
 */
export function moneyKeptInWalletText(amountMinor: number, currency: string, lapsed: boolean): (i18n: I18n) => string {
  return (i18n) => {
    const amount = formatMoney(amountMinor, currency, i18n.locale);
    return lapsed
      ? i18n._(msg`Your payment of ${{ amount }} arrived after your order expired. It is in your wallet.`)
      : i18n._(msg`Your payment of ${{ amount }} is in your wallet: your order was already paid.`);
  };
}
