import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, notLike, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client';
import { productImages, products, productStatus, type NewProductRow, type ProductRow } from '../../db/schema/products';
import { uploads } from '../../db/schema/uploads';
import { PRIVATE_KEY_PREFIX } from '../uploads/object-storage';

/*
 * Image URLs. Every stored object is served by GET /uploads/<storage_key> (same origin as the API):
 *   full image (up to 1600 px WebP):  '/uploads/' || uploads.storage_key
 *   thumbnail (~400 px WebP):         '/uploads/' || coalesce(uploads.thumb_storage_key, uploads.storage_key)
 * A product's thumbnail is its first image (lowest product_images.position). Other lanes (basket,
 * orders) compute it with the same SQL as THUMB_URL_SQL below:
 *   (select '/uploads/' || coalesce(u.thumb_storage_key, u.storage_key)
 *      from product_images pi join uploads u on u.id = pi.upload_id
 *     where pi.product_id = <products.id> order by pi.position limit 1)
 */
export function productThumbUrlSql(productIdColumn: SQL): SQL {
  return sql`(select '/uploads/' || coalesce(u.thumb_storage_key, u.storage_key) from product_images pi join uploads u on u.id = pi.upload_id where pi.product_id = ${productIdColumn} order by pi.position limit 1)`;
}

const INSERT_CHUNK = 1000;

/** Bulk insert (seed): chunks of 1,000 rows per statement. Returns the inserted ids in order. */
export async function insertProductRows(db: Db, rows: NewProductRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await db
      .insert(products)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .returning({ id: products.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Links uploads to a product as its images, in the given order (position 0 first). */
export async function insertProductImages(db: Db, productId: string, uploadIds: readonly string[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db.insert(productImages).values(uploadIds.map((uploadId, position) => ({ productId, uploadId, position })));
}

export async function replaceProductImages(db: Db, productId: string, uploadIds: readonly string[]): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  await insertProductImages(db, productId, uploadIds);
}

export type ProductWriteFields = Omit<NewProductRow, 'id' | 'sellerUserId' | 'createdAt' | 'updatedAt' | 'ratingCount' | 'ratingSum'>;

/** One product and its images, in one transaction (also used by the seed). */
export async function createProductWithImages(
  db: Db,
  sellerUserId: string,
  input: ProductWriteFields,
  imageUploadIds: readonly string[],
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...input, sellerUserId })
      .returning();
    if (!row) throw new Error('no product inserted');
    await insertProductImages(tx, row.id, imageUploadIds);
    return row;
  });
}

/**
 * The ids among `uploadIds` that `ownerUserId` uploaded as public images (product photos, shop
 * photos). A private upload (an ID document, decision 017) is never shown publicly, so it is not
 * among them.
 */
export async function findOwnedUploadIds(db: Db, ownerUserId: string, uploadIds: readonly string[]): Promise<Set<string>> {
  if (uploadIds.length === 0) return new Set();
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerUserId, ownerUserId),
        inArray(uploads.id, [...uploadIds]),
        notLike(uploads.storageKey, `${PRIVATE_KEY_PREFIX}%`),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** The seller's product, locked for update when inside a transaction. */
export async function findOwnProductForUpdate(db: Db, productId: string, sellerUserId: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.sellerUserId, sellerUserId)))
    .for('update');
  return row ?? null;
}

export async function updateProductRow(db: Db, productId: string, values: Partial<ProductWriteFields>): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, productId));
}

// ---------------------------------------------------------------------------------------------
// Reading: details (one query) and listing pages (one query per page)
// ---------------------------------------------------------------------------------------------

export interface ProductImageRecord {
  id: string;
  storageKey: string;
  thumbStorageKey: string | null;
  width: number;
  height: number;
}

export interface ProductListRecord {
  id: string;
  title: string;
  category: ProductRow['category'];
  unit: ProductRow['unit'];
  priceMinor: number;
  stockQuantity: number;
  reservedQuantity: number;
  minOrderQuantity: number;
  organic: boolean;
  originRegion: string;
  originFarmName: string;
  sellerUserId: string;
  status: ProductRow['status'];
  thumbUrl: string | null;
  ratingCount: number;
  ratingSum: number;
  distanceKm: number | null;
  /** created_at as ISO 8601 in UTC with milliseconds (what Date#toISOString prints), built by PostgreSQL. */
  createdAtIso: string;
  /** Exact text of created_at (microseconds), for the cursor. */
  createdKey: string;
  /** Relevance score (ts_rank + trigram word similarity + head-word bonus) when searching. */
  score: number | null;
}

export interface ProductDetailsRecord extends ProductListRecord {
  description: string;
  harvestDate: string | null;
  originLat: number | null;
  originLng: number | null;
  acceptsStandingOrders: boolean;
  updatedAt: Date;
  sellerUsername: string;
  sellerShopName: string | null;
  sellerProfilePictureUrl: string | null;
  sellerRatingSum: number;
  sellerRatingCount: number;
  images: ProductImageRecord[];
}

type RawRow = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<RawRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Like rowsOf, but on PostgreSQL (node-postgres pool) as a named prepared statement: each pooled
 * connection parses and plans the statement once, then only binds values. The listing's plan
 * costs more than running it (0.7 ms planning vs 0.45 ms execution at 100,000 products), and the
 * database shares the machine's cores with Node. Only for statements whose plan does not depend
 * on the values (no search text, no distance): after five runs PostgreSQL may switch to a generic
 * plan. PGlite (and a transaction handle) go through Drizzle as usual.
 */
async function preparedRowsOf(db: Db, query: SQL): Promise<RawRow[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rowsOf(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `pulse_list_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const result = await client.query<RawRow>({ name, text, values: params });
  return result.rows;
}

function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function mapListRecord(row: RawRow): ProductListRecord {
  return {
    id: String(row.id),
    title: String(row.title),
    category: row.category as ProductRow['category'],
    unit: row.unit as ProductRow['unit'],
    priceMinor: toNumber(row.price_minor),
    stockQuantity: toNumber(row.stock_quantity),
    reservedQuantity: toNumber(row.reserved_quantity),
    minOrderQuantity: toNumber(row.min_order_quantity),
    organic: Boolean(row.organic),
    originRegion: String(row.origin_region),
    originFarmName: String(row.origin_farm_name),
    sellerUserId: String(row.seller_user_id),
    status: row.status as ProductRow['status'],
    thumbUrl: row.thumb_url === null || row.thumb_url === undefined ? null : String(row.thumb_url),
    ratingCount: toNumber(row.rating_count),
    ratingSum: toNumber(row.rating_sum),
    distanceKm: toNullableNumber(row.distance_km),
    createdAtIso: String(row.created_iso),
    createdKey: String(row.created_key),
    score: toNullableNumber(row.score),
  };
}

/** Great-circle distance in km from a point to the product's origin (null without coordinates). */
function distanceSql(lat: number, lng: number): SQL {
  // least() ignores NULLs, so a product without coordinates is caught first.
  return sql`(case when p.origin_lat is null or p.origin_lng is null then null else 2 * 6371 * asin(least(1, sqrt(power(sin(radians(p.origin_lat - ${lat}::float8) / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(p.origin_lat)) * power(sin(radians(p.origin_lng - ${lng}::float8) / 2), 2)))) end)`;
}

const LIST_COLUMNS = sql`p.id, p.title, p.category, p.unit, p.price_minor, p.stock_quantity, p.reserved_quantity,
  p.min_order_quantity, p.organic, p.origin_region, p.origin_farm_name, p.seller_user_id, p.status, p.rating_count,
  p.rating_sum, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_iso,
  p.created_at::text as created_key`;
// created_iso: PostgreSQL prints the ISO text the contract wants, so Node never parses a timestamptz
// into a Date just to print it again (measurable at 1,000 pages/s).

export async function findProductDetails(db: Db, productId: string): Promise<ProductDetailsRecord | null> {
  const rows = await rowsOf(
    db,
    sql`select ${LIST_COLUMNS}, p.description, p.harvest_date::text as harvest_date, p.origin_lat, p.origin_lng, p.accepts_standing_orders, p.updated_at,
      ${productThumbUrlSql(sql`p.id`)} as thumb_url,
      u.username as seller_username, u.profile_picture_url as seller_profile_picture_url,
      coalesce((select sp.shop_name from seller_profiles sp where sp.user_id = p.seller_user_id),
        (select sa.business_name from seller_applications sa where sa.user_id = p.seller_user_id and sa.status = 'approved')) as seller_shop_name,
      sr.rating_sum as seller_rating_sum, sr.rating_count as seller_rating_count,
      coalesce((select json_agg(json_build_object('id', up.id, 'storageKey', up.storage_key, 'thumbStorageKey', up.thumb_storage_key,
          'width', up.width, 'height', up.height) order by pi.position)
        from product_images pi join uploads up on up.id = pi.upload_id where pi.product_id = p.id), '[]'::json) as images
    from products p
    join users u on u.id = p.seller_user_id
    cross join lateral (select coalesce(sum(s.rating_sum), 0)::bigint as rating_sum, coalesce(sum(s.rating_count), 0)::bigint as rating_count
      from products s where s.seller_user_id = p.seller_user_id) sr
    where p.id = ${productId}`,
  );
  const row = rows[0];
  if (!row) return null;
  const images = (typeof row.images === 'string' ? JSON.parse(row.images) : row.images) as ProductImageRecord[];
  return {
    ...mapListRecord({ ...row, distance_km: null, score: null }),
    description: String(row.description),
    harvestDate: row.harvest_date === null || row.harvest_date === undefined ? null : String(row.harvest_date),
    originLat: toNullableNumber(row.origin_lat),
    originLng: toNullableNumber(row.origin_lng),
    acceptsStandingOrders: Boolean(row.accepts_standing_orders),
    updatedAt: toDate(row.updated_at),
    sellerUsername: String(row.seller_username),
    sellerShopName: row.seller_shop_name === null || row.seller_shop_name === undefined ? null : String(row.seller_shop_name),
    sellerProfilePictureUrl:
      row.seller_profile_picture_url === null || row.seller_profile_picture_url === undefined ? null : String(row.seller_profile_picture_url),
    sellerRatingSum: toNumber(row.seller_rating_sum),
    sellerRatingCount: toNumber(row.seller_rating_count),
    images,
  };
}

export type ListSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'distance';

/** Where the previous page stopped: the sort key of its last row and that row's id. */
export type ListAfter =
  /** `soldOut`: the row was sold out (the public listing's newest order lists those after the others). */
  | { sort: 'newest'; created: string; id: string; soldOut?: boolean }
  | { sort: 'price_asc' | 'price_desc'; price: number; id: string }
  | { sort: 'relevance'; score: number; id: string }
  | { sort: 'distance'; distance: number; id: string };

export interface ListFilter {
  /** Search words already cut into letters/digits tokens, and the raw text for trigram matching. */
  search: { tokens: string[]; text: string } | null;
  category?: ProductRow['category'] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  organic?: boolean | undefined;
  inStock?: boolean | undefined;
  region?: string | undefined;
  sellerUserId?: string | undefined;
  point?: { lat: number; lng: number } | undefined;
  radiusKm?: number | undefined;
  /** Only products harvested on or after this day (YYYY-MM-DD); the Pulse Assistant's "harvested this week". */
  harvestedSince?: string | undefined;
  /** Statuses to include (public listing: active only). */
  statuses: ProductRow['status'][];
  /**
   * Relevance order with sold-out products after every available one (the public listing's search,
   * unless the shopper filtered by stock): their score is lowered by SOLD_OUT_SCORE_PENALTY.
   */
  soldOutLast?: boolean | undefined;
}

/**
 * Added to the relevance of a product whose title's last word is the searched word or its plural:
 * as much as ts_rank or word_similarity can add, so "Tomatoes" comes before "Tomato Seedlings" for
 * "tomato" however the other two terms compare (decision 038).
 */
export const HEAD_WORD_BONUS = 1;

/**
 * The singular and plural spellings of a search word that count as the same head noun: tomato,
 * tomatos, tomatoes; berry, berries; and back from a plural the user typed (tomatoes -> tomato).
 * English plurals only (the catalogue's language); a word of 2 letters or fewer is left as it is.
 */
export function headWordForms(word: string): string[] {
  const forms = new Set([word]);
  if (word.length > 2) {
    forms.add(`${word}s`);
    forms.add(`${word}es`);
    if (word.endsWith('y')) forms.add(`${word.slice(0, -1)}ies`);
    if (word.endsWith('ies')) forms.add(`${word.slice(0, -3)}y`);
    if (word.endsWith('es')) forms.add(word.slice(0, -2));
    if (word.endsWith('s')) forms.add(word.slice(0, -1));
  }
  return [...forms];
}

/**
 * Taken off a sold-out product's relevance score when `soldOutLast`: more than any score reaches
 * (ts_rank, word_similarity and HEAD_WORD_BONUS are each at most 1), so the keyset (score, id) order and the cached
 * ranking put every sold-out match after the available ones, each group in relevance order.
 */
export const SOLD_OUT_SCORE_PENALTY = 100;

const PRODUCT_STATUSES: ReadonlySet<string> = new Set(productStatus.enumValues);

/** Distance sort key for products without coordinates: after every real distance. */
export const NO_DISTANCE_KEY = 1e9;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

interface ListSql {
  conditions: SQL[];
  /** Relevance (null::float8 without a search). */
  score: SQL;
  /** Distance in km from the query point (null::float8 without one). */
  distance: SQL;
}

/** The WHERE conditions of a listing (status, search, filters, radius) and its score/distance expressions. */
function listSql(filter: ListFilter, withSearch: boolean, byIds = false): ListSql {
  const conditions: SQL[] = [];
  // Statuses are written as literals (from the enum, never user text) so the planner can match the
  // partial indexes `... where status = 'active'`; a bound parameter would hide that.
  const statusLiterals = filter.statuses.filter((status) => PRODUCT_STATUSES.has(status)).map((status) => `'${status}'`);
  if (statusLiterals.length === 0) throw new Error('listProductRecords needs at least one status');
  if (byIds) {
    // Fetching known ids: the primary key finds them; the status is only a recheck. As text, so
    // the planner cannot match a partial index and AND a bitmap of every active product (measured:
    // 8 ms per page at 100,000 products instead of 0.3 ms).
    conditions.push(sql.raw(`p.status::text in (${statusLiterals.join(', ')})`));
  } else {
    conditions.push(statusLiterals.length === 1 ? sql.raw(`p.status = ${statusLiterals[0]}`) : sql.raw(`p.status in (${statusLiterals.join(', ')})`));
  }

  let score: SQL = sql`null::float8`;
  if (filter.search && withSearch) {
    const tsquery = filter.search.tokens.map((token, index) => (index === filter.search!.tokens.length - 1 ? `${token}:*` : token)).join(' & ');
    const text = filter.search.text;
    conditions.push(sql`(p.search_vector @@ to_tsquery('simple', ${tsquery}) or ${text} <% p.title)`);
    // A title whose last word (its head noun in English: "Cherry Tomatoes", not "Tomato Seedlings")
    // is the last search word or its plural names the thing searched for, so it outranks titles that
    // use the word as a modifier. The forms are letters/digits only, so the array literal is safe.
    const headForms = `{${headWordForms(filter.search.tokens.at(-1)!).join(',')}}`;
    const headBonus = sql`case when substring(lower(p.title) from '([[:alnum:]]+)[^[:alnum:]]*$') = any(${headForms}::text[]) then ${HEAD_WORD_BONUS}::float8 else 0::float8 end`;
    score = sql`(ts_rank(p.search_vector, to_tsquery('simple', ${tsquery}))::float8 + word_similarity(${text}, p.title)::float8 + ${headBonus})`;
    if (filter.soldOutLast) score = sql`(${score} - case when p.stock_quantity <= p.reserved_quantity then ${SOLD_OUT_SCORE_PENALTY}::float8 else 0::float8 end)`;
  }
  if (filter.category) conditions.push(sql`p.category = ${filter.category}`);
  if (filter.minPrice !== undefined) conditions.push(sql`p.price_minor >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) conditions.push(sql`p.price_minor <= ${filter.maxPrice}`);
  if (filter.organic !== undefined) conditions.push(sql`p.organic = ${filter.organic}`);
  if (filter.inStock === true) conditions.push(sql`p.stock_quantity > p.reserved_quantity`);
  if (filter.inStock === false) conditions.push(sql`p.stock_quantity <= p.reserved_quantity`);
  if (filter.region) conditions.push(sql`lower(p.origin_region) like ${`${escapeLike(filter.region.toLowerCase())}%`}`);
  if (filter.sellerUserId) conditions.push(sql`p.seller_user_id = ${filter.sellerUserId}`);
  if (filter.harvestedSince) conditions.push(sql`p.harvest_date >= ${filter.harvestedSince}::date`);

  let distance: SQL = sql`null::float8`;
  if (filter.point) {
    distance = distanceSql(filter.point.lat, filter.point.lng);
    if (filter.radiusKm !== undefined) {
      // A latitude band first (cheap), then the exact great-circle distance.
      const band = filter.radiusKm / 111.2;
      conditions.push(sql`p.origin_lat between ${filter.point.lat - band} and ${filter.point.lat + band}`);
      conditions.push(sql`${distance} <= ${filter.radiusKm}`);
    }
  }
  return { conditions, score, distance };
}

/**
 * One page of products in ONE SQL statement (thumbnail through a correlated subquery), keyset
 * paginated: rows strictly after `after` in the sort order, `limit` of them.
 *
 * Search: a product matches when its generated search_vector (title A, category words/farm/region
 * B, description C; GIN index) matches every word, the last one as a prefix (`tomato & red:*`,
 * built from letter/digit tokens only, so no tsquery syntax reaches PostgreSQL), OR when the
 * whole text is word-similar to the title (`q <% title`, pg_trgm, GIN trigram index). The
 * threshold is pg_trgm's default word_similarity_threshold 0.6: "tomatos"->"Tomatoes" scores
 * 0.75, "strawbery"->"Strawberries" 0.8, "hony"->"Honey" exactly 0.6; short words are already
 * loose at 0.6 ("pear" finds "Peas"), so it is not lowered (a per-query SET would also cost a
 * second statement). Relevance = ts_rank + word_similarity(q, title) + HEAD_WORD_BONUS when the
 * title's last word is the last search word or its plural, so exact words rank first and the thing
 * itself before things named after it.
 *
 * EXPLAIN ANALYZE on PostgreSQL 15 with 100,000 active products (loaded 2-core machine): newest,
 * price and category pages and any keyset page after them are index scans (0.2-6 ms); a search
 * on a word that 5% of products contain takes 20-100 ms (ranking every match); a word in every
 * product, or distance order without a radius, ranks all rows (0.3-1 s). The public relevance
 * search therefore goes through rankSearchIds + findListRecordsByIds and a short-lived cache
 * (products-search-cache.ts); this query still serves the other sorts and pages past the cache.
 */
export async function listProductRecords(db: Db, filter: ListFilter, sort: ListSort, after: ListAfter | null, limit: number): Promise<ProductListRecord[]> {
  const { conditions, score: scoreSql, distance } = listSql(filter, true);

  let order: SQL;
  let keyset: SQL | null = null;
  switch (sort) {
    case 'newest':
      // `nulls last` matches products_active_created_idx (drizzle writes DESC NULLS LAST).
      order = sql`p.created_at desc nulls last, p.id desc nulls last`;
      if (after?.sort === 'newest') keyset = sql`(p.created_at, p.id) < (${after.created}::timestamptz, ${after.id}::uuid)`;
      break;
    case 'price_asc':
      order = sql`p.price_minor asc, p.id asc`;
      if (after?.sort === 'price_asc') keyset = sql`(p.price_minor, p.id) > (${after.price}::bigint, ${after.id}::uuid)`;
      break;
    case 'price_desc':
      order = sql`p.price_minor desc, p.id desc`;
      if (after?.sort === 'price_desc') keyset = sql`(p.price_minor, p.id) < (${after.price}::bigint, ${after.id}::uuid)`;
      break;
    case 'relevance':
      order = sql`${scoreSql} desc, p.id desc`;
      if (after?.sort === 'relevance') keyset = sql`(${scoreSql}, p.id) < (${after.score}::float8, ${after.id}::uuid)`;
      break;
    case 'distance':
      order = sql`coalesce(${distance}, ${NO_DISTANCE_KEY}::float8) asc, p.id asc`;
      if (after?.sort === 'distance') {
        keyset = sql`(coalesce(${distance}, ${NO_DISTANCE_KEY}::float8), p.id) > (${after.distance}::float8, ${after.id}::uuid)`;
      }
      break;
  }
  if (keyset) conditions.push(keyset);

  const rows = await (filter.search || filter.point ? rowsOf : preparedRowsOf)(
    db,
    sql`select ${LIST_COLUMNS}, ${productThumbUrlSql(sql`p.id`)} as thumb_url, ${distance} as distance_km, ${scoreSql} as score
      from products p
      where ${sql.join(conditions, sql` and `)}
      order by ${order}
      limit ${limit}`,
  );
  return rows.map(mapListRecord);
}

/**
 * The public newest order, sold-out products last: products with something available (stock above
 * the reserved quantity) newest first, then the sold-out ones newest first, `limit` rows after
 * `after`, in ONE statement. Each part is a keyset scan of the newest index like
 * listProductRecords; the sold-out part runs only when the available part did not fill the page
 * (a one-time filter on the CTE's count), so a catalogue with few sold-out products is not scanned
 * for them on every page. A cursor inside the sold-out part reads that part alone.
 */
export async function listNewestAvailableFirstRecords(
  db: Db,
  filter: ListFilter,
  after: Extract<ListAfter, { sort: 'newest' }> | null,
  limit: number,
): Promise<ProductListRecord[]> {
  if (after?.soldOut) return listProductRecords(db, { ...filter, inStock: false }, 'newest', after, limit);
  const { conditions, distance } = listSql({ ...filter, inStock: undefined }, true);
  const keyset = after ? [sql`(p.created_at, p.id) < (${after.created}::timestamptz, ${after.id}::uuid)`] : [];
  const columns = sql`${LIST_COLUMNS}, p.created_at as sort_created, ${distance} as distance_km, null::float8 as score`;
  const newest = sql`order by p.created_at desc nulls last, p.id desc nulls last limit ${limit}`;
  const rows = await (filter.search || filter.point ? rowsOf : preparedRowsOf)(
    db,
    sql`with available as (
        select ${columns}, 0 as sold_out_group from products p
        where ${sql.join([...conditions, sql`p.stock_quantity > p.reserved_quantity`, ...keyset], sql` and `)}
        ${newest})
      select l.*, ${productThumbUrlSql(sql`l.id`)} as thumb_url from (
        select * from available
        union all
        (select ${columns}, 1 as sold_out_group from products p
          where ${sql.join([...conditions, sql`p.stock_quantity <= p.reserved_quantity`, sql`(select count(*) from available) < ${limit}`], sql` and `)}
          ${newest})
      ) l
      order by l.sold_out_group, l.sort_created desc, l.id desc
      limit ${limit}`,
  );
  return rows.map(mapListRecord);
}

/** A search's matches in relevance order: ids and scores only (same order and scores as listProductRecords). */
export interface RankedIds {
  ids: string[];
  scores: number[];
}

/**
 * The first `cap` matches of a search (with every filter of `filter`) in relevance order, ids and
 * scores only: one statement, no thumbnail or card columns. Still ranks every match (the cost the
 * cache amortises).
 */
export async function rankSearchIds(db: Db, filter: ListFilter, cap: number): Promise<RankedIds> {
  if (!filter.search) throw new Error('rankSearchIds needs a search');
  const { conditions, score } = listSql(filter, true);
  const rows = await rowsOf(
    db,
    sql`select p.id, ${score} as score from products p
      where ${sql.join(conditions, sql` and `)}
      order by ${score} desc, p.id desc
      limit ${cap}`,
  );
  return { ids: rows.map((row) => String(row.id)), scores: rows.map((row) => toNumber(row.score)) };
}

/**
 * The current card rows of `ids` that still pass the filter's status and non-search conditions
 * (price, stock, category, region, seller, radius), in no particular order: a product archived or
 * repriced out of range since the ids were ranked is simply not returned.
 */
export async function findListRecordsByIds(db: Db, filter: ListFilter, ids: readonly string[]): Promise<ProductListRecord[]> {
  if (ids.length === 0) return [];
  const { conditions, distance } = listSql(filter, false, true);
  const rows = await (filter.point ? rowsOf : preparedRowsOf)(
    db,
    sql`select ${LIST_COLUMNS}, ${productThumbUrlSql(sql`p.id`)} as thumb_url, ${distance} as distance_km, null::float8 as score
      from products p
      where p.id = any(${`{${ids.join(',')}}`}::uuid[]) and ${sql.join(conditions, sql` and `)}`,
  );
  return rows.map(mapListRecord);
}

/** Image rows of a product in display order (used after writes). */
export async function findProductImageUploadIds(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .select({ uploadId: productImages.uploadId })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
  return rows.map((row) => row.uploadId);
}

// ---------------------------------------------------------------------------------------------
// Bulk price/stock edit (PATCH /api/seller/products)
// ---------------------------------------------------------------------------------------------

export type BulkLockedProduct = Pick<ProductRow, 'id' | 'title' | 'status' | 'reservedQuantity'>;

/**
 * The seller's products among `productIds`, locked for update in id order (two bulk edits of the
 * same products cannot deadlock). Ids of other sellers' or unknown products are simply missing.
 */
export async function lockOwnProducts(db: Db, sellerUserId: string, productIds: readonly string[]): Promise<BulkLockedProduct[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ id: products.id, title: products.title, status: products.status, reservedQuantity: products.reservedQuantity })
    .from(products)
    .where(and(eq(products.sellerUserId, sellerUserId), inArray(products.id, [...productIds])))
    .orderBy(asc(products.id))
    .for('update');
}

export interface BulkPriceStockLine {
  productId: string;
  priceMinor?: number | undefined;
  stockQuantity?: number | undefined;
}

function integerArrayLiteral(values: ReadonlyArray<number | undefined>): string {
  return `{${values.map((value) => (value === undefined ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;
}

/** Sets the given price and/or stock of each line in ONE statement (absent values stay as they are). */
export async function updatePricesAndStocks(db: Db, lines: readonly BulkPriceStockLine[]): Promise<void> {
  if (lines.length === 0) return;
  const ids = `{${lines.map((line) => line.productId).join(',')}}`;
  await db.execute(sql`update products p
    set price_minor = coalesce(v.price_minor, p.price_minor),
        stock_quantity = coalesce(v.stock_quantity, p.stock_quantity),
        updated_at = now()
    from unnest(${ids}::uuid[], ${integerArrayLiteral(lines.map((line) => line.priceMinor))}::bigint[],
      ${integerArrayLiteral(lines.map((line) => line.stockQuantity))}::int[]) as v(id, price_minor, stock_quantity)
    where p.id = v.id`);
}
