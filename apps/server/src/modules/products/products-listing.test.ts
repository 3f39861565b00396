import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TProductListResponse, TProductSummary } from '@pulse/contract/products';
import { products, type NewProductRow } from '../../db/schema/products';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { INVALID_CURSOR_MESSAGE } from './product-cursor';
import { headWordForms, insertProductImages, insertProductRows } from './products-repository';
import { clearCatalogueCaches } from './products-response-cache';
import { searchCacheFor } from './products-search-cache';
import { DISTANCE_SORT_NEEDS_POINT_MESSAGE, RADIUS_NEEDS_POINT_MESSAGE } from './products-service';
import { createProductAs, registerSeller, uploadImage, type TestUser } from './products-test-helpers';

let testApp: TestApp;
let sellerA: TestUser;
let sellerB: TestUser;
const ids: Record<string, string> = {};
let thumbImageId: string;

/** Somerset-ish origin; Bristol (51.45, -2.59) is ~50 km north of it. */
const BRISTOL = { lat: 51.45, lng: -2.59 };

const sameMoment = new Date('2026-11-01T10:00:00.000Z');

function row(sellerUserId: string, key: string, values: Partial<NewProductRow>): NewProductRow & { key: string } {
  return { key, sellerUserId, title: key, stockQuantity: 10, priceMinor: 100, category: 'other', ...values };
}

beforeAll(async () => {
  testApp = await createTestApp();
  sellerA = await registerSeller(testApp, 'Green Hollow Farm');
  sellerB = await registerSeller(testApp);
  const a = sellerA.user.id;
  const b = sellerB.user.id;
  const rows = [
    row(a, 'Heirloom Tomatoes', {
      category: 'vegetables',
      priceMinor: 450,
      organic: true,
      originRegion: 'Somerset',
      originFarmName: 'Green Hollow',
      originLat: 51.05,
      originLng: -2.75,
      createdAt: new Date('2026-11-10T08:00:00Z'),
      description: 'Sweet, ripe and picked this morning.',
    }),
    row(a, 'Wildflower Honey', {
      category: 'honey_and_preserves',
      priceMinor: 900,
      originRegion: 'Somerset Levels',
      originFarmName: 'Green Hollow',
      originLat: 51.1,
      originLng: -2.9,
      createdAt: new Date('2026-11-09T08:00:00Z'),
      description: 'Raw honey from our meadow hives.',
    }),
    row(b, 'Strawberries', {
      category: 'fruits',
      priceMinor: 350,
      organic: true,
      originRegion: 'Kent',
      originFarmName: 'Orchard End',
      originLat: 51.27,
      originLng: 0.52,
      createdAt: new Date('2026-11-08T08:00:00Z'),
      description: 'Early season berries.',
    }),
    row(b, 'Free-range Eggs', {
      category: 'dairy_and_eggs',
      unit: 'dozen',
      priceMinor: 350,
      originRegion: 'kent',
      originFarmName: 'Orchard End',
      createdAt: new Date('2026-11-07T08:00:00Z'),
      stockQuantity: 5,
      reservedQuantity: 5,
      description: 'From hens that roam the orchard.',
    }),
    row(b, 'Oat Flakes', { category: 'grains', priceMinor: 275, originRegion: 'Yorkshire', createdAt: sameMoment }),
    row(b, 'Barley', { category: 'grains', priceMinor: 275, originRegion: 'Yorkshire', createdAt: sameMoment }),
    row(b, 'Rye Grain', { category: 'grains', priceMinor: 275, originRegion: 'Yorkshire', createdAt: sameMoment }),
    row(a, 'Basil Bunch', { category: 'herbs_and_spices', unit: 'bunch', priceMinor: 150, originRegion: 'Somerset', createdAt: new Date('2026-10-01T08:00:00Z') }),
    row(a, 'Paused Pears', { category: 'fruits', status: 'paused', createdAt: new Date('2026-11-11T08:00:00Z') }),
    row(a, 'Draft Damsons', { category: 'fruits', status: 'draft', createdAt: new Date('2026-11-11T09:00:00Z') }),
    row(a, 'Archived Apples', { category: 'fruits', status: 'archived', createdAt: new Date('2026-11-11T10:00:00Z') }),
  ];
  const inserted = await insertProductRows(
    testApp.app.db,
    rows.map(({ key: _key, ...values }) => values),
  );
  rows.forEach((entry, index) => {
    ids[entry.key] = inserted[index]!;
  });
  thumbImageId = await uploadImage(testApp, a);
  await insertProductImages(testApp.app.db, ids['Heirloom Tomatoes']!, [thumbImageId]);
});

afterAll(async () => {
  await testApp.close();
});

const ACTIVE_COUNT = 8;

async function list(query: string, headers: Record<string, string> = {}): Promise<TProductListResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products${query ? `?${query}` : ''}`, headers });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json<TProductListResponse>();
}

async function titles(query: string): Promise<string[]> {
  return (await list(query)).items.map((item) => item.title);
}

/** Every page of a query, following nextCursor. */
async function allPages(query: string, limit: number): Promise<{ items: TProductSummary[]; pages: number }> {
  const items: TProductSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: TProductListResponse = await list(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    if (pages > 50) throw new Error('pagination does not end');
  } while (cursor);
  return { items, pages };
}

describe('GET /api/products listing', () => {
  it('lists active products only, newest first with the sold-out ones last, with card fields', async () => {
    const page = await list('');
    expect(page.items.map((item) => item.title)).toEqual([
      'Heirloom Tomatoes',
      'Wildflower Honey',
      'Strawberries',
      // Same created_at: id descending breaks the tie.
      ...['Oat Flakes', 'Barley', 'Rye Grain'].sort((x, y) => (ids[y]! > ids[x]! ? 1 : -1)),
      'Basil Bunch',
      // Sold out (all 5 reserved): after every product one can buy, though newer than most.
      'Free-range Eggs',
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toEqual({
      id: ids['Heirloom Tomatoes'],
      title: 'Heirloom Tomatoes',
      category: 'vegetables',
      unit: 'piece',
      priceMinor: 450,
      currency: 'USD',
      availableQuantity: 10,
      minOrderQuantity: 1,
      organic: true,
      region: 'Somerset',
      farmName: 'Green Hollow',
      sellerUserId: sellerA.user.id,
      status: 'active',
      thumbUrl: `/uploads/${thumbImageId}-thumb.webp`,
      ratingAverage: null,
      ratingCount: 0,
      distanceKm: null,
      createdAt: '2026-11-10T08:00:00.000Z',
    });
    expect(page.items.find((item) => item.title === 'Free-range Eggs')).toMatchObject({ availableQuantity: 0, status: 'sold_out', thumbUrl: null });
  });

  it('filters by category, price range, organic, stock, region and seller', async () => {
    expect(await titles('category=grains&sort=price_asc')).toHaveLength(3);
    expect(await titles('category=fruits')).toEqual(['Strawberries']);
    expect(await titles('minPrice=350&maxPrice=450&sort=price_asc')).toEqual(
      expect.arrayContaining(['Strawberries', 'Free-range Eggs', 'Heirloom Tomatoes']),
    );
    expect(await titles('minPrice=350&maxPrice=450')).toHaveLength(3);
    expect(await titles('minPrice=901')).toEqual([]);
    expect(await titles('organic=true')).toEqual(['Heirloom Tomatoes', 'Strawberries']);
    expect(await titles('organic=false')).toHaveLength(ACTIVE_COUNT - 2);
    expect(await titles('inStock=true')).not.toContain('Free-range Eggs');
    expect(await titles('inStock=true')).toHaveLength(ACTIVE_COUNT - 1);
    expect(await titles('inStock=false')).toEqual(['Free-range Eggs']);
    // Region: case-insensitive, equality or prefix; % and _ are literal.
    expect(await titles('region=KENT')).toEqual(['Strawberries', 'Free-range Eggs']);
    expect(await titles('region=somerset')).toEqual(['Heirloom Tomatoes', 'Wildflower Honey', 'Basil Bunch']);
    expect(await titles('region=Somerset%20L')).toEqual(['Wildflower Honey']);
    expect(await titles('region=%25')).toEqual([]);
    expect(await titles(`sellerUserId=${sellerA.user.id}`)).toEqual(['Heirloom Tomatoes', 'Wildflower Honey', 'Basil Bunch']);
    expect(await titles(`sellerUserId=${sellerB.user.id}&category=dairy_and_eggs`)).toEqual(['Free-range Eggs']);
  });

  it('finds products near a point within a radius, with distances, and sorts by distance', async () => {
    const near = (await list(`lat=${BRISTOL.lat}&lng=${BRISTOL.lng}&radiusKm=60`)).items;
    expect(near.map((item) => item.title).sort()).toEqual(['Heirloom Tomatoes', 'Wildflower Honey']);
    const tomatoes = near.find((item) => item.title === 'Heirloom Tomatoes')!;
    // Bristol to (51.05, -2.75): about 45.9 km by the haversine formula (the honey farm is ~44.6 km).
    expect(tomatoes.distanceKm).toBeGreaterThan(44);
    expect(tomatoes.distanceKm).toBeLessThan(47);

    const byDistance = (await list(`lat=${BRISTOL.lat}&lng=${BRISTOL.lng}&sort=distance`)).items;
    expect(byDistance.slice(0, 3).map((item) => item.title)).toEqual(['Wildflower Honey', 'Heirloom Tomatoes', 'Strawberries']);
    // Products without coordinates come last, without a distance.
    expect(byDistance).toHaveLength(ACTIVE_COUNT);
    expect(byDistance.slice(3).map((item) => item.distanceKm)).toEqual([null, null, null, null, null]);
    const kent = byDistance[2]!;
    expect(kent.distanceKm).toBeGreaterThan(200);
    expect(kent.distanceKm).toBeLessThan(260);
  });

  it('sorts by price both ways with the id as tie-breaker', async () => {
    const ascending = (await list('sort=price_asc')).items;
    const prices = ascending.map((item) => item.priceMinor);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(ascending[0]?.title).toBe('Basil Bunch');
    const descending = (await list('sort=price_desc')).items;
    expect(descending[0]?.title).toBe('Wildflower Honey');
    expect(descending.map((item) => item.priceMinor)).toEqual([...prices].reverse());
    const ties = ascending.filter((item) => item.priceMinor === 275).map((item) => item.id);
    expect(ties).toEqual([...ties].sort());
  });
});

describe('search', () => {
  it.each([
    ['tomatos', 'Heirloom Tomatoes'],
    ['hony', 'Wildflower Honey'],
    ['strawbery', 'Strawberries'],
    ['TOMATOES', 'Heirloom Tomatoes'],
  ])('finds typos and other case: %s', async (q, expected) => {
    expect((await titles(`q=${encodeURIComponent(q)}`))[0]).toBe(expected);
  });

  it('searches description, category words, farm and region, prefix-matching the last word', async () => {
    expect(await titles('q=meadow%20hives')).toEqual(['Wildflower Honey']);
    expect(await titles('q=eggs')).toEqual(['Free-range Eggs']);
    expect(await titles('q=cereals')).toHaveLength(3);
    expect((await titles('q=orchard%20end')).sort()).toEqual(['Free-range Eggs', 'Strawberries']);
    expect(await titles('q=straw')).toEqual(['Strawberries']);
    expect(await titles('q=heirl')).toEqual(['Heirloom Tomatoes']);
    expect(await titles('q=Yorkshire&category=grains')).toHaveLength(3);
    expect(await titles('q=zzzqqq')).toEqual([]);
  });

  it('ranks a title match above a description mention and combines with filters', async () => {
    expect((await titles('q=honey'))[0]).toBe('Wildflower Honey');
    expect(await titles('q=green%20hollow&organic=true')).toEqual(['Heirloom Tomatoes']);
    // Drafts and archived products are never found.
    expect(await titles('q=damsons')).toEqual([]);
    expect(await titles('q=archived%20apples')).toEqual([]);
  });

  it('ranks a title that is the word (or its plural) above one that uses it as a modifier, from the database and from the cached ranking', async () => {
    const seller = await registerSeller(testApp, 'Seedling Farm');
    // The seedlings are the newest and in stock, so neither the id nor the stock order helps the tomatoes.
    const inserted = await insertProductRows(testApp.app.db, [
      row(seller.user.id, 'Tomatoes', { category: 'vegetables', description: 'Ripe red tomatoes.', createdAt: new Date('2026-11-01T08:00:00Z') }),
      row(seller.user.id, 'Tomato Seedlings', { category: 'other', description: 'Young tomato plants in pots, tomato variety Moneymaker.', createdAt: new Date('2026-11-12T08:00:00Z') }),
      row(seller.user.id, 'Tomato Paste', { category: 'other', description: 'Tomato paste in jars.', createdAt: new Date('2026-11-12T09:00:00Z') }),
    ]);
    clearCatalogueCaches(testApp.app.db);
    try {
      const tomatoes = ['Tomatoes', 'Heirloom Tomatoes'];
      for (const q of ['tomato', 'tomatoes', 'Tomato', 'red tomato']) {
        // The first request ranks and caches; the second is served from the cached ranking.
        for (const round of ['ranked', 'cached']) {
          const found = await titles(`q=${encodeURIComponent(q)}`);
          const products = found.filter((title) => tomatoes.includes(title));
          expect(products.length, `${q} (${round}): ${found.join(', ')}`).toBeGreaterThan(0);
          expect(found.slice(0, products.length).sort(), `${q} (${round}): ${found.join(', ')}`).toEqual([...products].sort());
        }
      }
      expect((await titles('q=tomato')).slice(0, 2).sort()).toEqual(['Heirloom Tomatoes', 'Tomatoes']);
      // The seller's own search is ranked by the database alone (no cache): the same order.
      const own = await testApp.app.inject({ method: 'GET', url: '/api/seller/products?q=tomato', headers: bearer(seller.token) });
      expect(own.statusCode).toBe(200);
      expect(own.json<TProductListResponse>().items.map((item) => item.title)[0]).toBe('Tomatoes');
    } finally {
      await testApp.app.db.delete(products).where(inArray(products.id, inserted.map((id) => id!)));
      clearCatalogueCaches(testApp.app.db);
    }
  });

  it('counts singular and plural spellings as the same head word', () => {
    expect(headWordForms('tomato')).toEqual(expect.arrayContaining(['tomato', 'tomatos', 'tomatoes']));
    expect(headWordForms('tomatoes')).toContain('tomato');
    expect(headWordForms('berry')).toContain('berries');
    expect(headWordForms('berries')).toContain('berry');
    expect(headWordForms('eggs')).toContain('egg');
    expect(headWordForms('ox')).toEqual(['ox']);
  });

  it('ignores punctuation-only search text and keeps quotes and operators harmless', async () => {
    expect(await titles('q=%21%21%21')).toHaveLength(ACTIVE_COUNT);
    expect(await titles(`q=${encodeURIComponent("tomato' & | !(:*")}`)).toEqual(['Heirloom Tomatoes']);
  });
});

describe('keyset pagination', () => {
  it.each([
    ['newest', ''],
    ['price_asc', 'sort=price_asc'],
    ['price_desc', 'sort=price_desc'],
    ['distance', `sort=distance&lat=${BRISTOL.lat}&lng=${BRISTOL.lng}`],
    ['relevance', 'q=s'],
    ['relevance with a filter', 'q=e&inStock=true'],
  ])('covers every row exactly once in %s order, page after page', async (_sort, query) => {
    const full = (await list(`${query}&limit=60`)).items.map((item) => item.id);
    for (const limit of [1, 2, 3]) {
      const { items, pages } = await allPages(query, limit);
      const pageIds = items.map((item) => item.id);
      expect(new Set(pageIds).size).toBe(pageIds.length);
      expect(pageIds).toEqual(full);
      expect(pages).toBe(Math.max(1, Math.ceil(full.length / limit)));
    }
  });

  it('returns a cursor only when more rows follow', async () => {
    const first = await list('limit=7');
    expect(first.items).toHaveLength(7);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`limit=7&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(ACTIVE_COUNT - 7);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a tampered cursor or one from another sort with 400 "Invalid cursor"', async () => {
    const first = await list('limit=2');
    const decoded = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = [
      'not-base64!!',
      'eyJub3QiOiJqc29u',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, k: "2026-11-01'; drop table products; --" })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, k: '2026-13-45 99:00:00+00' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, id: 'abc' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, s: 'price_asc' })).toString('base64url'),
    ];
    for (const cursor of tampered) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/products?limit=2&cursor=${encodeURIComponent(cursor)}` });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', message: INVALID_CURSOR_MESSAGE });
    }
    const otherSort = await testApp.app.inject({ method: 'GET', url: `/api/products?sort=price_asc&cursor=${first.nextCursor}` });
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json().error.message).toBe(INVALID_CURSOR_MESSAGE);
  });
});

describe('sold-out products in the default order', () => {
  it('come after the available ones on the first page even when newest; the other sorts and the stock filters keep their order', async () => {
    const seller = await registerSeller(testApp, 'Late Harvest Farm');
    const [soldOutId, freshId] = await insertProductRows(testApp.app.db, [
      row(seller.user.id, 'Newest But Gone', { stockQuantity: 0, priceMinor: 90, createdAt: new Date('2026-11-20T08:00:00Z') }),
      row(seller.user.id, 'Fresh Okra', { stockQuantity: 8, priceMinor: 95, createdAt: new Date('2026-11-19T08:00:00Z') }),
    ]);
    // Written behind the API's back: the anonymous pages cached by earlier tests must go.
    clearCatalogueCaches(testApp.app.db);
    try {
      const first = await list('limit=3');
      expect(first.items.map((item) => item.id)).toEqual([freshId, ids['Heirloom Tomatoes'], ids['Wildflower Honey']]);
      const everything = await titles('limit=60');
      expect(everything.slice(-2)).toEqual(['Newest But Gone', 'Free-range Eggs']);
      // Chosen sorts and an explicit stock filter are as they were: price first, newest first.
      expect((await titles('sort=price_asc&limit=2'))[0]).toBe('Newest But Gone');
      expect(await titles('inStock=false')).toEqual(['Newest But Gone', 'Free-range Eggs']);
      // A search finds sold-out matches too.
      expect(await titles('q=newest')).toEqual(['Newest But Gone']);
    } finally {
      await testApp.app.db.delete(products).where(inArray(products.id, [soldOutId!, freshId!]));
      clearCatalogueCaches(testApp.app.db);
    }
  });

  it('come after the available ones in a search too, each group by relevance, across pages and from the cached ranking', async () => {
    const seller = await registerSeller(testApp, 'Okra Valley Farm');
    // The sold-out one is the best match (the word in its title); the others say it in their description.
    const inserted = await insertProductRows(testApp.app.db, [
      row(seller.user.id, 'Okra', { stockQuantity: 0, description: 'Okra, okra, okra.' }),
      row(seller.user.id, 'Garden Greens', { stockQuantity: 5, description: 'Spinach with a little okra.' }),
      row(seller.user.id, 'Soup Basket', { stockQuantity: 3, reservedQuantity: 3, description: 'Palm nut soup things and okra.' }),
      row(seller.user.id, 'Stew Pack', { stockQuantity: 2, description: 'Tomatoes, onions and okra.' }),
    ]);
    clearCatalogueCaches(testApp.app.db);
    try {
      const all = await titles('q=okra');
      expect(all.slice(0, 2).sort()).toEqual(['Garden Greens', 'Stew Pack']);
      // Sold out (no stock, or all of it held by orders), in relevance order: the title match first.
      expect(all.slice(2)).toEqual(['Okra', 'Soup Basket']);
      // Page by page (the cursor carries the lowered score), then again from the cached ranking.
      for (let round = 0; round < 2; round += 1) {
        const paged: string[] = [];
        let cursor: string | null = null;
        do {
          const page: TProductListResponse = await list(`q=okra&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
          paged.push(...page.items.map((item) => item.title));
          cursor = page.nextCursor;
        } while (cursor);
        expect(paged, `round ${round + 1}`).toEqual(all);
      }
      // Asked for sold-out or available ones only, or another order: relevance alone, as before.
      expect(await titles('q=okra&inStock=false')).toEqual(['Okra', 'Soup Basket']);
      expect((await titles('q=okra&sort=price_asc')).length).toBe(4);
    } finally {
      await testApp.app.db.delete(products).where(inArray(products.id, inserted.map((id) => id!)));
      clearCatalogueCaches(testApp.app.db);
    }
  });

  it('moves a restocked product up on the next anonymous request, with a new ETag (the catalogue caches forget the old order)', async () => {
    const seller = await registerSeller(testApp, 'Restock Farm');
    const product = await createProductAs(testApp, seller, { title: 'Restocked Yams', stockQuantity: 4 });
    try {
      const emptied = await testApp.app.inject({ method: 'PATCH', url: '/api/seller/products', headers: bearer(seller.token), payload: { updates: [{ productId: product.id, stockQuantity: 0 }] } });
      expect(emptied.statusCode).toBe(200);
      const before = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=60' });
      const items = before.json<TProductListResponse>().items;
      // The newest product, but sold out: first of the sold-out ones, after every available one.
      expect(items.findIndex((item) => item.id === product.id)).toBe(items.filter((item) => item.availableQuantity > 0).length);
      expect(items.at(-1)?.availableQuantity).toBe(0);
      const restocked = await testApp.app.inject({ method: 'PATCH', url: '/api/seller/products', headers: bearer(seller.token), payload: { updates: [{ productId: product.id, stockQuantity: 9 }] } });
      expect(restocked.statusCode).toBe(200);
      const after = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=60', headers: { 'if-none-match': String(before.headers.etag) } });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json<TProductListResponse>().items[0]?.id).toBe(product.id);
    } finally {
      await testApp.app.db.delete(products).where(eq(products.id, product.id));
      clearCatalogueCaches(testApp.app.db);
    }
  });
});

describe('bad parameters', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=61', 'limit'],
    ['limit=abc', 'limit'],
    ['category=spaceships', 'category'],
    ['minPrice=-1', 'minPrice'],
    ['minPrice=500&maxPrice=100', 'minPrice'],
    ['organic=maybe', 'organic'],
    ['lat=51', 'lat'],
    ['lat=91&lng=0', 'lat'],
    ['sort=cheapest', 'sort'],
    ['sellerUserId=42', 'sellerUserId'],
    ['radiusKm=10', 'radiusKm'],
    ['sort=distance', 'sort'],
    [`q=${'a'.repeat(201)}`, 'q'],
  ])('%s -> 400 naming %s', async (query, field) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
  });

  it('explains what the distance filters need', async () => {
    const radius = await testApp.app.inject({ method: 'GET', url: '/api/products?radiusKm=10' });
    expect(radius.json().error.message).toBe(RADIUS_NEEDS_POINT_MESSAGE);
    const sort = await testApp.app.inject({ method: 'GET', url: '/api/products?sort=distance' });
    expect(sort.json().error.message).toBe(DISTANCE_SORT_NEEDS_POINT_MESSAGE);
  });
});

describe('query count', () => {
  it('runs exactly one SQL statement per listing page, whatever the limit and filters (a new search: two)', async () => {
    // Signed in: an anonymous page may come from the per-process response cache (decision 018).
    const signedIn = bearer(sellerA.token);
    const client = (testApp.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      searchCacheFor(testApp.app.db).clear();
      spy.mockClear();
      await list('q=tomatos&limit=1', signedIn);
      // Ranking, then the page; the ranking is then cached (products-search-cache.test.ts).
      expect(spy).toHaveBeenCalledTimes(2);
      for (const query of [
        'limit=60',
        'limit=1',
        'q=tomatos&limit=60',
        'q=tomatos&sort=price_asc&limit=60',
        `sort=distance&lat=${BRISTOL.lat}&lng=${BRISTOL.lng}&radiusKm=500&organic=true&inStock=true&category=vegetables&region=som`,
        'sort=price_desc&minPrice=100&maxPrice=1000',
      ]) {
        spy.mockClear();
        const first = await list(query, signedIn);
        expect(first.items.length, query).toBeGreaterThan(0);
        expect(spy, query).toHaveBeenCalledTimes(1);
      }
      const first = await list('limit=2', signedIn);
      spy.mockClear();
      await list(`limit=2&cursor=${first.nextCursor}`, signedIn);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
