import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

/** Minimal: the catalogue issue adds price, stock, images, search columns. */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('products_seller_user_id_idx').on(table.sellerUserId)],
);
