import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { users } from './users';

export const fulfilmentMethod = pgEnum('fulfilment_method', ['pickup', 'delivery']);

/** A window a seller offers for pickup at the farm or for delivery; orders close at the cut-off. */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: idColumn(),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: fulfilmentMethod('method').notNull(),
    startsAt: timestampColumn('starts_at').notNull(),
    endsAt: timestampColumn('ends_at').notNull(),
    cutoffAt: timestampColumn('cutoff_at').notNull(),
    /** How many orders the slot takes; null means no limit. */
    capacity: integer('capacity'),
    bookedCount: integer('booked_count').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('delivery_slots_seller_starts_idx').on(table.sellerUserId, table.startsAt),
    check('delivery_slots_window', sql`${table.endsAt} > ${table.startsAt} and ${table.cutoffAt} <= ${table.startsAt}`),
    check('delivery_slots_capacity', sql`${table.capacity} is null or ${table.bookedCount} <= ${table.capacity}`),
  ],
);

export type DeliverySlotRow = typeof deliverySlots.$inferSelect;
