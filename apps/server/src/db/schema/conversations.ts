import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { uploads } from './uploads';
import { users } from './users';

/**
 * A conversation between exactly two users, optionally about a product or an order. The pair is
 * stored sorted (low id, high id) so "A with B" and "B with A" hit the same unique key.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    memberLowId: uuid('member_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberHighId: uuid('member_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'product' | 'order', or null for the general conversation of the pair. */
    subjectKind: text('subject_kind'),
    subjectId: uuid('subject_id'),
    /** Time of the newest message (or the creation); the list sorts by it. */
    lastActivityAt: timestampColumn('last_activity_at').notNull().defaultNow(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    // One conversation per pair per subject; the null subject counts as a subject of its own.
    unique('conversations_pair_subject_unique')
      .on(table.memberLowId, table.memberHighId, table.subjectKind, table.subjectId)
      .nullsNotDistinct(),
    check('conversations_pair_sorted', sql`${table.memberLowId} < ${table.memberHighId}`),
    check(
      'conversations_subject_complete',
      sql`(${table.subjectKind} is null and ${table.subjectId} is null) or (${table.subjectKind} in ('product', 'order') and ${table.subjectId} is not null)`,
    ),
    index('conversations_last_activity_idx').on(table.lastActivityAt, table.id),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: the member has never opened the conversation, so every message from others is unread. */
    lastReadAt: timestampColumn('last_read_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] }), index('conversation_members_user_idx').on(table.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Empty only when the message carries an image. */
    body: text('body').notNull(),
    imageUploadId: uuid('image_upload_id').references(() => uploads.id),
    /** The sender's Idempotency-Key: a retried send finds the stored message instead of adding one. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('messages_conversation_created_idx').on(table.conversationId, table.createdAt),
    uniqueIndex('messages_sender_idempotency_unique').on(table.conversationId, table.senderId, table.idempotencyKey),
    check('messages_body_length', sql`char_length(${table.body}) <= 4000`),
    check('messages_not_empty', sql`char_length(${table.body}) > 0 or ${table.imageUploadId} is not null`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
