import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';

export const LOCAL_PROVIDER = 'local';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** Null for accounts that only sign in through an OpenID Connect provider. */
    passwordHash: text('password_hash'),
    /** `local`, or `oidc:<issuer host>` for accounts created through single sign-on. */
    provider: text('provider').notNull().default(LOCAL_PROVIDER),
    providerId: text('provider_id'),
    roles: text('roles').array().notNull().default(sql`'{buyer}'::text[]`),
    profilePictureUrl: text('profile_picture_url'),
    bio: text('bio'),
    profession: text('profession'),
    isLegacyCreator: boolean('is_legacy_creator').notNull().default(false),
    /** Set while an admin has suspended the account: no sign-in, every session refused. */
    suspendedAt: timestampColumn('suspended_at'),
    suspensionReason: text('suspension_reason'),
    /** 'en', 'fr' or 'ak': what notifications, push and e-mails are written in; null until first chosen. */
    language: text('language'),
    /** When the person followed the link of a verification mail (or their sign-on provider vouched); null: not yet. */
    emailVerifiedAt: timestampColumn('email_verified_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    // "Alice" and "alice" are the same person to other users, so the name is unique ignoring case.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_provider_provider_id_unique').on(table.provider, table.providerId),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
