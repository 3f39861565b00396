import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestampColumn } from './columns';
import { uploads } from './uploads';
import { users } from './users';

/**
 * A seller's shop as buyers see it (docs/decisions/013-seller-accounts-and-shops.md). One per
 * approved seller, created from the application on approval (and backfilled by migration 0005);
 * the seller edits it at /seller-profile. Re-approval never overwrites it.
 */
export const sellerProfiles = pgTable(
  'seller_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopName: text('shop_name').notNull(),
    story: text('story').notNull().default(''),
    region: text('region').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAtColumn(),
    // Set by the service on every write (no $onUpdateFn: the SQL backfill and the seed write it too).
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
  },
  (table) => [check('seller_profiles_lat_lng_pair', sql`(${table.lat} is null) = (${table.lng} is null)`)],
);

export type SellerProfileRow = typeof sellerProfiles.$inferSelect;
export type NewSellerProfileRow = typeof sellerProfiles.$inferInsert;

/** The shop's photos, in display order (position 0 first). */
export const sellerProfilePhotos = pgTable(
  'seller_profile_photos',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => sellerProfiles.userId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.position] }), index('seller_profile_photos_upload_id_idx').on(table.uploadId)],
);
