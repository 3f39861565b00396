import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { users } from './users';

/** A buyer's saved delivery address; at most one is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    recipientName: text('recipient_name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /**
     * How lat/lng were found: 'pin' (a map pick or the browser's position, sent by the buyer),
     * 'town' or 'region' (the gazetteer of known places, from the city or the region). Null with
     * no coordinates: the address is not on the map yet and cannot be delivered to (decision 029).
     */
    locatedBy: text('located_by', { enum: ['pin', 'town', 'region'] }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('addresses_user_id_idx').on(table.userId),
    uniqueIndex('addresses_one_default_per_user').on(table.userId).where(sql`is_default`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
