import { z } from 'zod';

/**
 * The kinds of event a person chooses how to hear about (issue 25, item 5): each may reach them in
 * the app (the bell), by push and by e-mail. Receipts and security mail are not among them: they
 * are always sent and carry no unsubscribe link.
 */
export const ZNotificationCategory = z.enum([
  /** A buyer's orders: accepted, ready, on its way, delivered, cancelled; refunds decided. */
  'orders',
  /** A farm's incoming orders: a new order to accept, a refund requested. */
  'shop_orders',
  /** An agent's delivery tasks: assigned, released. */
  'deliveries',
  /** Seller and agent applications decided. */
  'applications',
  /** Payouts that failed or came back (a payout sent is a receipt). */
  'payouts',
  /** New messages; by e-mail at most one daily digest of unread ones. */
  'messages',
  /** Pulse Hub: comments, replies, likes, tips, reports. */
  'hub',
  /** Announcements from the market's admins. */
  'announcements',
]);
export type TNotificationCategory = z.infer<typeof ZNotificationCategory>;

/** Mail that is always sent, whatever the preferences, with no unsubscribe link. */
export const ZAlwaysSentMail = z.enum(['receipt', 'security']);
export type TAlwaysSentMail = z.infer<typeof ZAlwaysSentMail>;

/** What a queued mail is, for preferences and unsubscribe: a category, or always sent. */
export type TMailCategory = TNotificationCategory | TAlwaysSentMail;

export const ZNotificationChannel = z.enum(['in_app', 'push', 'email']);
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;
