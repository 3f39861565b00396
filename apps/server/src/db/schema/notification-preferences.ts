import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from './columns';
import { users } from './users';

/**
 * A person's notification choices (issue 25, decision 055): one row per category and channel that
 * differs from the default (defaultNotificationChoice in the contract), so a new category or a
 * changed default reaches everyone who never chose. Category and channel are checked by the API.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category, table.channel] }),
    check('notification_preferences_channel_valid', sql`${table.channel} in ('in_app', 'push', 'email')`),
  ],
);

export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;
