import type { TAssistantBlock, TAssistantContext, TAssistantIntent } from '@pulse/contract/assistant';
import { index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

export const assistantRole = pgEnum('assistant_role', ['user', 'assistant']);
export const assistantSource = pgEnum('assistant_source', ['user', 'engine', 'model']);

/**
 * A signed-in user's Pulse Assistant conversation (issue 14, decision 024): the widget and the page
 * read the same rows; clearing deletes them. Visitors' conversations stay in their browser.
 */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: assistantRole('role').notNull(),
    text: text('text').notNull(),
    blocks: jsonb('blocks').$type<TAssistantBlock[]>().notNull().default([]),
    suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
    intent: text('intent').$type<TAssistantIntent>(),
    source: assistantSource('source').notNull(),
    /** On assistant rows: what the next question's follow-ups refer to. */
    context: jsonb('context').$type<TAssistantContext>(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('assistant_messages_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc())],
);
export type AssistantMessageRow = typeof assistantMessages.$inferSelect;
