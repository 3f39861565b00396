import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor } from './money';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS } from './product-options';

export { PRODUCT_CATEGORIES, PRODUCT_SORTS, categoryLabels } from './product-options';

export const ZProductCategory = z.enum(PRODUCT_CATEGORIES, { message: contractMessage(msg`Choose a category from the list`) });
export type TProductCategory = z.infer<typeof ZProductCategory>;

export const PRODUCT_UNITS = ['kg', 'g', 'piece', 'bunch', 'dozen', 'crate', 'litre'] as const;
export const ZProductUnit = z.enum(PRODUCT_UNITS, { message: contractMessage(msg`Choose a unit from the list`) });
export type TProductUnit = z.infer<typeof ZProductUnit>;

/** Units whose final quantity the seller may record by weighing before dispatch. */
export const WEIGHED_UNITS: readonly TProductUnit[] = ['kg', 'g'];

export const ZProductStatus = z.enum(['draft', 'active', 'paused', 'sold_out', 'archived']);
export type TProductStatus = z.infer<typeof ZProductStatus>;

export const PRODUCT_MAX_IMAGES = 8;

/** One stored image in its WebP variants (URLs under /uploads/). */
export const ZProductImage = z.object({
  id: ZId,
  /** ~400 px wide, for cards and thumbnails. */
  thumbUrl: z.string(),
  /** Up to 1600 px, for the details page. */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type TProductImage = z.infer<typeof ZProductImage>;

export const ZProductOrigin = z.object({
  farmName: z.string(),
  region: z.string(),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
});

export const ZProductSeller = z.object({
  userId: ZId,
  username: z.string(),
  /** The shop name (the seller profile's shop name, else the approved application's business name, else the username). */
  shopName: z.string(),
  profilePictureUrl: z.string().nullable(),
  ratingAverage: z.number().min(0).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
});

/** What a listing card needs; one query returns a page of these. */
export const ZProductSummary = z.object({
  id: ZId,
  title: z.string(),
  category: ZProductCategory,
  unit: ZProductUnit,
  priceMinor: ZMinor,
  currency: z.string(),
  /** Stock not held by orders. */
  availableQuantity: z.number().int().nonnegative(),
  minOrderQuantity: z.number().int().positive(),
  organic: z.boolean(),
  region: z.string(),
  farmName: z.string(),
  sellerUserId: ZId,
  status: ZProductStatus,
  thumbUrl: z.string().nullable(),
  ratingAverage: z.number().min(0).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
  /** Kilometres from the `near` point of the query, when one was given. */
  distanceKm: z.number().nonnegative().nullable(),
  createdAt: z.iso.datetime(),
});
export type TProductSummary = z.infer<typeof ZProductSummary>;

export const ZProductDetails = ZProductSummary.extend({
  description: z.string(),
  stockQuantity: z.number().int().nonnegative(),
  harvestDate: z.iso.date().nullable(),
  origin: ZProductOrigin,
  images: z.array(ZProductImage),
  seller: ZProductSeller,
  /** Whether new weekly baskets may hold it (decision 064); existing ones go on either way. */
  acceptsStandingOrders: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type TProductDetails = z.infer<typeof ZProductDetails>;

export const ZProductSort = z.enum(PRODUCT_SORTS);
export type TProductSort = z.infer<typeof ZProductSort>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { message: contractMessage(msg`Must be true or false`) })
  .transform((value) => value === 'true' || value === '1');

/**
 * GET /api/products query. Keyset pagination: pass the previous page's `nextCursor` as `cursor`.
 * Sorts: relevance needs `q` (falls back to newest without it); distance needs `lat` and `lng`.
 */
const productListQueryFields = {
    q: z.string().trim().max(200, { message: contractMessage(msg`Search text is too long (200 characters at most)`) }).optional(),
    category: ZProductCategory.optional(),
    minPrice: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().nonnegative().optional(),
    maxPrice: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().nonnegative().optional(),
    organic: booleanQuery.optional(),
    inStock: booleanQuery.optional(),
    region: z.string().trim().max(100).optional(),
    lat: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).min(-90).max(90).optional(),
    lng: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).min(-180).max(180).optional(),
    /** Only products within this many km of lat/lng. */
    radiusKm: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).positive().max(20_000).optional(),
    sellerUserId: ZId.optional(),
    sort: ZProductSort.optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(60).default(24),
  };

interface ListQueryRange {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

const priceRangeRule = {
  check: (query: ListQueryRange) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
  params: { message: contractMessage(msg`The lowest price must not be above the highest`), path: ['minPrice'] },
};
const pointRule = {
  check: (query: ListQueryRange) => (query.lat === undefined) === (query.lng === undefined),
  params: { message: contractMessage(msg`Give both latitude and longitude`), path: ['lat'] },
};

export const ZProductListQuery = z
  .object(productListQueryFields)
  .refine(priceRangeRule.check, priceRangeRule.params)
  .refine(pointRule.check, pointRule.params);
export type TProductListQuery = z.infer<typeof ZProductListQuery>;

/** GET /api/seller/products: the seller's own products in every status, optionally one status. */
export const ZSellerProductListQuery = z
  .object({ ...productListQueryFields, status: ZProductStatus.optional() })
  .refine(priceRangeRule.check, priceRangeRule.params)
  .refine(pointRule.check, pointRule.params);
export type TSellerProductListQuery = z.infer<typeof ZSellerProductListQuery>;

export const ZProductListResponse = z.object({
  items: z.array(ZProductSummary),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TProductListResponse = z.infer<typeof ZProductListResponse>;

const ZTitle = z
  .string({ message: contractMessage(msg`Enter a title`) })
  .trim()
  .min(3, { message: contractMessage(msg`The title needs at least 3 characters`) })
  .max(120, { message: contractMessage(msg`The title can have at most 120 characters`) });

/** The fields a seller sets; no defaults here, so a PATCH leaves absent fields untouched. */
const productFields = {
  title: ZTitle,
  description: z.string().trim().max(5000, { message: contractMessage(msg`The description can have at most 5000 characters`) }),
  category: ZProductCategory,
  unit: ZProductUnit,
  priceMinor: z
    .number({ message: contractMessage(msg`Enter a price`) })
    .int({ message: contractMessage(msg`The price must be a whole number of cents`) })
    .min(1, { message: contractMessage(msg`The price must be above zero`) })
    .max(100_000_000, { message: contractMessage(msg`The price is too high`) }),
  stockQuantity: z
    .number({ message: contractMessage(msg`Enter the stock`) })
    .int({ message: contractMessage(msg`Stock must be a whole number`) })
    .min(0, { message: contractMessage(msg`Stock cannot be negative`) })
    .max(1_000_000, { message: contractMessage(msg`Stock is too high`) }),
  minOrderQuantity: z.number().int().min(1, { message: contractMessage(msg`The minimum order is at least 1`) }).max(10_000),
  harvestDate: z.iso.date({ message: contractMessage(msg`Enter a date like 2026-11-20`) }).max(10, { message: contractMessage(msg`Enter a date like 2026-11-20`) }).nullable(),
  organic: z.boolean(),
  originFarmName: z.string().trim().max(120),
  originRegion: z.string().trim().max(120),
  originLat: z.number().min(-90).max(90).nullable(),
  originLng: z.number().min(-180).max(180).nullable(),
  status: z.enum(['draft', 'active', 'paused', 'archived']),
  /** New weekly baskets may hold it (decision 064). */
  acceptsStandingOrders: z.boolean(),
  /** Upload ids from POST /api/uploads, in display order. */
  imageIds: z
    .array(ZId)
    .min(1, { message: contractMessage(msg`Add at least one photo`) })
    .max(PRODUCT_MAX_IMAGES, { message: contractMessage(msg`At most ${{ productMaxImages: PRODUCT_MAX_IMAGES }} photos`) }),
};

/** POST /api/products (seller). */
export const ZProductInput = z.object({
  ...productFields,
  description: productFields.description.default(''),
  minOrderQuantity: productFields.minOrderQuantity.default(1),
  harvestDate: productFields.harvestDate.default(null),
  organic: productFields.organic.default(false),
  originFarmName: productFields.originFarmName.default(''),
  originRegion: productFields.originRegion.default(''),
  originLat: productFields.originLat.default(null),
  originLng: productFields.originLng.default(null),
  status: productFields.status.default('active'),
  acceptsStandingOrders: productFields.acceptsStandingOrders.default(true),
});
export type TProductInput = z.input<typeof ZProductInput>;

/** PATCH /api/products/{productId}: any subset of the fields. */
export const ZProductPatch = z.object(productFields).partial();
export type TProductPatch = z.input<typeof ZProductPatch>;

export const ZProductIdParams = z.object({ productId: ZId });

export const SELLER_BULK_EDIT_MAX = 100;

/** One line of a bulk edit: a new price, a new stock, or both. */
export const ZBulkProductUpdate = z
  .object({
    productId: ZId,
    priceMinor: productFields.priceMinor.optional(),
    stockQuantity: productFields.stockQuantity.optional(),
  })
  .refine((line) => line.priceMinor !== undefined || line.stockQuantity !== undefined, {
    message: contractMessage(msg`Give a new price or a new stock`),
    path: ['priceMinor'],
  });
export type TBulkProductUpdate = z.infer<typeof ZBulkProductUpdate>;

/**
 * PATCH /api/seller/products (seller): price and stock of several own products at once, all or
 * nothing. A product id that is not the caller's makes the whole request 404.
 */
export const ZBulkProductUpdateRequest = z.object({
  updates: z
    .array(ZBulkProductUpdate)
    .min(1, { message: contractMessage(msg`Choose at least one product`) })
    .max(SELLER_BULK_EDIT_MAX, { message: contractMessage(msg`At most ${{ sellerBulkEditMax: SELLER_BULK_EDIT_MAX }} products at once`) })
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, { message: contractMessage(msg`Each product may appear once`) }),
});
export type TBulkProductUpdateRequest = z.infer<typeof ZBulkProductUpdateRequest>;

export const ZBulkProductUpdateResponse = z.object({ items: z.array(ZProductSummary) });
export type TBulkProductUpdateResponse = z.infer<typeof ZBulkProductUpdateResponse>;
