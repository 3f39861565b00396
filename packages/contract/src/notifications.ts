import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';

/** Which app a notification belongs to; each has its own unread count (spec §4). */
export const ZNotificationSource = z.enum(['pulse_hub', 'marketplace']);
export type TNotificationSource = z.infer<typeof ZNotificationSource>;

/** Pulse Hub types come from the spec (§3); the marketplace ones from the product design. */
export const ZNotificationType = z.enum([
  'post_comment',
  'comment_reply',
  'like',
  'tip',
  'report',
  'new_message',
  'order_update',
  'application_update',
  'delivery_update',
  'announcement',
  'payout_sent',
  'payout_failed',
  'payout_returned',
  /** A weekly basket's news (decision 064): created, a cycle announced, placed, held, skipped; opens /standing-orders/{id}. */
  'standing_order_update',
]);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/**
 * Toast and system-notification titles by type (spec §4 for the Hub types), in English; show them with
 * `translateContractMessage(i18n, title)` (./messages-i18n).
 */
export const notificationTitles: Readonly<Record<TNotificationType, string>> = {
  post_comment: contractMessage(msg`New Comment`),
  comment_reply: contractMessage(msg`New Reply`),
  like: contractMessage(msg`New Like`),
  tip: contractMessage(msg`New Tip`),
  report: contractMessage(msg`New Report`),
  new_message: contractMessage(msg`New Message`),
  order_update: contractMessage(msg`Order Update`),
  application_update: contractMessage(msg`Application Update`),
  delivery_update: contractMessage(msg`Delivery Update`),
  announcement: contractMessage(msg`Announcement`),
  payout_sent: contractMessage(msg`Payout Sent`),
  payout_failed: contractMessage(msg`Payout Failed`),
  payout_returned: contractMessage(msg`Payout Returned`),
  standing_order_update: contractMessage(msg`Weekly Basket`),
};

export const ZNotification = z.object({
  id: ZId,
  type: ZNotificationType,
  source: ZNotificationSource,
  message: z.string(),
  content_type: z.string().nullable(),
  related_entity_id: z.string().nullable(),
  read: z.boolean(),
  created_at: z.iso.datetime(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** What a module hands to `notify()`; a retried event reuses its idempotency key and is stored once. */
export const ZNotifyInput = z.object({
  type: ZNotificationType,
  source: ZNotificationSource,
  message: z.string().trim().min(1).max(2000),
  content_type: z.string().max(100).nullable().default(null),
  related_entity_id: z.string().max(200).nullable().default(null),
  idempotencyKey: z.string().min(1).max(200),
});
export type TNotifyInput = z.input<typeof ZNotifyInput>;

export const notificationPageDefaults = { page: 1, limit: 10, maxLimit: 50 } as const;

export const ZListNotificationsQuery = z.object({
  page: z.coerce
    .number({ message: contractMessage(msg`Must be a whole number of 1 or more`) })
    .int({ message: contractMessage(msg`Must be a whole number of 1 or more`) })
    .min(1, { message: contractMessage(msg`Must be a whole number of 1 or more`) })
    .default(notificationPageDefaults.page),
  limit: z.coerce
    .number({ message: contractMessage(msg`Must be a whole number from 1 to 50`) })
    .int({ message: contractMessage(msg`Must be a whole number from 1 to 50`) })
    .min(1, { message: contractMessage(msg`Must be a whole number from 1 to 50`) })
    .max(notificationPageDefaults.maxLimit, { message: contractMessage(msg`Must be a whole number from 1 to 50`) })
    .default(notificationPageDefaults.limit),
  source: ZNotificationSource.optional(),
});
export type TListNotificationsQuery = z.input<typeof ZListNotificationsQuery>;

/** One page, newest first; `unread` counts all of the caller's unread ones (within `source` if given). */
export const ZListNotificationsResponse = z.object({
  items: z.array(ZNotification),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type TListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;

export const ZReadAllNotificationsQuery = z.object({ source: ZNotificationSource.optional() });
export type TReadAllNotificationsQuery = z.infer<typeof ZReadAllNotificationsQuery>;

export const ZMarkNotificationReadResponse = ZNotification;
export type TMarkNotificationReadResponse = TNotification;

export const ZReadAllNotificationsResponse = z.object({ updated: z.number().int().nonnegative() });
export type TReadAllNotificationsResponse = z.infer<typeof ZReadAllNotificationsResponse>;
