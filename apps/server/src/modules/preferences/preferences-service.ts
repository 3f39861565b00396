import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { and, eq } from 'drizzle-orm';
import {
  defaultNotificationChoice,
  NOTIFICATION_CHANNELS_OFFERED,
  ZAlwaysSentMail,
  ZNotificationCategory,
  type TNotificationCategory,
  type TNotificationChannel,
  type TNotificationPreferenceChange,
  type TNotificationPreferencesResponse,
} from '@pulse/contract/notification-preferences';
import type { TNotificationSource, TNotificationType } from '@pulse/contract/notifications';
import type { Db } from '../../db/client';
import { notificationPreferences } from '../../db/schema/notification-preferences';
import { InvalidError } from '../../errors/domain-errors';

export const CHANNEL_NOT_OFFERED_MESSAGE = contractMessage(msg`This kind of notification is not sent on that channel.`);
export const DUPLICATE_CHANGE_MESSAGE = contractMessage(msg`Each switch may be changed once per request.`);

/** The switches of one category: on or off per channel (off for a channel it does not offer). */
export type CategoryChannels = Record<TNotificationChannel, boolean>;

/**
 * Which category a notification belongs to, for the person's choices: by its type, Hub's all under
 * "hub"; an order update is "orders" unless the caller says it went to the farm ("shop_orders").
 */
export function categoryOfNotification(type: TNotificationType, source: TNotificationSource): TNotificationCategory {
  if (source === 'pulse_hub') return 'hub';
  switch (type) {
    case 'order_update':
    case 'standing_order_update':
      return 'orders';
    case 'application_update':
      return 'applications';
    case 'delivery_update':
      return 'deliveries';
    case 'payout_sent':
    case 'payout_failed':
    case 'payout_returned':
      return 'payouts';
    case 'new_message':
      return 'messages';
    case 'post_comment':
    case 'comment_reply':
    case 'like':
    case 'tip':
    case 'report':
      return 'hub';
    case 'announcement':
      return 'announcements';
  }
}

/** The person's switches for one category: their stored choices over the defaults. */
export async function channelsFor(db: Db, userId: string, category: TNotificationCategory): Promise<CategoryChannels> {
  const rows = await db
    .select({ channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.category, category)));
  const offered = NOTIFICATION_CHANNELS_OFFERED[category];
  const result: CategoryChannels = {
    in_app: defaultNotificationChoice(category, 'in_app'),
    push: defaultNotificationChoice(category, 'push'),
    email: defaultNotificationChoice(category, 'email'),
  };
  for (const row of rows) {
    const channel = row.channel as TNotificationChannel;
    if (offered.includes(channel)) result[channel] = row.enabled;
  }
  return result;
}

/** Every category with its switches (null where not offered), and the mail that is always sent. */
export async function getNotificationPreferences(db: Db, userId: string): Promise<TNotificationPreferencesResponse> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.map((row) => [`${row.category}:${row.channel}`, row.enabled]));
  const choice = (category: TNotificationCategory, channel: TNotificationChannel): boolean | null =>
    NOTIFICATION_CHANNELS_OFFERED[category].includes(channel)
      ? (stored.get(`${category}:${channel}`) ?? defaultNotificationChoice(category, channel))
      : null;
  return {
    categories: ZNotificationCategory.options.map((category) => ({
      category,
      in_app: choice(category, 'in_app'),
      push: choice(category, 'push'),
      email: choice(category, 'email'),
    })),
    always_sent: [...ZAlwaysSentMail.options],
  };
}

/**
 * Applies the changed switches in one transaction: a choice equal to the default removes the row,
 * any other is stored. A channel the category does not offer, or the same switch twice, is refused
 * and nothing changes.
 */
export async function updateNotificationPreferences(db: Db, userId: string, changes: TNotificationPreferenceChange[]): Promise<TNotificationPreferencesResponse> {
  const seen = new Set<string>();
  for (const [index, change] of changes.entries()) {
    const key = `${change.category}:${change.channel}`;
    if (!NOTIFICATION_CHANNELS_OFFERED[change.category].includes(change.channel)) {
      throw new InvalidError(CHANNEL_NOT_OFFERED_MESSAGE, { [`changes.${index}.channel`]: CHANNEL_NOT_OFFERED_MESSAGE });
    }
    if (seen.has(key)) throw new InvalidError(DUPLICATE_CHANGE_MESSAGE, { [`changes.${index}`]: DUPLICATE_CHANGE_MESSAGE });
    seen.add(key);
  }
  await db.transaction(async (tx) => {
    for (const change of changes) await setChoice(tx, userId, change);
  });
  return getNotificationPreferences(db, userId);
}

/** Stores one switch (or removes the row when it is back to the default). */
export async function setChoice(db: Db, userId: string, change: TNotificationPreferenceChange): Promise<void> {
  const where = and(
    eq(notificationPreferences.userId, userId),
    eq(notificationPreferences.category, change.category),
    eq(notificationPreferences.channel, change.channel),
  );
  if (change.enabled === defaultNotificationChoice(change.category, change.channel)) {
    await db.delete(notificationPreferences).where(where);
    return;
  }
  await db
    .insert(notificationPreferences)
    .values({ userId, category: change.category, channel: change.channel, enabled: change.enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category, notificationPreferences.channel],
      set: { enabled: change.enabled, updatedAt: new Date() },
    });
}
