import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestampColumn } from './columns';
import { users } from './users';

/** One row per issued token (`jti`), so logout and suspension end a session on every process. */
export const sessions = pgTable(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    expiresAt: timestampColumn('expires_at').notNull(),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
