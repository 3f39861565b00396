import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ZProductListResponse, type TProductListResponse } from '@pulse/contract/products';
import { products, type NewProductRow } from '../../db/schema/products';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { insertProductRows } from './products-repository';
import { clearPublicResponses } from './products-response-cache';
import { SEARCH_CACHE_TTL_MS, searchCacheFor } from './products-search-cache';
import { registerSeller, type TestUser } from './products-test-helpers';

let testApp: TestApp;
let seller: TestUser;
const ids: Record<string, string> = {};
let querySpy: MockInstance;

const TITLES = [
  'Heirloom Tomatoes',
  'Cherry Tomatoes',
  'Plum Tomatoes',
  'Green Tomatoes',
  'Tomato Chutney',
  'Sun-dried Tomatoes',
  'Wildflower Honey',
  'Basil Bunch',
];

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await registerSeller(testApp);
  const rows: NewProductRow[] = TITLES.map((title, index) => ({
    sellerUserId: seller.user.id,
    title,
    category: title.includes('Honey') ? 'honey_and_preserves' : 'vegetables',
    priceMinor: 100 + index * 10,
    stockQuantity: 10,
    createdAt: new Date(Date.UTC(2026, 10, 1 + index)),
  }));
  const inserted = await insertProductRows(testApp.app.db, rows);
  TITLES.forEach((title, index) => {
    ids[title] = inserted[index]!;
  });
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(() => {
  searchCacheFor(testApp.app.db).clear();
  const client = (testApp.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  querySpy = vi.spyOn(client, 'query');
});

afterEach(() => {
  querySpy.mockRestore();
  vi.useRealTimers();
});

/**
 * GET /api/products, checked against the contract (the route skips zod on the way out). The
 * per-process cache of responses is emptied first: these tests are about the ranking cache and the
 * statements behind a page, which a cached response would hide (decision 018; a session no longer
 * bypasses it, decision 057; products-http-cache.test.ts).
 */
async function list(query: string): Promise<TProductListResponse> {
  clearPublicResponses(testApp.app.db);
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products?${query}` });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return ZProductListResponse.strict().parse(response.json());
}

async function queriesOf<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  querySpy.mockClear();
  const result = await run();
  return { result, queries: querySpy.mock.calls.length };
}

describe('search cache', () => {
  it('ranks a search once (2 statements), then serves it with one statement, the same for any casing and spacing', async () => {
    const first = await queriesOf(() => list('q=tomatos&limit=3'));
    expect(first.queries).toBe(2);
    expect(first.result.items.map((item) => item.title)).toHaveLength(3);
    const again = await queriesOf(() => list('q=%20%20TOMATOS%20&limit=3'));
    expect(again.queries).toBe(1);
    expect(again.result).toEqual(first.result);
  });

  it('pages through the cached ranking in the same order as the uncached query, one statement per page', async () => {
    // The uncached order, read through the seller list (same query, never cached).
    const response = await testApp.app.inject({ method: 'GET', url: '/api/seller/products?q=tomatos&limit=60', headers: bearer(seller.token) });
    const expected = (response.json() as TProductListResponse).items.map((item) => item.title);
    expect(expected.length).toBeGreaterThanOrEqual(6);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { result: TProductListResponse; queries: number } = await queriesOf(() =>
        list(`q=tomatos&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      );
      expect(page.queries).toBe(pages === 0 ? 2 : 1);
      seen.push(...page.result.items.map((item) => item.title));
      cursor = page.result.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 2));
  });

  it('shows a changed price and stock at once, within the cache time', async () => {
    await list('q=tomatos&limit=10');
    await testApp.app.db.update(products).set({ priceMinor: 777, reservedQuantity: 4 }).where(eq(products.id, ids['Cherry Tomatoes']!));
    const { result, queries } = await queriesOf(() => list('q=tomatos&limit=10'));
    expect(queries).toBe(1);
    const cherry = result.items.find((item) => item.id === ids['Cherry Tomatoes']);
    expect(cherry?.priceMinor).toBe(777);
    expect(cherry?.availableQuantity).toBe(6);
  });

  it('drops an archived product at once, and one repriced out of the price filter', async () => {
    await list('q=tomatos&limit=10');
    await list('q=tomatos&maxPrice=150&limit=10');
    await testApp.app.db.update(products).set({ status: 'archived' }).where(eq(products.id, ids['Plum Tomatoes']!));
    await testApp.app.db.update(products).set({ priceMinor: 5000 }).where(eq(products.id, ids['Heirloom Tomatoes']!));

    const all = await queriesOf(() => list('q=tomatos&limit=10'));
    expect(all.queries).toBe(1);
    expect(all.result.items.map((item) => item.id)).not.toContain(ids['Plum Tomatoes']);
    expect(all.result.items.map((item) => item.id)).toContain(ids['Heirloom Tomatoes']);

    const cheap = await queriesOf(() => list('q=tomatos&maxPrice=150&limit=10'));
    expect(cheap.queries).toBe(1);
    expect(cheap.result.items.map((item) => item.id)).not.toContain(ids['Heirloom Tomatoes']);
    expect(cheap.result.items.every((item) => item.priceMinor <= 150)).toBe(true);

    await testApp.app.db.update(products).set({ status: 'active', priceMinor: 100 }).where(eq(products.id, ids['Plum Tomatoes']!));
    await testApp.app.db.update(products).set({ priceMinor: 100 }).where(eq(products.id, ids['Heirloom Tomatoes']!));
  });

  it('keeps the ranking for its time, then ranks again: a new best match appears after expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await list('q=tomatos&limit=3');
    const [inserted] = await insertProductRows(testApp.app.db, [
      { sellerUserId: seller.user.id, title: 'Tomatos', category: 'vegetables', priceMinor: 300, stockQuantity: 5 },
    ]);

    vi.setSystemTime(Date.now() + SEARCH_CACHE_TTL_MS - 1000);
    const cached = await queriesOf(() => list('q=tomatos&limit=3'));
    expect(cached.queries).toBe(1);
    expect(cached.result.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id));

    vi.setSystemTime(Date.now() + 2000);
    const fresh = await queriesOf(() => list('q=tomatos&limit=3'));
    expect(fresh.queries).toBe(2);
    expect(fresh.result.items[0]?.id).toBe(inserted);
    expect(fresh.result.items[0]?.title).toBe('Tomatos');
  });

  it("forgets the cached rankings when a seller edits through the API, so a retitled product is found at once", async () => {
    await list('q=chutney&limit=5');
    const patch = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/products/${ids['Basil Bunch']}`,
      headers: bearer(seller.token),
      payload: { title: 'Basil Chutney' },
    });
    expect(patch.statusCode).toBe(200);
    const { result, queries } = await queriesOf(() => list('q=chutney&limit=5'));
    expect(queries).toBe(2);
    expect(result.items.map((item) => item.title)).toContain('Basil Chutney');
  });

  it('leaves listings without a search and other sorts uncached: one statement each', async () => {
    for (const query of ['limit=5', 'q=tomatos&sort=price_asc&limit=5', 'q=tomatos&sort=newest&limit=5']) {
      const { result, queries } = await queriesOf(() => list(query));
      expect(queries, query).toBe(1);
      expect(result.items.length, query).toBeGreaterThan(0);
    }
    expect(searchCacheFor(testApp.app.db).size).toBe(0);
  });
});
