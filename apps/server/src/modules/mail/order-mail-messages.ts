import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { formatMoney } from '@pulse/contract/money';
import type { TFulfilment } from '@pulse/contract/orders';
import type { TProductUnit } from '@pulse/contract/products';
import type { Config } from '../../config';
import { translatorFor } from '../../i18n/translator';
import { formatQuantity } from '../baskets/baskets-service';
import type { MailContent, MailDetail } from './mail-layout';
import type { MailRecipient } from './mail-messages';

type MailConfig = Pick<Config, 'appName' | 'publicUrl'>;

/** What the order mails say about one order, read in the transaction of the change. */
export interface OrderMailFacts {
  orderId: string;
  shopName: string;
  buyerName: string;
  fulfilment: TFulfilment;
  currency: string;
  items: Array<{ title: string; unit: TProductUnit; quantity: number; unitPriceMinor: number; lineTotalMinor: number }>;
  subtotalMinor: number;
  deliveryFeeMinor: number;
  totalMinor: number;
  confirmationCode: string;
  slotStartsAt: Date | null;
  slotEndsAt: Date | null;
  /** Pickup: the farm's place ("Green Valley Farm, Ashanti"); null for delivery. */
  pickupPlace: string | null;
  /** Delivery: the address the buyer gave, on one line; null for pickup. */
  deliveryAddress: string | null;
}

/** The order's page in the web app (the buyer's and the farm's: one route, /order/:orderId). */
export function orderLink(config: MailConfig, orderId: string): string {
  return `${config.publicUrl}/order/${orderId}`;
}

/** The number people read on the order page: the id's last 8 characters. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}

function money(i18n: I18n, minor: number, currency: string): string {
  return formatMoney(minor, currency, i18n.locale);
}

/** "Tue 3 Dec, 09:00 – 12:00" in the recipient's language (times are the market's, UTC). */
function formatWindow(i18n: I18n, startsAt: Date | null, endsAt: Date | null): string | null {
  if (!startsAt) return null;
  const day = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  return endsAt ? `${day.format(startsAt)}, ${time.format(startsAt)} – ${time.format(endsAt)}` : `${day.format(startsAt)}, ${time.format(startsAt)}`;
}

function itemsOf(i18n: I18n, facts: OrderMailFacts): NonNullable<MailContent['items']> {
  const lines = facts.items.map((item) => ({
    name: item.title,
    detail: `${formatQuantity(item.quantity, item.unit)} × ${money(i18n, item.unitPriceMinor, facts.currency)}`,
    amount: money(i18n, item.lineTotalMinor, facts.currency),
  }));
  const totals: NonNullable<MailContent['items']>['totals'] = [{ label: i18n._(msg`Subtotal`), value: money(i18n, facts.subtotalMinor, facts.currency) }];
  if (facts.fulfilment === 'delivery') totals.push({ label: i18n._(msg`Delivery fee`), value: money(i18n, facts.deliveryFeeMinor, facts.currency) });
  totals.push({ label: i18n._(msg`Total`), value: money(i18n, facts.totalMinor, facts.currency), strong: true });
  return { lines, totals };
}

/** Where and when: the pickup place and time, or the delivery address and window. */
function whereAndWhen(i18n: I18n, facts: OrderMailFacts): MailDetail[] {
  const details: MailDetail[] = [];
  const window = formatWindow(i18n, facts.slotStartsAt, facts.slotEndsAt);
  if (facts.fulfilment === 'pickup') {
    if (facts.pickupPlace) details.push({ label: i18n._(msg`Pickup at`), value: facts.pickupPlace });
    if (window) details.push({ label: i18n._(msg`Pickup time`), value: window });
  } else {
    if (facts.deliveryAddress) details.push({ label: i18n._(msg`Delivery to`), value: facts.deliveryAddress });
    if (window) details.push({ label: i18n._(msg`Delivery window`), value: window });
  }
  return details;
}

/** The buyer's receipt, once the order is paid (always sent: category 'receipt'). */
export function orderPlacedMail(config: MailConfig, to: MailRecipient, facts: OrderMailFacts): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const number = orderNumber(facts.orderId);
  const shopName = facts.shopName;
  const total = money(i18n, facts.totalMinor, facts.currency);
  const link = orderLink(config, facts.orderId);
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`Your order ${{ number }} from ${{ shopName }}`),
    preview: i18n._(msg`Paid ${{ total }}. Your confirmation code is ${{ code: facts.confirmationCode }}.`),
    heading: i18n._(msg`Thank you for your order`),
    paragraphs: [i18n._(msg`You paid ${{ total }} from your wallet for order ${{ number }}. ${{ shopName }} will accept it soon; we will write when it is ready.`)],
    items: itemsOf(i18n, facts),
    details: [
      { label: i18n._(msg`Farm`), value: shopName },
      ...whereAndWhen(i18n, facts),
      { label: i18n._(msg`Confirmation code`), value: facts.confirmationCode },
    ],
    button: { label: i18n._(msg`View my order`), url: link },
    after: [
      i18n._(msg`Give the confirmation code only when you receive your goods.`),
      i18n._(msg`If the button does not work, open this address: ${{ link }}`),
    ],
    footer: i18n._(msg`This is the receipt of an order you placed on ${{ appName }}.`),
  };
}

/** The farm's "new order to accept" (orange, category 'shop_orders'). */
export function farmNewOrderMail(config: MailConfig, to: MailRecipient, facts: OrderMailFacts): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const number = orderNumber(facts.orderId);
  const buyer = facts.buyerName;
  const total = money(i18n, facts.totalMinor, facts.currency);
  const link = orderLink(config, facts.orderId);
  return {
    language: i18n.locale,
    appName,
    brand: 'seller',
    subject: i18n._(msg`New order ${{ number }} to accept`),
    preview: i18n._(msg`${{ buyer }} paid ${{ total }}. Accept the order so they know it is coming.`),
    heading: i18n._(msg`You have a new order`),
    paragraphs: [i18n._(msg`${{ buyer }} ordered from your farm and paid ${{ total }}. The money is held until the order is delivered. Accept it, or cancel it if you cannot fulfil it.`)],
    items: itemsOf(i18n, facts),
    details: whereAndWhen(i18n, facts),
    button: { label: i18n._(msg`Open the order`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`You receive this mail because your farm sells on ${{ appName }}.`),
  };
}

/** The order statuses the buyer hears about by mail, and the farm's refund requested. */
export type OrderStatusMailKind =
  | 'order_accepted'
  | 'order_ready'
  | 'order_in_transit'
  | 'order_delivered'
  | 'order_cancelled'
  | 'refund_approved'
  | 'refund_rejected'
  | 'refund_requested'
  | 'farm_order_cancelled';

interface StatusText {
  subject: string;
  heading: string;
  paragraph: string;
}

function statusText(i18n: I18n, kind: OrderStatusMailKind, facts: OrderMailFacts, reason: string | null, refundedMinor: number): StatusText {
  const number = orderNumber(facts.orderId);
  const shopName = facts.shopName;
  const buyer = facts.buyerName;
  const refunded = money(i18n, refundedMinor, facts.currency);
  switch (kind) {
    case 'order_accepted':
      return {
        subject: i18n._(msg`${{ shopName }} accepted your order ${{ number }}`),
        heading: i18n._(msg`Your order was accepted`),
        paragraph: i18n._(msg`${{ shopName }} accepted your order and is preparing it.`),
      };
    case 'order_ready':
      return facts.fulfilment === 'pickup'
        ? {
            subject: i18n._(msg`Your order ${{ number }} is ready for pickup`),
            heading: i18n._(msg`Your order is ready for pickup`),
            paragraph: i18n._(msg`${{ shopName }} has your order ready. Bring your confirmation code: ${{ code: facts.confirmationCode }}.`),
          }
        : {
            subject: i18n._(msg`Your order ${{ number }} is ready`),
            heading: i18n._(msg`Your order is ready`),
            paragraph: i18n._(msg`${{ shopName }} has your order ready; it leaves with the delivery soon.`),
          };
    case 'order_in_transit':
      return {
        subject: i18n._(msg`Your order ${{ number }} is on its way`),
        heading: i18n._(msg`Your order is on its way`),
        paragraph: i18n._(msg`Your order from ${{ shopName }} is on its way. Give your confirmation code ${{ code: facts.confirmationCode }} when you receive it.`),
      };
    case 'order_delivered':
      return {
        subject: i18n._(msg`Your order ${{ number }} was delivered`),
        heading: i18n._(msg`Your order was delivered`),
        paragraph: i18n._(msg`Your order from ${{ shopName }} was handed over. If something is wrong, ask for a refund from the order page.`),
      };
    case 'order_cancelled':
      return {
        subject: i18n._(msg`Your order ${{ number }} was cancelled`),
        heading: i18n._(msg`Your order was cancelled`),
        paragraph:
          refundedMinor > 0
            ? i18n._(msg`Your order from ${{ shopName }} was cancelled. ${{ refunded }} is back in your wallet.`)
            : i18n._(msg`Your order from ${{ shopName }} was cancelled.`),
      };
    case 'refund_approved':
      return {
        subject: i18n._(msg`Your refund for order ${{ number }} was approved`),
        heading: i18n._(msg`Your refund was approved`),
        paragraph: i18n._(msg`${{ refunded }} for your order from ${{ shopName }} is back in your wallet.`),
      };
    case 'refund_rejected':
      return {
        subject: i18n._(msg`Your refund for order ${{ number }} was refused`),
        heading: i18n._(msg`Your refund was refused`),
        paragraph: i18n._(msg`Your refund request for your order from ${{ shopName }} was refused.`),
      };
    case 'farm_order_cancelled':
      return {
        subject: i18n._(msg`Order ${{ number }} was cancelled`),
        heading: i18n._(msg`An order was cancelled`),
        paragraph: i18n._(msg`The order ${{ number }} from ${{ buyer }} was cancelled: do not prepare it. The buyer's money went back to them.`),
      };
    case 'refund_requested':
      return {
        subject: i18n._(msg`Refund requested for order ${{ number }}`),
        heading: i18n._(msg`A buyer asks for a refund`),
        paragraph: i18n._(msg`${{ buyer }} asks for a refund of order ${{ number }}. Approve it, or contest it from the order page.`),
      };
  }
}

/**
 * A status mail about one order: to the buyer (green, category 'orders'), or the farm's refund
 * requested or order cancelled (orange, 'shop_orders'). `reason`: the cancellation's, the refusal's or the request's.
 */
export function orderStatusMail(
  config: MailConfig,
  to: MailRecipient,
  kind: OrderStatusMailKind,
  facts: OrderMailFacts,
  options: { reason?: string | null; refundedMinor?: number } = {},
): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const reason = options.reason?.trim() ? options.reason.trim() : null;
  const text = statusText(i18n, kind, facts, reason, options.refundedMinor ?? 0);
  const link = orderLink(config, facts.orderId);
  const toFarm = kind === 'refund_requested' || kind === 'farm_order_cancelled';
  const details: MailDetail[] = [];
  if (reason) details.push({ label: i18n._(msg`Reason`), value: reason });
  if (kind === 'order_accepted' || kind === 'order_ready') details.push(...whereAndWhen(i18n, facts));
  return {
    language: i18n.locale,
    appName,
    brand: toFarm ? 'seller' : 'buyer',
    subject: text.subject,
    preview: text.paragraph,
    heading: text.heading,
    paragraphs: [text.paragraph],
    details,
    button: { label: i18n._(msg`Open the order`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: toFarm ? i18n._(msg`You receive this mail because your farm sells on ${{ appName }}.`) : i18n._(msg`You receive this mail about an order you placed on ${{ appName }}.`),
  };
}
