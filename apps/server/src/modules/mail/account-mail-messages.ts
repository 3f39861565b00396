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

/** Where an applicant reads their application's state (seller or agent). */
export function applicationLink(config: MailConfig, kind: 'seller' | 'agent'): string {
  return `${config.publicUrl}/${kind === 'seller' ? 'seller-application-status' : 'agent-application-status'}`;
}

/** A seller's (orange) or an agent's (green) application approved, or rejected with the admin's reason (category 'applications'). */
export function applicationDecidedMail(
  config: MailConfig,
  to: MailRecipient,
  decision: { kind: 'seller' | 'agent'; status: 'approved' | 'rejected'; displayName: string; reason: string | null },
): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const name = decision.displayName;
  const link = applicationLink(config, decision.kind);
  const approved = decision.status === 'approved';
  const seller = decision.kind === 'seller';
  const subject = seller
    ? approved
      ? i18n._(msg`Your seller application on ${{ appName }} was approved`)
      : i18n._(msg`Your seller application on ${{ appName }} was not approved`)
    : approved
      ? i18n._(msg`Your Pulse Agent application on ${{ appName }} was approved`)
      : i18n._(msg`Your Pulse Agent application on ${{ appName }} was not approved`);
  const paragraph = seller
    ? approved
      ? i18n._(msg`Welcome! ${{ name }} can now sell on ${{ appName }}. Switch to seller mode to add your products.`)
      : i18n._(msg`We could not approve the application for ${{ name }} this time. You can correct it and apply again.`)
    : approved
      ? i18n._(msg`Welcome, ${{ name }}! You are now a Pulse Agent. Open the agent dashboard to start.`)
      : i18n._(msg`We could not approve your Pulse Agent application this time. You can correct it and apply again.`);
  return {
    language: i18n.locale,
    appName,
    brand: seller ? 'seller' : 'buyer',
    subject,
    preview: paragraph,
    heading: approved ? i18n._(msg`Your application was approved`) : i18n._(msg`Your application was not approved`),
    paragraphs: [paragraph],
    details: !approved && decision.reason ? [{ label: i18n._(msg`Reason`), value: decision.reason }] : [],
    button: { label: i18n._(msg`See my application`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`You receive this mail because you applied on ${{ appName }}.`),
  };
}

/** The agent's delivery tasks page. */
export function tasksLink(config: MailConfig): string {
  return `${config.publicUrl}/logistics-tasks`;
}

/** A delivery task the agent took (assigned), or one they held that ended because its order was cancelled (released). Category 'deliveries'. */
export function deliveryTaskMail(
  config: MailConfig,
  to: MailRecipient,
  change: { kind: 'assigned' | 'released'; orderNumber: string; shopName: string; feeMinor: number; currency: string; windowStartsAt: Date | null; windowEndsAt: Date | null },
): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const number = change.orderNumber;
  const shopName = change.shopName;
  const fee = formatMoney(change.feeMinor, change.currency, i18n.locale);
  const link = tasksLink(config);
  const assigned = change.kind === 'assigned';
  const details = [
    { label: i18n._(msg`Farm`), value: shopName },
    { label: i18n._(msg`Delivery fee`), value: fee },
  ];
  if (assigned && change.windowStartsAt) {
    const day = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
    details.push({ label: i18n._(msg`Delivery window`), value: day.format(change.windowStartsAt) });
  }
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: assigned ? i18n._(msg`Delivery of order ${{ number }} is yours`) : i18n._(msg`Delivery of order ${{ number }} was called off`),
    preview: assigned ? i18n._(msg`Collect the order at ${{ shopName }} with its pickup code.`) : i18n._(msg`The order was cancelled: you no longer deliver it.`),
    heading: assigned ? i18n._(msg`A delivery is assigned to you`) : i18n._(msg`A delivery was called off`),
    paragraphs: [
      assigned
        ? i18n._(msg`You took the delivery of order ${{ number }}. Collect it at ${{ shopName }}: the farm checks the pickup code shown in your tasks. You earn ${{ fee }} once it is delivered.`)
        : i18n._(msg`Order ${{ number }} from ${{ shopName }} was cancelled, so its delivery is no longer yours. Nothing more to do.`),
    ],
    details,
    button: { label: i18n._(msg`Open my tasks`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`You receive this mail because you deliver for ${{ appName }}.`),
  };
}
