import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  availableSorts,
  countActiveFilters,
  effectiveSort,
  parseListingFilters,
  toListingSearchParams,
  toProductListQuery,
  withoutFilters,
  type ListingFilters,
} from './listing-filters';

const SELLER_ID = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d';
const parse = (query: string) => parseListingFilters(new URLSearchParams(query));

describe('parseListingFilters', () => {
  it('reads every filter from the address', () => {
    expect(
      parse(`q=tomatoes&category=vegetables&minPrice=2.5&maxPrice=10&organic=true&inStock=1&region=Kumasi&sort=price_asc&seller=${SELLER_ID}`),
    ).toEqual({
      q: 'tomatoes',
      category: 'vegetables',
      minPrice: 2.5,
      maxPrice: 10,
      organic: true,
      inStock: true,
      region: 'Kumasi',
      sort: 'price_asc',
      seller: SELLER_ID,
    });
  });

  it('gives the defaults for an empty address', () => {
    expect(parse('')).toEqual(EMPTY_FILTERS);
  });

  it('accepts the kebab-case categories the home page links to', () => {
    expect(parse('category=dairy-and-eggs').category).toBe('dairy_and_eggs');
  });

  it('ignores malformed values instead of failing the page', () => {
    expect(parse('category=cars&minPrice=cheap&maxPrice=-4&organic=yes&sort=random&seller=42')).toEqual(EMPTY_FILTERS);
  });

  it('trims the search text', () => {
    expect(parse('q=%20%20honey%20').q).toBe('honey');
  });
});

describe('toListingSearchParams', () => {
  it('writes only what differs from the defaults', () => {
    expect(toListingSearchParams(EMPTY_FILTERS).toString()).toBe('');
    expect(toListingSearchParams({ ...EMPTY_FILTERS, organic: true, category: 'honey_and_preserves' }).toString()).toBe(
      'category=honey-and-preserves&organic=true',
    );
  });

  it('leaves out the default sort for the search state', () => {
    expect(toListingSearchParams({ ...EMPTY_FILTERS, q: 'kale', sort: 'relevance' }).get('sort')).toBeNull();
    expect(toListingSearchParams({ ...EMPTY_FILTERS, sort: 'newest' }).get('sort')).toBeNull();
    expect(toListingSearchParams({ ...EMPTY_FILTERS, q: 'kale', sort: 'newest' }).get('sort')).toBe('newest');
  });

  it('round-trips through the address', () => {
    const filters: ListingFilters = {
      q: 'heirloom tomatoes',
      category: 'vegetables',
      minPrice: 1.25,
      maxPrice: 8,
      organic: true,
      inStock: true,
      region: 'Ashanti',
      sort: 'price_desc',
      seller: SELLER_ID,
    };
    expect(parseListingFilters(toListingSearchParams(filters))).toEqual(filters);
  });
});

describe('effectiveSort and availableSorts', () => {
  it('defaults to relevance with a search and newest without', () => {
    expect(effectiveSort({ q: 'eggs', sort: null })).toBe('relevance');
    expect(effectiveSort({ q: '', sort: null })).toBe('newest');
  });

  it('does not keep relevance once the search is cleared', () => {
    expect(effectiveSort({ q: '', sort: 'relevance' })).toBe('newest');
    expect(effectiveSort({ q: '', sort: 'price_asc' })).toBe('price_asc');
  });

  it('offers relevance only while searching', () => {
    expect(availableSorts({ q: '' })).toEqual(['newest', 'price_asc', 'price_desc', 'distance']);
    expect(availableSorts({ q: 'milk' })[0]).toBe('relevance');
  });
});

describe('toProductListQuery', () => {
  it('sends prices in minor units of the currency', () => {
    const query = toProductListQuery({ ...EMPTY_FILTERS, minPrice: 2.5, maxPrice: 10 }, { currency: 'USD', near: null });
    expect(query).toMatchObject({ minPrice: '250', maxPrice: '1000', sort: 'newest' });
    expect(toProductListQuery({ ...EMPTY_FILTERS, minPrice: 500 }, { currency: 'JPY', near: null }).minPrice).toBe('500');
  });

  it('avoids float noise when converting', () => {
    expect(toProductListQuery({ ...EMPTY_FILTERS, minPrice: 0.29 }, { currency: 'USD', near: null }).minPrice).toBe('29');
  });

  it('puts a reversed price range the right way round', () => {
    expect(toProductListQuery({ ...EMPTY_FILTERS, minPrice: 9, maxPrice: 3 }, { currency: 'USD', near: null })).toMatchObject({
      minPrice: '300',
      maxPrice: '900',
    });
  });

  it('maps the shop and flags to the API names', () => {
    expect(
      toProductListQuery({ ...EMPTY_FILTERS, seller: SELLER_ID, organic: true, inStock: true, q: 'honey' }, { currency: 'USD', near: null }),
    ).toEqual({ q: 'honey', sellerUserId: SELLER_ID, organic: 'true', inStock: 'true', sort: 'relevance' });
  });

  it('sends the distance sort only with a location', () => {
    const nearest = { ...EMPTY_FILTERS, sort: 'distance' as const };
    expect(toProductListQuery(nearest, { currency: 'USD', near: null }).sort).toBeUndefined();
    expect(toProductListQuery(nearest, { currency: 'USD', near: { lat: 6.69, lng: -1.62 } })).toEqual({ sort: 'distance', lat: '6.69', lng: '-1.62' });
  });
});

describe('countActiveFilters and withoutFilters', () => {
  const busy: ListingFilters = { ...EMPTY_FILTERS, q: 'beans', category: 'grains', minPrice: 1, maxPrice: 2, organic: true, region: 'Tamale', sort: 'price_asc', seller: SELLER_ID };

  it('counts the narrowing filters, a price range once, and not the search, sort or shop', () => {
    expect(countActiveFilters(busy)).toBe(4);
    expect(countActiveFilters({ ...EMPTY_FILTERS, q: 'x', sort: 'newest', seller: SELLER_ID })).toBe(0);
  });

  it('clears the filters but keeps the search, sort and shop', () => {
    expect(withoutFilters(busy)).toEqual({ ...EMPTY_FILTERS, q: 'beans', sort: 'price_asc', seller: SELLER_ID });
  });
});
