import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { users } from './users';

/**
 * E-mail links (issue 25, decision 053): `verify` confirms the account's address, `change` confirms
 * a new address (`new_email`) before it replaces the old one. Only the SHA-256 of the token is kept;
 * a token works once (`used_at`) until `expires_at`.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address to confirm: the account's own for `verify`, the asked-for one for `change`. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('email_tokens_hash_unique').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId),
    check('email_tokens_purpose', sql`${table.purpose} in ('verify', 'change')`),
  ],
);

export type EmailTokenRow = typeof emailTokens.$inferSelect;
