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

/**
 * The channels each category offers at all. Pulse Hub sends no mail; everything else may reach a
 * person by all three.
 */
export const NOTIFICATION_CHANNELS_OFFERED: Readonly<Record<TNotificationCategory, readonly TNotificationChannel[]>> = {
  orders: ['in_app', 'push', 'email'],
  shop_orders: ['in_app', 'push', 'email'],
  deliveries: ['in_app', 'push', 'email'],
  applications: ['in_app', 'push', 'email'],
  payouts: ['in_app', 'push', 'email'],
  messages: ['in_app', 'push', 'email'],
  hub: ['in_app', 'push'],
  announcements: ['in_app', 'push', 'email'],
};

/**
 * What a person who never chose gets: everything offered is on, except announcements by e-mail (a
 * marketplace does not mail news unasked). Only choices that differ from these are stored.
 */
export function defaultNotificationChoice(category: TNotificationCategory, channel: TNotificationChannel): boolean {
  if (!NOTIFICATION_CHANNELS_OFFERED[category].includes(channel)) return false;
  return !(category === 'announcements' && channel === 'email');
}

/** One category's switches; null for a channel the category does not offer. */
export const ZNotificationCategoryChoices = z.object({
  category: ZNotificationCategory,
  in_app: z.boolean().nullable(),
  push: z.boolean().nullable(),
  email: z.boolean().nullable(),
});
export type TNotificationCategoryChoices = z.infer<typeof ZNotificationCategoryChoices>;

/** GET/PUT /api/account/notification-preferences: every category, plus the mail that is always sent. */
export const ZNotificationPreferencesResponse = z.object({
  categories: z.array(ZNotificationCategoryChoices),
  /** Receipts and security mail: always sent by e-mail, shown as on and not changeable. */
  always_sent: z.array(ZAlwaysSentMail),
});
export type TNotificationPreferencesResponse = z.infer<typeof ZNotificationPreferencesResponse>;

export const ZNotificationPreferenceChange = z.object({
  category: ZNotificationCategory,
  channel: ZNotificationChannel,
  enabled: z.boolean(),
});
export type TNotificationPreferenceChange = z.infer<typeof ZNotificationPreferenceChange>;

/** PUT body: the switches that changed (at most one per category and channel). */
export const ZUpdateNotificationPreferencesRequest = z.object({
  changes: z.array(ZNotificationPreferenceChange).min(1).max(24),
});
export type TUpdateNotificationPreferencesRequest = z.infer<typeof ZUpdateNotificationPreferencesRequest>;

/** The one-click unsubscribe link's token (signed; the server checks it). */
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(200) });

/** What the unsubscribe page shows before the button, and what the POST answers after. */
export const ZUnsubscribeResponse = z.object({
  category: ZNotificationCategory,
  /** Whether e-mail for this category is on now (false after the POST). */
  email: z.boolean(),
});
export type TUnsubscribeResponse = z.infer<typeof ZUnsubscribeResponse>;
