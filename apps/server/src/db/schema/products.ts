import { PRODUCT_CATEGORIES, PRODUCT_UNITS } from '@pulse/contract/products';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns';
import { uploads } from './uploads';
import { users } from './users';

export const productCategory = pgEnum('product_category', PRODUCT_CATEGORIES);

export const productUnit = pgEnum('product_unit', PRODUCT_UNITS);

export const productStatus = pgEnum('product_status', ['draft', 'active', 'paused', 'sold_out', 'archived']);

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/**
 * A product a seller offers. `stockQuantity` is what the seller has; `reservedQuantity` is held by
 * unpaid and paid orders not yet handed over; available = stock - reserved, never below zero.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The seller's own stock-keeping code (spreadsheet import/export); unique per seller, case-insensitive, when present. */
    sku: text('sku'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: productCategory('category').notNull().default('other'),
    unit: productUnit('unit').notNull().default('piece'),
    /** Price of one unit in minor units of the deployment's currency. */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    harvestDate: date('harvest_date', { mode: 'string' }),
    organic: boolean('organic').notNull().default(false),
    originFarmName: text('origin_farm_name').notNull().default(''),
    originRegion: text('origin_region').notNull().default(''),
    originLat: doublePrecision('origin_lat'),
    originLng: doublePrecision('origin_lng'),
    status: productStatus('status').notNull().default('active'),
    /** The farm takes new weekly baskets (standing orders, decision 064) with this product; existing ones go on. */
    acceptsStandingOrders: boolean('accepts_standing_orders').notNull().default(true),
    /** Denormalised from reviews so listings sort and show stars without a join. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * Full-text document: title weighs most, then category words/farm/region, then the description.
     * The category goes through CASE because an enum-to-text cast is not immutable.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', case category when 'vegetables' then 'vegetables vegetable veg' when 'fruits' then 'fruits fruit' when 'grains' then 'grains grain cereals' when 'dairy_and_eggs' then 'dairy eggs milk cheese' when 'meat_and_fish' then 'meat fish' when 'herbs_and_spices' then 'herbs spices' when 'honey_and_preserves' then 'honey preserves jam' when 'plants_and_seeds' then 'plants seeds seedlings' when 'nature_crafts' then 'nature crafts craft' when 'other' then 'other' else '' end || ' ' || coalesce(origin_farm_name, '') || ' ' || coalesce(origin_region, '')), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C')`,
    ),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    // Seller id first for a seller's products; the rating columns let the shop rating on the details
    // page (a sum over every product of the seller) be read from the index alone.
    index('products_seller_rating_idx').on(table.sellerUserId, table.ratingSum, table.ratingCount),
    index('products_search_vector_idx').using('gin', table.searchVector),
    index('products_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    // Keyset listing orders: newest first and by price, both with the id as tie-breaker.
    index('products_active_created_idx').on(table.createdAt.desc(), table.id.desc()).where(sql`status = 'active'`),
    index('products_active_price_idx').on(table.priceMinor, table.id).where(sql`status = 'active'`),
    index('products_category_idx').on(table.category, table.createdAt.desc()),
    // Region filter (case-insensitive prefix: lower(origin_region) like 'som%').
    index('products_active_region_idx')
      .on(sql`lower(${table.originRegion}) text_pattern_ops`)
      .where(sql`status = 'active'`),
    // A seller's sku names one product (decision 060); products without one are not constrained.
    uniqueIndex('products_seller_sku_unique').on(table.sellerUserId, sql`lower(${table.sku})`).where(sql`${table.sku} is not null`),
    check('products_price_non_negative', sql`${table.priceMinor} >= 0`),
    check('products_stock_non_negative', sql`${table.stockQuantity} >= 0`),
    check('products_reserved_within_stock', sql`${table.reservedQuantity} >= 0 and ${table.reservedQuantity} <= ${table.stockQuantity}`),
    check('products_min_order_positive', sql`${table.minOrderQuantity} >= 1`),
    check('products_title_length', sql`char_length(${table.title}) between 1 and 120`),
  ],
);

/** 1-8 images per product, in display order; each points at a stored upload. */
export const productImages = pgTable(
  'product_images',
  {
    id: idColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('product_images_product_position_unique').on(table.productId, table.position),
    index('product_images_upload_id_idx').on(table.uploadId),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductImageRow = typeof productImages.$inferSelect;
