import { pgEnum, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { applicationStatus } from './seller-applications';
import { users } from './users';

export const agentKind = pgEnum('agent_kind', ['delivery', 'referral']);

/** Minimal for now: the agent portal issue adds area, vehicle, referral code and so on. */
export const agents = pgTable(
  'agents',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: agentKind('kind').notNull(),
    status: applicationStatus('status').notNull().default('pending'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [uniqueIndex('agents_user_id_unique').on(table.userId)],
);

export type AgentRow = typeof agents.$inferSelect;
