import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

/** An image a user uploaded (already re-encoded); messages point at it by id. */
export const uploads = pgTable(
  'uploads',
  {
    id: idColumn(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the storage keeps the bytes; also the public path segment under /uploads/. */
    storageKey: text('storage_key').notNull(),
    /**
     * The ~400 px WebP variant (cards, thumbnails), served under /uploads/ like the full image.
     * Null for uploads stored before variants existed: use the full image then.
     */
    thumbStorageKey: text('thumb_storage_key'),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('uploads_storage_key_unique').on(table.storageKey),
    uniqueIndex('uploads_thumb_storage_key_unique').on(table.thumbStorageKey),
    index('uploads_owner_user_id_idx').on(table.ownerUserId),
    check('uploads_byte_size_positive', sql`${table.byteSize} > 0`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
