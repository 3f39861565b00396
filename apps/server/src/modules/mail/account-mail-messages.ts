import { msg } from '@lingui/core/runtime-macro';
import { translateContractMessage } from '@pulse/contract/messages-i18n';
import { formatMoney } from '@pulse/contract/money';
import type { Config } from '../../config';
import { translatorFor } from '../../i18n/translator';
import type { MailBrand, MailContent } from './mail-layout';
import type { MailRecipient } from './mail-messages';

type MailConfig = Pick<Config, 'appName' | 'publicUrl'>;

/** The wallet page of the web app: top-ups and payouts are listed there. */
export function walletLink(config: MailConfig): string {
  return `${config.publicUrl}/wallet`;
}

/** "GH₵25.00 added to your wallet": the receipt of a top-up (always sent: category 'receipt'). */
export function topUpReceivedMail(config: MailConfig, to: MailRecipient, top: { amountMinor: number; currency: string }): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const amount = formatMoney(top.amountMinor, top.currency, i18n.locale);
  const link = walletLink(config);
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`${{ amount }} added to your ${{ appName }} wallet`),
    preview: i18n._(msg`Your top-up of ${{ amount }} arrived in your wallet.`),
    heading: i18n._(msg`Your top-up arrived`),
    paragraphs: [i18n._(msg`${{ amount }} is now in your wallet, ready for your next order.`)],
    details: [{ label: i18n._(msg`Amount`), value: amount }],
    button: { label: i18n._(msg`Open my wallet`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`This is the receipt of a top-up of your ${{ appName }} wallet.`),
  };
}

/**
 * A payout's outcome to its farm (orange) or agent (green): sent (a receipt), or failed / reversed
 * with the reason, the money back in the wallet (category 'payouts').
 */
export function payoutDecidedMail(
  config: MailConfig,
  to: MailRecipient,
  brand: MailBrand,
  payout: { status: 'succeeded' | 'failed' | 'reversed'; amountMinor: number; currency: string; destination: string; failureReason: string | null },
): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const amount = formatMoney(payout.amountMinor, payout.currency, i18n.locale);
  const link = walletLink(config);
  const sent = payout.status === 'succeeded';
  const reason = payout.failureReason ? translateContractMessage(i18n, payout.failureReason) : null;
  const details = [
    { label: i18n._(msg`Amount`), value: amount },
    { label: i18n._(msg`To`), value: payout.destination },
  ];
  if (!sent && reason) details.push({ label: i18n._(msg`Reason`), value: reason });
  return {
    language: i18n.locale,
    appName,
    brand,
    subject: sent ? i18n._(msg`Your payout of ${{ amount }} was sent`) : i18n._(msg`Your payout of ${{ amount }} did not go through`),
    preview: sent ? i18n._(msg`${{ amount }} is on its way to ${{ destination: payout.destination }}.`) : i18n._(msg`${{ amount }} is back in your wallet.`),
    heading: sent ? i18n._(msg`Your payout was sent`) : i18n._(msg`Your payout did not go through`),
    paragraphs: [
      sent
        ? i18n._(msg`We sent ${{ amount }} to ${{ destination: payout.destination }}. It may take a little while to show on your account.`)
        : i18n._(msg`Your payout of ${{ amount }} could not be completed, so the money is back in your wallet. Check your payout details and try again.`),
    ],
    details,
    button: { label: i18n._(msg`Open my wallet`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: sent ? i18n._(msg`This is the receipt of a payout from your ${{ appName }} wallet.`) : i18n._(msg`You receive this mail about a payout from your ${{ appName }} wallet.`),
  };
}
