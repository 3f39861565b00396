import { pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { users } from './users';

export const applicationStatus = pgEnum('application_status', ['approved', 'pending', 'rejected']);

export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull().default('pending'),
    businessName: text('business_name').notNull(),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [uniqueIndex('seller_applications_user_id_unique').on(table.userId)],
);

export type SellerApplicationRow = typeof sellerApplications.$inferSelect;
