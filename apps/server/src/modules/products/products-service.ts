import type { I18n } from '@lingui/core';
import { translatorFor } from '../../i18n/translator';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { z } from 'zod';
import type {
  TBulkProductUpdateRequest,
  TBulkProductUpdateResponse,
  TProductDetails,
  TProductListResponse,
  TProductSort,
  TProductStatus,
  TProductSummary,
  ZProductInput,
  ZProductListQuery,
  ZProductPatch,
  ZSellerProductListQuery,
} from '@pulse/contract/products';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { buildUploadUrl } from '../uploads/uploads-service';
import { decodeCursor, encodeCursor } from './product-cursor';
import {
  createProductWithImages,
  findListRecordsByIds,
  findOwnedUploadIds,
  findOwnProductForUpdate,
  findProductDetails,
  listNewestAvailableFirstRecords,
  listProductRecords,
  lockOwnProducts,
  NO_DISTANCE_KEY,
  rankSearchIds,
  replaceProductImages,
  updatePricesAndStocks,
  updateProductRow,
  type ListAfter,
  type ListFilter,
  type ProductDetailsRecord,
  type ProductListRecord,
  type ProductWriteFields,
} from './products-repository';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import type { StandingProductWithdrawnEvent } from '../standing-orders/standing-order-events';
import { productWithdrawal } from '../standing-orders/standing-orders-repository';
import { clearCatalogueCaches } from './products-response-cache';
import { SEARCH_CACHE_IDS, searchCacheFor, searchCacheKey } from './products-search-cache';

export const SELLER_ROLE_REQUIRED_MESSAGE = contractMessage(msg`Only sellers can list products. Apply to sell first.`);
export const PRODUCT_NOT_FOUND_MESSAGE = contractMessage(msg`This product does not exist or is no longer listed.`);
export const IMAGES_NOT_YOURS_MESSAGE = contractMessage(msg`Choose photos you uploaded yourself.`);
export const DUPLICATE_IMAGES_MESSAGE = contractMessage(msg`The same photo appears twice.`);
export const COORDINATES_TOGETHER_MESSAGE = contractMessage(msg`Give both latitude and longitude of the farm, or neither.`);
export const RADIUS_NEEDS_POINT_MESSAGE = contractMessage(msg`Give latitude and longitude to search within a distance.`);
export const DISTANCE_SORT_NEEDS_POINT_MESSAGE = contractMessage(msg`Give latitude and longitude to sort by distance.`);

export function stockBelowReservedMessage(reserved: number, i18n: I18n = translatorFor('en')): string {
  return i18n._(msg`Stock cannot go below ${{ reserved }}: that many are held by open orders.`);
}

export const BULK_DUPLICATE_MESSAGE = contractMessage(msg`Each product may appear once`);

export function bulkArchivedMessage(title: string, i18n: I18n = translatorFor('en')): string {
  return i18n._(msg`"${{ title }}" is archived: restore it before changing its price or stock.`);
}

export function bulkStockBelowReservedMessage(title: string, reserved: number, i18n: I18n = translatorFor('en')): string {
  return i18n._(msg`"${{ title }}" has ${{ reserved }} reserved by open orders: its stock cannot go below ${{ reserved }}.`);
}

/** Tells the standing buyers of a product paused or archived (the routes publish 'standing_order.product_withdrawn' after the commit). */
export type ProductWithdrawnAnnouncer = (event: StandingProductWithdrawnEvent) => Promise<void>;

type ProductInput = z.output<typeof ZProductInput>;
type ProductPatch = z.output<typeof ZProductPatch>;
type ListQuery = z.output<typeof ZProductListQuery>;
type SellerListQuery = z.output<typeof ZSellerProductListQuery>;

/** The seller role AND an approved application (decision 013); a pending applicant gets 403. */
/** 403 unless an approved seller; the routes run it before validation too (nothing of the body's rules to others). */
export async function requireSeller(db: Db, user: UserRow): Promise<void> {
  if (!user.roles.includes('seller')) throw new ForbiddenError(SELLER_ROLE_REQUIRED_MESSAGE);
  await assertApprovedSeller(db, user);
}

/** Average of 1-5 stars to two decimals; null without ratings (products and shops). */
export function ratingAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.min(5, Math.max(0, Math.round((sum / count) * 100) / 100));
}

/**
 * Sold out is derived, never stored: the status stays `active` and a product with nothing
 * available (stock all held by orders, or zero) is shown as `sold_out`. Reserving stock (orders
 * lane) therefore never has to touch the status.
 */
function publicStatus(record: Pick<ProductListRecord, 'status' | 'stockQuantity' | 'reservedQuantity'>): TProductStatus {
  if (record.status === 'active' && record.stockQuantity - record.reservedQuantity <= 0) return 'sold_out';
  return record.status;
}

function toSummary(record: ProductListRecord, currency: string): TProductSummary {
  return {
    id: record.id,
    title: record.title,
    category: record.category,
    unit: record.unit,
    priceMinor: record.priceMinor,
    currency,
    availableQuantity: Math.max(0, record.stockQuantity - record.reservedQuantity),
    minOrderQuantity: record.minOrderQuantity,
    organic: record.organic,
    region: record.originRegion,
    farmName: record.originFarmName,
    sellerUserId: record.sellerUserId,
    status: publicStatus(record),
    thumbUrl: record.thumbUrl,
    ratingAverage: ratingAverage(record.ratingSum, record.ratingCount),
    ratingCount: record.ratingCount,
    distanceKm: record.distanceKm === null ? null : Math.round(record.distanceKm * 10) / 10,
    createdAt: record.createdAtIso,
  };
}

/**
 * Cards of the given products that are on sale (active, sold out included), keyed by id, in one
 * statement: for other modules that show linked products (Pulse Hub posts). Archived, paused and
 * draft products, and unknown ids, are simply missing from the map.
 */
export async function loadActiveProductSummaries(db: Db, productIds: readonly string[], currency: string): Promise<Map<string, TProductSummary>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const records = await findListRecordsByIds(db, { search: null, statuses: ['active'] }, unique);
  return new Map(records.map((record) => [record.id, toSummary(record, currency)]));
}

function toDetails(record: ProductDetailsRecord, currency: string): TProductDetails {
  return {
    ...toSummary(record, currency),
    description: record.description,
    stockQuantity: record.stockQuantity,
    harvestDate: record.harvestDate,
    origin: { farmName: record.originFarmName, region: record.originRegion, lat: record.originLat, lng: record.originLng },
    images: record.images.map((image) => ({
      id: image.id,
      url: buildUploadUrl(image.storageKey),
      thumbUrl: buildUploadUrl(image.thumbStorageKey ?? image.storageKey),
      width: image.width,
      height: image.height,
    })),
    seller: {
      userId: record.sellerUserId,
      username: record.sellerUsername,
      shopName: record.sellerShopName ?? record.sellerUsername,
      profilePictureUrl: record.sellerProfilePictureUrl,
      ratingAverage: ratingAverage(record.sellerRatingSum, record.sellerRatingCount),
      ratingCount: record.sellerRatingCount,
    },
    acceptsStandingOrders: record.acceptsStandingOrders,
    updatedAt: record.updatedAt.toISOString(),
  };
}

async function checkImages(db: Db, ownerUserId: string, imageIds: readonly string[]): Promise<void> {
  if (new Set(imageIds).size !== imageIds.length) throw new InvalidError(DUPLICATE_IMAGES_MESSAGE, { imageIds: DUPLICATE_IMAGES_MESSAGE });
  const owned = await findOwnedUploadIds(db, ownerUserId, imageIds);
  if (imageIds.some((id) => !owned.has(id))) throw new InvalidError(IMAGES_NOT_YOURS_MESSAGE, { imageIds: IMAGES_NOT_YOURS_MESSAGE });
}

function checkCoordinates(lat: number | null | undefined, lng: number | null | undefined): void {
  if ((lat === null || lat === undefined) !== (lng === null || lng === undefined)) {
    throw new InvalidError(COORDINATES_TOGETHER_MESSAGE, { [lat === null || lat === undefined ? 'originLat' : 'originLng']: COORDINATES_TOGETHER_MESSAGE });
  }
}

export async function createProduct(db: Db, user: UserRow, input: ProductInput, currency: string): Promise<TProductDetails> {
  await requireSeller(db, user);
  checkCoordinates(input.originLat, input.originLng);
  await checkImages(db, user.id, input.imageIds);
  const { imageIds, ...fields } = input;
  const row = await createProductWithImages(db, user.id, fields, imageIds);
  clearCatalogueCaches(db);
  return getProductForViewer(db, row.id, user.id, currency);
}

export async function updateProduct(
  db: Db,
  user: UserRow,
  productId: string,
  patch: ProductPatch,
  currency: string,
  announce?: ProductWithdrawnAnnouncer,
): Promise<TProductDetails> {
  await requireSeller(db, user);
  if (patch.imageIds) await checkImages(db, user.id, patch.imageIds);
  const withdrawn = await db.transaction(async (tx) => {
    const current = await findOwnProductForUpdate(tx, productId, user.id);
    if (!current) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
    checkCoordinates(
      patch.originLat === undefined ? current.originLat : patch.originLat,
      patch.originLng === undefined ? current.originLng : patch.originLng,
    );
    if (patch.stockQuantity !== undefined && patch.stockQuantity < current.reservedQuantity) {
      const reserved = current.reservedQuantity;
      const message = (i18n: I18n) => stockBelowReservedMessage(reserved, i18n);
      throw new ConflictError(message, { stockQuantity: message });
    }
    const { imageIds, ...fields } = patch;
    const values: Partial<ProductWriteFields> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    await updateProductRow(tx, productId, values);
    if (imageIds) await replaceProductImages(tx, productId, imageIds);
    return patch.status ? productWithdrawal(tx, { ...current, title: patch.title ?? current.title, previousStatus: current.status }, patch.status) : null;
  });
  clearCatalogueCaches(db);
  if (withdrawn && announce) await announce(withdrawn);
  return getProductForViewer(db, productId, user.id, currency);
}

/** DELETE: archives (kept for past orders and reviews); archiving twice is fine. */
export async function archiveProduct(db: Db, user: UserRow, productId: string, announce?: ProductWithdrawnAnnouncer): Promise<void> {
  await requireSeller(db, user);
  const withdrawn = await db.transaction(async (tx) => {
    const current = await findOwnProductForUpdate(tx, productId, user.id);
    if (!current) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
    if (current.status === 'archived') return null;
    await updateProductRow(tx, productId, { status: 'archived' });
    return productWithdrawal(tx, { ...current, previousStatus: current.status }, 'archived');
  });
  clearCatalogueCaches(db);
  if (withdrawn && announce) await announce(withdrawn);
}

/** Anyone sees an active product; a draft, paused or archived one only its seller. */
export async function getProductForViewer(db: Db, productId: string, viewerUserId: string | null, currency: string): Promise<TProductDetails> {
  const record = await findProductDetails(db, productId);
  if (!record) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  if (record.status !== 'active' && record.status !== 'sold_out' && record.sellerUserId !== viewerUserId) {
    throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  }
  return toDetails(record, currency);
}

/** Letters and digits runs of the search text, lower-cased; at most 8 words. */
export function searchTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

function isSoldOut(record: Pick<ProductListRecord, 'stockQuantity' | 'reservedQuantity'>): boolean {
  return record.stockQuantity <= record.reservedQuantity;
}

function cursorAfter(record: ProductListRecord, sort: TProductSort, availableFirst = false): ListAfter {
  switch (sort) {
    case 'newest':
      return { sort, created: record.createdKey, id: record.id, soldOut: availableFirst && isSoldOut(record) };
    case 'price_asc':
    case 'price_desc':
      return { sort, price: record.priceMinor, id: record.id };
    case 'relevance':
      return { sort, score: record.score ?? 0, id: record.id };
    case 'distance':
      return { sort, distance: record.distanceKm ?? NO_DISTANCE_KEY, id: record.id };
  }
}

/** Search text as the database compares it: pg_trgm and the tsquery ignore case and repeated spaces. */
function normaliseSearchText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Whether (score, id) comes strictly after the cursor in relevance order (score desc, id desc). */
function isAfter(score: number, id: string, after: Extract<ListAfter, { sort: 'relevance' }>): boolean {
  return score < after.score || (score === after.score && id < after.id);
}

/**
 * A relevance page from the cached ranking (see products-search-cache.ts): one query on a hit
 * (the page's rows by id), two on a miss (rank, then the page). Candidates are the next
 * limit+1 ranked ids plus a quarter of a page of spare ones, so a few products archived or filtered out since the
 * ranking do not shorten the page. Null when the page reaches past the end of a capped list: the
 * uncached keyset query answers that page (the cursor format is the same).
 */
async function cachedSearchPage(
  db: Db,
  filter: ListFilter,
  after: ListAfter | null,
  limit: number,
  currency: string,
): Promise<TProductListResponse | null> {
  const ranked = await searchCacheFor(db).getOrCompute(searchCacheKey(filter), () => rankSearchIds(db, filter, SEARCH_CACHE_IDS));
  let start = 0;
  if (after?.sort === 'relevance') {
    while (start < ranked.ids.length && !isAfter(ranked.scores[start]!, ranked.ids[start]!, after)) start += 1;
  }
  const capped = ranked.ids.length >= SEARCH_CACHE_IDS;
  // Spare candidates: a quarter of a page (at least 2), for products dropped since the ranking.
  const windowEnd = Math.min(ranked.ids.length, start + limit + 1 + Math.ceil(limit / 4) + 1);
  if (capped && start + limit + 1 > ranked.ids.length) return null;
  const windowIds = ranked.ids.slice(start, windowEnd);
  const records = await findListRecordsByIds(db, filter, windowIds);
  const byId = new Map(records.map((record) => [record.id, record]));
  const survivors: ProductListRecord[] = [];
  for (let index = start; index < windowEnd && survivors.length <= limit; index += 1) {
    const record = byId.get(ranked.ids[index]!);
    if (record) survivors.push({ ...record, score: ranked.scores[index]! });
  }
  const page = survivors.slice(0, limit);
  let nextCursor: string | null = null;
  if (survivors.length > limit) {
    nextCursor = encodeCursor(cursorAfter(page.at(-1)!, 'relevance'));
  } else if (windowEnd < ranked.ids.length) {
    // Fewer survivors than a page but more ranked ids after the window: continue after the window.
    nextCursor = encodeCursor({ sort: 'relevance', score: ranked.scores[windowEnd - 1]!, id: ranked.ids[windowEnd - 1]! });
  }
  return { items: page.map((record) => toSummary(record, currency)), nextCursor };
}

async function listPage(
  db: Db,
  query: ListQuery,
  statuses: ListFilter['statuses'],
  sellerUserId: string | undefined,
  currency: string,
  cacheSearch = false,
  extra: ListExtra = {},
  soldOutLast = false,
): Promise<TProductListResponse> {
  const text = normaliseSearchText(query.q ?? '');
  const tokens = searchTokens(text);
  const search = tokens.length > 0 ? { tokens, text } : null;
  const point = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
  if (query.radiusKm !== undefined && !point) throw new InvalidError(RADIUS_NEEDS_POINT_MESSAGE, { radiusKm: RADIUS_NEEDS_POINT_MESSAGE });
  if (query.sort === 'distance' && !point) throw new InvalidError(DISTANCE_SORT_NEEDS_POINT_MESSAGE, { sort: DISTANCE_SORT_NEEDS_POINT_MESSAGE });

  let sort: TProductSort = query.sort ?? (search ? 'relevance' : 'newest');
  if (sort === 'relevance' && !search) sort = 'newest';
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, sort);

  const filter: ListFilter = {
    search,
    category: query.category,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    organic: query.organic,
    inStock: query.inStock,
    region: query.region || undefined,
    sellerUserId,
    point,
    radiusKm: query.radiusKm,
    harvestedSince: extra.harvestedSince,
    statuses,
    // Whether the shopper filtered by stock or not: one group only, the plain order.
    soldOutLast: soldOutLast && query.inStock === undefined,
  };
  if (cacheSearch && sort === 'relevance' && search) {
    const cached = await cachedSearchPage(db, filter, after, query.limit, currency);
    if (cached) return cached;
  }
  const availableFirst = filter.soldOutLast === true && sort === 'newest';
  const records = availableFirst
    ? await listNewestAvailableFirstRecords(db, filter, after?.sort === 'newest' ? after : null, query.limit + 1)
    : await listProductRecords(db, filter, sort, after, query.limit + 1);
  const page = records.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((record) => toSummary(record, currency)),
    nextCursor: records.length > query.limit && last ? encodeCursor(cursorAfter(last, sort, availableFirst)) : null,
  };
}

/** Filters the public query does not offer; the Pulse Assistant's catalogue search uses them. */
export interface ListExtra {
  /** YYYY-MM-DD: only products harvested on or after that day. */
  harvestedSince?: string | undefined;
}

/**
 * GET /api/products: public, active products only (the assistant's search_products tool adds
 * `extra`). In the newest and the relevance order (the defaults without and with a search)
 * sold-out products come last.
 */
export function listProducts(db: Db, query: ListQuery, currency: string, extra: ListExtra = {}): Promise<TProductListResponse> {
  return listPage(db, query, ['active'], query.sellerUserId, currency, true, extra, true);
}

/** GET /api/seller/products: the seller's own products in every status (or the one asked for). */
export async function listSellerProducts(db: Db, user: UserRow, query: SellerListQuery, currency: string): Promise<TProductListResponse> {
  await requireSeller(db, user);
  // Sold out is derived (active with nothing available), so that filter reads active + not in stock.
  if (query.status === 'sold_out') return listPage(db, { ...query, inStock: false }, ['active', 'sold_out'], user.id, currency);
  const statuses: ListFilter['statuses'] = query.status ? [query.status] : ['draft', 'active', 'paused', 'sold_out', 'archived'];
  return listPage(db, query, statuses, user.id, currency);
}

/**
 * PATCH /api/seller/products: new prices and/or stocks of several own products, all or nothing
 * (one transaction, rows locked). Any id that is not the caller's product: 404 for the whole
 * request; an archived product: 409 naming it; stock below what open orders hold: 409 naming the
 * product (the rule of PATCH /api/products/{id}). Returns the updated cards in the request's order.
 */
export async function bulkUpdateProducts(
  db: Db,
  user: UserRow,
  request: TBulkProductUpdateRequest,
  currency: string,
): Promise<TBulkProductUpdateResponse> {
  await requireSeller(db, user);
  const lines = request.updates.map((line) => ({ ...line, productId: line.productId.toLowerCase() }));
  const ids = lines.map((line) => line.productId);
  // The contract compares the ids as sent; the same id in two cases is still one product.
  if (new Set(ids).size !== ids.length) throw new InvalidError(BULK_DUPLICATE_MESSAGE, { updates: BULK_DUPLICATE_MESSAGE });
  await db.transaction(async (tx) => {
    const locked = new Map((await lockOwnProducts(tx, user.id, ids)).map((row) => [row.id, row]));
    if (ids.some((id) => !locked.has(id))) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
    for (const [index, line] of lines.entries()) {
      const current = locked.get(line.productId)!;
      if (current.status === 'archived') {
        const title = current.title;
        const message = (i18n: I18n) => bulkArchivedMessage(title, i18n);
        throw new ConflictError(message, { [`updates.${index}.productId`]: message });
      }
      if (line.stockQuantity !== undefined && line.stockQuantity < current.reservedQuantity) {
        const { title, reservedQuantity } = current;
        const message = (i18n: I18n) => bulkStockBelowReservedMessage(title, reservedQuantity, i18n);
        throw new ConflictError(message, { [`updates.${index}.stockQuantity`]: message });
      }
    }
    await updatePricesAndStocks(tx, lines);
  });
  clearCatalogueCaches(db);
  const records = await findListRecordsByIds(db, { search: null, statuses: ['draft', 'active', 'paused', 'sold_out'], sellerUserId: user.id }, ids);
  const byId = new Map(records.map((record) => [record.id, record]));
  return { items: ids.flatMap((id) => (byId.has(id) ? [toSummary(byId.get(id)!, currency)] : [])) };
}
