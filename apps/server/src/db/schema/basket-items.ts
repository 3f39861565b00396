import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { products } from './products';
import { users } from './users';

export const basketItems = pgTable(
  'basket_items',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('basket_items_user_product_unique').on(table.userId, table.productId),
    check('basket_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
