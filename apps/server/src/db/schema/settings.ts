import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/** Server-wide values generated once and shared by every process (e.g. the JWT secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAtColumn(),
});
