import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { users } from './users';

export const notificationSource = pgEnum('notification_source', ['pulse_hub', 'marketplace']);

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    source: notificationSource('source').notNull(),
    message: text('message').notNull(),
    contentType: text('content_type'),
    relatedEntityId: text('related_entity_id'),
    readAt: timestampColumn('read_at'),
    createdAt: createdAtColumn(),
    /** Lets a retried event create its notification once. */
    idempotencyKey: text('idempotency_key'),
    /**
     * Kept only so a retried event stays one notification: the person turned in-app off for its
     * category (decision 055). Stored read, never listed.
     */
    hidden: boolean('hidden').notNull().default(false),
  },
  (table) => [
    uniqueIndex('notifications_user_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('notifications_user_unread_idx')
      .on(table.userId, table.source)
      .where(sql`${table.readAt} is null`),
  ],
);
