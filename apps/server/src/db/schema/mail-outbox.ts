import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { users } from './users';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The durable outbox (issue 25, decision 050): one row per mail, written in the transaction of the
 * event that causes it, sent by the worker. `next_attempt_at` is both the back-off and the claim:
 * a worker that takes a row moves it forward by the lease, so a crashed sender's row comes back.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    /** What kind of mail (password_reset, password_changed, verify_email...): for the admin list and tests. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The links in the mail, logged when mail goes to .eml files. */
    links: text('links').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The one-click unsubscribe address (RFC 8058) for mail a person may turn off: sent as the
     * List-Unsubscribe header. Null for receipts and security mail.
     */
    unsubscribeUrl: text('unsubscribe_url'),
    /**
     * What to attach, rendered at send time by the renderer registered for its kind
     * (mail-attachments.ts): `<kind>:<ref>@<language>`, e.g. `order_receipt:<orderId>@fr`. Null: none.
     */
    attachment: text('attachment'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampColumn('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    sentAt: timestampColumn('sent_at'),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    index('mail_outbox_status_created_idx').on(table.status, table.createdAt),
    check('mail_outbox_status_valid', sql`${table.status} in ('queued', 'sent', 'failed')`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
