import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';
import { users } from './users';

/**
 * When each person last got the daily digest of unread messages (issue 25): a process claims a
 * person's digest with one conditional upsert on this row, so several processes send it once, and
 * never twice within a day.
 */
export const mailDigests = pgTable('mail_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastDigestAt: timestampColumn('last_digest_at').notNull(),
});

export type MailDigestRow = typeof mailDigests.$inferSelect;
