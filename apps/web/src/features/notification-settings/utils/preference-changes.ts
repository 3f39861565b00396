import type {
  TNotificationCategory,
  TNotificationCategoryChoices,
  TNotificationChannel,
  TNotificationPreferenceChange,
} from '@pulse/contract/notification-preferences';

export const CHANNELS: readonly TNotificationChannel[] = ['in_app', 'push', 'email'];

/** The switches the person moved on the page, by `category:channel`. */
export type Draft = Partial<Record<`${TNotificationCategory}:${TNotificationChannel}`, boolean>>;

/** What Save sends: the moved switches that now differ from what the server has (none moved back, none not offered). */
export function changesOf(categories: readonly TNotificationCategoryChoices[], draft: Draft): TNotificationPreferenceChange[] {
  const changes: TNotificationPreferenceChange[] = [];
  for (const row of categories) {
    for (const channel of CHANNELS) {
      const wanted = draft[`${row.category}:${channel}`];
      if (wanted !== undefined && row[channel] !== null && wanted !== row[channel]) changes.push({ category: row.category, channel, enabled: wanted });
    }
  }
  return changes;
}
