import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns';
import { users } from './users';

/** One row per admin action, written in the same transaction as the action itself. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: idColumn(),
    /** Null only if the admin's account was deleted later; the row stays. */
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt, table.id),
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

export type AdminAuditLogRow = typeof adminAuditLog.$inferSelect;
