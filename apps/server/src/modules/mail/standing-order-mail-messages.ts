import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { formatMoney } from '@pulse/contract/money';
import type { TProductUnit } from '@pulse/contract/products';
import type { Config } from '../../config';
import type { StandingCycleLeftOut } from '../../db/schema/standing-orders';
import { translatorFor } from '../../i18n/translator';
import { formatQuantity } from '../baskets/baskets-service';
import type { MailContent, MailDetail } from './mail-layout';
import type { MailRecipient } from './mail-messages';
import { orderLink } from './order-mail-messages';

type MailConfig = Pick<Config, 'appName' | 'publicUrl'>;

/** The cycle states told by mail; 'placed' is not: the order it made sends the order's receipt. */
export type StandingCycleMailStatus = 'upcoming' | 'partly_placed' | 'held_price' | 'held_funds' | 'skipped' | 'no_slot' | 'missed' | 'failed';

/** What a weekly basket's cycle mail shows, read in the cycle's transaction. */
export interface StandingCycleMailFacts {
  standingOrderId: string;
  shopName: string;
  currency: string;
  cycleDate: string;
  status: StandingCycleMailStatus;
  slotStartsAt: Date | null;
  cutoffAt: Date | null;
  /** The estimate (announced, held) or the order's total (partly placed). */
  totalMinor: number | null;
  orderId: string | null;
  /** The basket's lines (the announcement shows its contents). */
  lines: Array<{ title: string; unit: TProductUnit; quantity: number; priceMinor: number }>;
  leftOut: StandingCycleLeftOut[];
  /** How much the wallet lacks: for the announcement (top up before the cut-off) and a cycle held for money. */
  missingMinor: number | null;
  /** A failed cycle's reason in the buyer's words (already translated), if any. */
  reasonText: string | null;
}

/** The weekly basket's page in the web app, where Skip and the held cycle's Confirm are. */
export function standingOrderLink(config: MailConfig, standingOrderId: string): string {
  return `${config.publicUrl}/standing-orders/${standingOrderId}`;
}

function money(i18n: I18n, minor: number, currency: string): string {
  return formatMoney(minor, currency, i18n.locale);
}

/** A cycle's day as the buyer reads it ("Thu 3 Dec"); times are the market's (UTC). */
function dayText(i18n: I18n, day: string): string {
  return new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

function whenText(i18n: I18n, at: Date): string {
  return new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(at);
}

function leftOutReason(i18n: I18n, reason: StandingCycleLeftOut['reason']): string {
  switch (reason) {
    case 'unavailable':
      return i18n._(msg`not on sale this week`);
    case 'sold_out':
      return i18n._(msg`sold out`);
    case 'not_enough':
      return i18n._(msg`not enough left`);
  }
}

/** "Tomatoes, 2 kg: sold out", one line each. */
function leftOutDetails(i18n: I18n, leftOut: StandingCycleLeftOut[]): MailDetail[] {
  return leftOut.map((line) => ({ label: line.title, value: `${line.quantity} · ${leftOutReason(i18n, line.reason)}` }));
}

interface CycleText {
  subject: string;
  heading: string;
  paragraphs: string[];
}

function cycleText(i18n: I18n, facts: StandingCycleMailFacts): CycleText {
  const shopName = facts.shopName;
  const date = dayText(i18n, facts.cycleDate);
  const cutoff = facts.cutoffAt ? whenText(i18n, facts.cutoffAt) : date;
  const total = facts.totalMinor !== null ? money(i18n, facts.totalMinor, facts.currency) : null;
  const missing = facts.missingMinor !== null && facts.missingMinor > 0 ? money(i18n, facts.missingMinor, facts.currency) : null;
  switch (facts.status) {
    case 'upcoming': {
      const paragraphs = [
        total
          ? i18n._(msg`We will order your weekly basket from ${{ shopName }} for ${{ date }} and pay about ${{ total }} from your wallet before the farm's cut-off, ${{ cutoff }}.`)
          : i18n._(msg`We will order your weekly basket from ${{ shopName }} for ${{ date }} from your wallet before the farm's cut-off, ${{ cutoff }}.`),
        i18n._(msg`Not needed this week? Skip it on its page before then.`),
      ];
      if (missing) paragraphs.push(i18n._(msg`Your wallet is ${{ missing }} short: top up before ${{ cutoff }} so it can be ordered.`));
      return { subject: i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }}`), heading: i18n._(msg`Your weekly basket is coming`), paragraphs };
    }
    case 'partly_placed':
      return {
        subject: i18n._(msg`Your weekly basket for ${{ date }} was ordered without some items`),
        heading: i18n._(msg`Ordered, but not everything`),
        paragraphs: [
          i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} is ordered and paid (${{ total: total ?? '' }}). The farm could not give what is listed below this week; you were not charged for it.`),
        ],
      };
    case 'held_price':
      return {
        subject: i18n._(msg`Your weekly basket for ${{ date }} waits for your yes`),
        heading: i18n._(msg`A price rose above your limit`),
        paragraphs: [
          i18n._(msg`A price at ${{ shopName }} rose above the limit you set, so your weekly basket for ${{ date }} is not ordered yet.`),
          i18n._(msg`Open it and confirm today's prices before ${{ cutoff }}, or skip this week. Without your yes nothing is ordered or charged.`),
        ],
      };
    case 'held_funds':
      return {
        subject: i18n._(msg`Top up your wallet for your weekly basket of ${{ date }}`),
        heading: i18n._(msg`Your wallet is short`),
        paragraphs: [
          i18n._(msg`Your wallet is ${{ missing: missing ?? total ?? '' }} short for your weekly basket from ${{ shopName }} for ${{ date }}.`),
          i18n._(msg`Top up before ${{ cutoff }} and it is ordered; after that, this week is missed.`),
        ],
      };
    case 'skipped':
      return {
        subject: i18n._(msg`Your weekly basket for ${{ date }} is skipped`),
        heading: i18n._(msg`This week is skipped`),
        paragraphs: [i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} is skipped: nothing is ordered or charged that week.`)],
      };
    case 'no_slot':
      return {
        subject: i18n._(msg`No weekly basket from ${{ shopName }} on ${{ date }}`),
        heading: i18n._(msg`This week is skipped`),
        paragraphs: [i18n._(msg`${{ shopName }} has no delivery time for your weekly basket of ${{ date }}: that week is skipped and nothing is charged.`)],
      };
    case 'missed':
      return {
        subject: i18n._(msg`Your weekly basket for ${{ date }} was not ordered`),
        heading: i18n._(msg`This week was missed`),
        paragraphs: [i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} was still waiting at the cut-off, so it was not ordered. Nothing was charged.`)],
      };
    case 'failed':
      return {
        subject: i18n._(msg`Your weekly basket for ${{ date }} was not ordered`),
        heading: i18n._(msg`No order this week`),
        paragraphs: [
          facts.reasonText
            ? i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} could not be ordered: ${{ reason: facts.reasonText }} Nothing was charged.`)
            : i18n._(msg`Your weekly basket from ${{ shopName }} for ${{ date }} could not be ordered. Nothing was charged.`),
        ],
      };
  }
}

/** The buyer's mail of one cycle (category 'orders': their "orders" e-mail choice decides). */
export function standingCycleMail(config: MailConfig, to: MailRecipient, facts: StandingCycleMailFacts): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const text = cycleText(i18n, facts);
  const link = standingOrderLink(config, facts.standingOrderId);
  const details: MailDetail[] = [{ label: i18n._(msg`Farm`), value: facts.shopName }];
  if (facts.slotStartsAt) details.push({ label: i18n._(msg`Delivery or pickup`), value: whenText(i18n, facts.slotStartsAt) });
  if (facts.cutoffAt && (facts.status === 'upcoming' || facts.status === 'held_price' || facts.status === 'held_funds')) {
    details.push({ label: i18n._(msg`Cut-off`), value: whenText(i18n, facts.cutoffAt) });
  }
  const content: MailContent = {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: text.subject,
    preview: text.paragraphs[0] ?? text.heading,
    heading: text.heading,
    paragraphs: text.paragraphs,
    details: [...details, ...leftOutDetails(i18n, facts.leftOut)],
    button: { label: i18n._(msg`Open my weekly basket`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`You receive this mail because you have a weekly basket on ${{ appName }}.`),
  };
  if (facts.status === 'upcoming' && facts.lines.length > 0) {
    const lines = facts.lines.map((line) => ({
      name: line.title,
      detail: `${formatQuantity(line.quantity, line.unit)} × ${money(i18n, line.priceMinor, facts.currency)}`,
      amount: money(i18n, line.priceMinor * line.quantity, facts.currency),
    }));
    content.items = { lines, totals: facts.totalMinor !== null ? [{ label: i18n._(msg`Estimated total`), value: money(i18n, facts.totalMinor, facts.currency), strong: true }] : [] };
  }
  if (facts.status === 'partly_placed' && facts.orderId) {
    const order = orderLink(config, facts.orderId);
    content.after = [i18n._(msg`The order itself: ${{ order }}`), ...content.after];
  }
  return content;
}

/** The buyer's "your weekly basket is set" when they make one. */
export function standingOrderCreatedMail(
  config: MailConfig,
  to: MailRecipient,
  created: { standingOrderId: string; shopName: string; firstCycleDate: string; firstSlotStartsAt: Date | null },
): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const shopName = created.shopName;
  const date = dayText(i18n, created.firstCycleDate);
  const link = standingOrderLink(config, created.standingOrderId);
  const details: MailDetail[] = [{ label: i18n._(msg`Farm`), value: shopName }];
  if (created.firstSlotStartsAt) details.push({ label: i18n._(msg`First delivery or pickup`), value: whenText(i18n, created.firstSlotStartsAt) });
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`Your weekly basket from ${{ shopName }} is set`),
    preview: i18n._(msg`The first delivery is on ${{ date }}.`),
    heading: i18n._(msg`Your weekly basket is set`),
    paragraphs: [
      i18n._(msg`Your weekly basket from ${{ shopName }} is set. The first delivery is on ${{ date }}.`),
      i18n._(msg`We write a day before each cut-off, when you can still skip that week; each order is paid from your wallet.`),
    ],
    details,
    button: { label: i18n._(msg`Open my weekly basket`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`You receive this mail because you have a weekly basket on ${{ appName }}.`),
  };
}
