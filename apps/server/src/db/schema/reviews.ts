import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { orders } from './orders';
import { users } from './users';

/** One review per completed order; the seller may answer once. */
export const reviews = pgTable(
  'reviews',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    sellerReply: text('seller_reply'),
    sellerRepliedAt: timestampColumn('seller_replied_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('reviews_order_id_unique').on(table.orderId),
    index('reviews_seller_created_idx').on(table.sellerUserId, table.createdAt.desc()),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
