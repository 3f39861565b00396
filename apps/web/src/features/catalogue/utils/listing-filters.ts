import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS, type TProductCategory, type TProductSort } from '@pulse/contract/product-options';
import { unitsToMinor } from '../../../lib/catalogue/format-price';

/**
 * Everything the listing shows, as kept in the address bar so a search can be shared and Back
 * restores the previous one. Prices are in currency units (what people type), not minor units.
 */
export interface ListingFilters {
  q: string;
  category: TProductCategory | null;
  minPrice: number | null;
  maxPrice: number | null;
  organic: boolean;
  inStock: boolean;
  region: string;
  /** The sort the person chose; null means the default (relevance with a search, else newest). */
  sort: TProductSort | null;
  /** A seller's user id: the listing is that seller's shop. */
  seller: string | null;
}

export const EMPTY_FILTERS: ListingFilters = {
  q: '',
  category: null,
  minPrice: null,
  maxPrice: null,
  organic: false,
  inStock: false,
  region: '',
  sort: null,
  seller: null,
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Links elsewhere in the app write categories in kebab case (dairy-and-eggs); the API uses snake case. */
function parseCategory(value: string | null): TProductCategory | null {
  if (!value) return null;
  const normalised = value.trim().toLowerCase().replaceAll('-', '_');
  return (PRODUCT_CATEGORIES as readonly string[]).includes(normalised) ? (normalised as TProductCategory) : null;
}

function parsePrice(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 ? price : null;
}

function parseFlag(value: string | null): boolean {
  return value === 'true' || value === '1';
}

function parseSort(value: string | null): TProductSort | null {
  return value && (PRODUCT_SORTS as readonly string[]).includes(value) ? (value as TProductSort) : null;
}

/** Reads the filters from the address; anything malformed is ignored rather than failing the page. */
export function parseListingFilters(params: URLSearchParams): ListingFilters {
  const seller = params.get('seller')?.trim() ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    category: parseCategory(params.get('category')),
    minPrice: parsePrice(params.get('minPrice')),
    maxPrice: parsePrice(params.get('maxPrice')),
    organic: parseFlag(params.get('organic')),
    inStock: parseFlag(params.get('inStock')),
    region: (params.get('region') ?? '').trim().slice(0, 100),
    sort: parseSort(params.get('sort')),
    seller: UUID_PATTERN.test(seller) ? seller : null,
  };
}

/** The address for these filters: only what differs from the defaults, in a stable order. */
export function toListingSearchParams(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category.replaceAll('_', '-'));
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.organic) params.set('organic', 'true');
  if (filters.inStock) params.set('inStock', 'true');
  if (filters.region.trim()) params.set('region', filters.region.trim());
  if (filters.sort && filters.sort !== defaultSort(filters)) params.set('sort', filters.sort);
  if (filters.seller) params.set('seller', filters.seller);
  return params;
}

function defaultSort(filters: Pick<ListingFilters, 'q'>): TProductSort {
  return filters.q.trim() ? 'relevance' : 'newest';
}

/** The sort in force: relevance only means something with a search, so without one it is newest. */
export function effectiveSort(filters: Pick<ListingFilters, 'q' | 'sort'>): TProductSort {
  if (!filters.sort) return defaultSort(filters);
  if (filters.sort === 'relevance' && !filters.q.trim()) return 'newest';
  return filters.sort;
}

/** How many of the narrowing filters (not the search, sort or shop) are on: the Filters button shows it. */
export function countActiveFilters(filters: ListingFilters): number {
  return [
    filters.category !== null,
    filters.minPrice !== null || filters.maxPrice !== null,
    filters.organic,
    filters.inStock,
    filters.region.trim() !== '',
  ].filter(Boolean).length;
}

/** Drops the narrowing filters, keeping the search, the sort and the shop. */
export function withoutFilters(filters: ListingFilters): ListingFilters {
  return { ...EMPTY_FILTERS, q: filters.q, sort: filters.sort, seller: filters.seller };
}

export interface NearPoint {
  lat: number;
  lng: number;
}

/**
 * The GET /api/products query for these filters: prices in minor units, a reversed price range
 * put the right way round, and the coordinates the distance sort needs.
 */
export function toProductListQuery(filters: ListingFilters, options: { currency: string; near: NearPoint | null }): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.category) query.category = filters.category;
  let low = filters.minPrice;
  let high = filters.maxPrice;
  if (low !== null && high !== null && low > high) [low, high] = [high, low];
  if (low !== null) query.minPrice = String(unitsToMinor(low, options.currency));
  if (high !== null) query.maxPrice = String(unitsToMinor(high, options.currency));
  if (filters.organic) query.organic = 'true';
  if (filters.inStock) query.inStock = 'true';
  if (filters.region.trim()) query.region = filters.region.trim();
  if (filters.seller) query.sellerUserId = filters.seller;
  const sort = effectiveSort(filters);
  if (sort === 'distance') {
    if (options.near) {
      query.lat = String(options.near.lat);
      query.lng = String(options.near.lng);
      query.sort = sort;
    }
  } else {
    query.sort = sort;
  }
  return query;
}

/** The sort menu's names; render with i18n._(). */
export const SORT_LABELS: Readonly<Record<TProductSort, MessageDescriptor>> = {
  relevance: msg`Relevance`,
  newest: msg`Newest`,
  price_asc: msg`Price: low to high`,
  price_desc: msg`Price: high to low`,
  distance: msg`Nearest`,
};

/** Why "Nearest" could not be used, naming the sort kept (whole sentences, one per sort). */
export function locationRefusedText(keptSort: TProductSort): string {
  switch (keptSort) {
    case 'relevance':
      return t`We could not get your location, so the results stay sorted by relevance. Allow location access in your browser to sort by distance.`;
    case 'newest':
      return t`We could not get your location, so the results stay sorted by newest. Allow location access in your browser to sort by distance.`;
    case 'price_asc':
      return t`We could not get your location, so the results stay sorted by price: low to high. Allow location access in your browser to sort by distance.`;
    case 'price_desc':
      return t`We could not get your location, so the results stay sorted by price: high to low. Allow location access in your browser to sort by distance.`;
    case 'distance':
      return t`We could not get your location, so the results stay sorted by nearest. Allow location access in your browser to sort by distance.`;
  }
}

/** The sorts offered: relevance only while a search is active. */
export function availableSorts(filters: Pick<ListingFilters, 'q'>): TProductSort[] {
  return PRODUCT_SORTS.filter((sort) => sort !== 'relevance' || filters.q.trim() !== '');
}
