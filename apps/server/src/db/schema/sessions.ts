import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * When the session ends unless it is used again: the newest token's `exp`, or for a session kept
     * signed in (decision 051) the last activity plus KEEP_SIGNED_IN_DAYS.
     */
    expiresAt: timestampColumn('expires_at').notNull(),
    revokedAt: timestampColumn('revoked_at'),
    /** "Keep me signed in": a renewal cookie may bring the session back to a new tab (decision 051). */
    keepSignedIn: boolean('keep_signed_in').notNull().default(false),
    /** The browser's User-Agent at sign-in, cut to 512 characters; the account page names the device from it. */
    userAgent: text('user_agent'),
    /** Sign-in and every renewal (about every half token lifetime while the session is used). */
    lastActiveAt: timestampColumn('last_active_at').notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
