import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';
import { ZProductDetails, ZProductListResponse, type TProductDetails, type TProductListResponse } from '@pulse/contract/products';
import { products } from '../../db/schema/products';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { act, checkout, createBuyer, createSlot, fundWallet, putInBasket } from '../orders/testing/order-fixtures';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './products-http-cache';
import { PUBLIC_RESPONSE_STALE_MS, PUBLIC_RESPONSE_TTL_MS } from './products-response-cache';
import { createProductAs, registerSeller, type TestUser } from './products-test-helpers';

let testApp: TestApp;
let seller: TestUser;
let buyer: TestUser;
let tomatoes: TProductDetails;
let honey: TProductDetails;
let querySpy: MockInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await registerSeller(testApp);
  buyer = await registerTestUser(testApp.app);
  tomatoes = await createProductAs(testApp, seller, { title: 'Heirloom tomatoes', priceMinor: 450, stockQuantity: 20 });
  honey = await createProductAs(testApp, seller, { title: 'Wildflower honey', category: 'honey_and_preserves', priceMinor: 900 });
  await createProductAs(testApp, seller, { title: 'Cherry tomatoes', priceMinor: 300 });
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(() => {
  const client = (testApp.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  querySpy = vi.spyOn(client, 'query');
});

afterEach(() => {
  querySpy.mockRestore();
  vi.useRealTimers();
});

function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method: 'GET', url, headers });
}

async function listing(url: string, headers: Record<string, string> = {}): Promise<TProductListResponse> {
  const response = await get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return ZProductListResponse.strict().parse(response.json());
}

/** SQL statements the request cost: none when the page came from the anonymous cache. */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  querySpy.mockClear();
  await run();
  return querySpy.mock.calls.length;
}

function varyNames(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary)
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

describe('anonymous catalogue reads', () => {
  it('carry an ETag and public caching, the listing and the details alike', async () => {
    for (const url of ['/api/products?limit=24', '/api/products?q=tomatos', `/api/products/${tomatoes.id}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.etag, url).toMatch(/^W\/"[\w-]{43}"$/);
      expect(response.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(varyNames(response), url).toContain('accept-encoding');
      // The body is the same with a session: a Vary on it would keep the service worker's saved answers from matching.
      expect(varyNames(response), url).not.toContain('authorization');
    }
    expect(PUBLIC_CACHE_CONTROL).toBe('public, max-age=0, must-revalidate');
    ZProductDetails.parse((await get(`/api/products/${tomatoes.id}`)).json());
  });

  it('answer 304 without a body to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await get('/api/products?limit=24');
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `W/"older", ${etag}`, '*']) {
      const revalidated = await get('/api/products?limit=24', { 'if-none-match': ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.body, ifNoneMatch).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    }
    const changed = await get('/api/products?limit=24', { 'if-none-match': 'W/"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('are computed once, then served from the per-process cache without SQL; equivalent queries share an entry', async () => {
    expect(await statementsOf(() => listing('/api/products?category=vegetables&limit=2'))).toBe(1);
    expect(await statementsOf(() => listing('/api/products?category=vegetables&limit=2'))).toBe(0);
    expect(await statementsOf(() => listing('/api/products?limit=2&category=vegetables&utm_source=mail'))).toBe(0);
    await get(`/api/products/${honey.id}`);
    expect(await statementsOf(() => get(`/api/products/${honey.id.toUpperCase()}`))).toBe(0);
  });

  it('never mix queries: each query and each product has its own entry', async () => {
    const one = await listing('/api/products?limit=1');
    const two = await listing('/api/products?limit=2');
    expect(one.items).toHaveLength(1);
    expect(two.items).toHaveLength(2);
    const honeySearch = await listing('/api/products?q=honey');
    const tomatoSearch = await listing('/api/products?q=tomatoes');
    expect(honeySearch.items.map((item) => item.id)).toEqual([honey.id]);
    expect(tomatoSearch.items.map((item) => item.title).sort()).toEqual(['Cherry tomatoes', 'Heirloom tomatoes']);
    const cheap = await listing('/api/products?maxPrice=500');
    expect(cheap.items.every((item) => item.priceMinor <= 500)).toBe(true);
    const honeyDetails = (await get(`/api/products/${honey.id}`)).json<TProductDetails>();
    const tomatoDetails = (await get(`/api/products/${tomatoes.id}`)).json<TProductDetails>();
    expect([honeyDetails.title, tomatoDetails.title]).toEqual(['Wildflower honey', 'Heirloom tomatoes']);
  });
});

describe('signed-in catalogue reads', () => {
  it('are private and revalidated every time, by bearer or by session cookie, and still answer 304', async () => {
    for (const headers of [bearer(buyer.token), { cookie: `${SESSION_COOKIE_NAME}=${buyer.token}` }]) {
      for (const url of ['/api/products?limit=24', `/api/products/${tomatoes.id}`]) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
        expect(response.headers['cache-control'], url).not.toContain('public');
        expect(response.headers.etag, url).toMatch(/^W\/"[\w-]{43}"$/);
        const revalidated = await get(url, { ...headers, 'if-none-match': String(response.headers.etag) });
        expect(revalidated.statusCode, url).toBe(304);
        expect(revalidated.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
      }
    }
  });

  it('get the same body and ETag as a visitor, for the listing, a search and the details', async () => {
    for (const url of ['/api/products?limit=24', '/api/products?q=tomatos', `/api/products/${tomatoes.id}`]) {
      const anonymous = await get(url, { 'accept-encoding': 'identity' });
      const signedIn = await get(url, { ...bearer(buyer.token), 'accept-encoding': 'identity' });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.body, url).toBe(anonymous.body);
      expect(signedIn.headers.etag, url).toBe(anonymous.headers.etag);
      // The visitor's ETag answers the signed-in reader's revalidation, and the other way round.
      expect((await get(url, { ...bearer(buyer.token), 'if-none-match': String(anonymous.headers.etag) })).statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': String(signedIn.headers.etag) })).statusCode, url).toBe(304);
    }
  });

  it('are answered from the page a visitor’s request cached, without SQL (not even the session lookup), and the other way round', async () => {
    expect(await statementsOf(() => listing('/api/products?category=honey_and_preserves&limit=3'))).toBe(1);
    expect(await statementsOf(() => listing('/api/products?category=honey_and_preserves&limit=3', bearer(buyer.token)))).toBe(0);
    expect(await statementsOf(() => listing('/api/products?category=honey_and_preserves&limit=3', { cookie: `${SESSION_COOKIE_NAME}=${buyer.token}` }))).toBe(0);
    // A signed-in reader first: the visitor after them is served from the page it cached.
    expect(await statementsOf(() => listing('/api/products?organic=true&limit=3', bearer(buyer.token)))).toBe(1);
    expect(await statementsOf(() => listing('/api/products?organic=true&limit=3'))).toBe(0);
    await get(`/api/products/${honey.id}`);
    expect(await statementsOf(() => get(`/api/products/${honey.id}`, bearer(buyer.token)))).toBe(0);
  });

  it('answer a compressed page from the shared entry in the coding asked for', async () => {
    const anonymous = await get('/api/products?limit=24', { 'accept-encoding': 'gzip' });
    const signedIn = await get('/api/products?limit=24', { ...bearer(buyer.token), 'accept-encoding': 'gzip' });
    expect(signedIn.headers['content-encoding']).toBe('gzip');
    expect(signedIn.rawPayload.equals(anonymous.rawPayload)).toBe(true);
    expect(gunzipSync(signedIn.rawPayload).toString()).toBe((await get('/api/products?limit=24', { 'accept-encoding': 'identity' })).body);
  });

  it('show a seller their own draft and paused products, privately and never cached; another user and a visitor get 404', async () => {
    const draft = await createProductAs(testApp, seller, { title: 'Draft damsons', status: 'draft' });
    const paused = await createProductAs(testApp, seller, { title: 'Paused parsnips', status: 'paused' });
    for (const product of [draft, paused]) {
      const url = `/api/products/${product.id}`;
      expect((await get(url)).statusCode, product.title).toBe(404);
      const own = await get(url, bearer(seller.token));
      expect(own.statusCode, product.title).toBe(200);
      expect(ZProductDetails.parse(own.json()).title).toBe(product.title);
      expect(own.headers['cache-control'], product.title).toBe(PRIVATE_CACHE_CONTROL);
      expect((await get(url, { ...bearer(seller.token), 'if-none-match': String(own.headers.etag) })).statusCode, product.title).toBe(304);
      // Asked right after the seller: nothing of the seller's answer was kept for others.
      const other = await get(url, bearer(buyer.token));
      expect(other.statusCode, product.title).toBe(404);
      expect(other.body, product.title).not.toContain(product.title);
      expect((await get(url, { cookie: `${SESSION_COOKIE_NAME}=${buyer.token}` })).statusCode, product.title).toBe(404);
      expect((await get(url, bearer('not-a-session'))).statusCode, product.title).toBe(404);
      expect((await get(url)).statusCode, product.title).toBe(404);
    }
    const drafts = await listing('/api/products?q=damsons', bearer(seller.token));
    expect(drafts.items).toEqual([]);
  });

  it('see a page written around this process as late as a visitor does: at most the cache times old', async () => {
    const cherryPrice = async (url: string, headers: Record<string, string> = {}) => (await listing(url, headers)).items[0]?.priceMinor;
    await listing('/api/products?q=cherry');
    // Another process (or psql) changes the price: this process has nothing to clear.
    await testApp.app.db.update(products).set({ priceMinor: 333 }).where(eq(products.title, 'Cherry tomatoes'));
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await cherryPrice('/api/products?q=cherry')).toBe(300);
    expect(await cherryPrice('/api/products?q=cherry', bearer(buyer.token))).toBe(300);
    // Past its time the old page is answered while one request refreshes it in the background.
    vi.setSystemTime(Date.now() + PUBLIC_RESPONSE_TTL_MS + 1);
    expect(await cherryPrice('/api/products?q=cherry', bearer(buyer.token))).toBe(300);
    await vi.waitFor(async () => expect(await cherryPrice('/api/products?q=cherry', bearer(buyer.token))).toBe(333));
    expect(await cherryPrice('/api/products?q=cherry')).toBe(333);

    // Past its stale time too, an old page is never answered.
    await testApp.app.db.update(products).set({ priceMinor: 334 }).where(eq(products.title, 'Cherry tomatoes'));
    vi.setSystemTime(Date.now() + PUBLIC_RESPONSE_TTL_MS + PUBLIC_RESPONSE_STALE_MS + 1);
    expect(await cherryPrice('/api/products?q=cherry', bearer(buyer.token))).toBe(334);
    expect(await cherryPrice('/api/products?q=cherry')).toBe(334);
  });
});

describe('writes through this process', () => {
  it('show a seller’s price change on the very next anonymous request, in the listing and the details', async () => {
    const before = await get(`/api/products/${tomatoes.id}`);
    expect((await listing('/api/products?limit=24')).items.find((item) => item.id === tomatoes.id)?.priceMinor).toBe(450);
    const patch = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/products/${tomatoes.id}`,
      headers: bearer(seller.token),
      payload: { priceMinor: 475 },
    });
    expect(patch.statusCode).toBe(200);

    expect((await listing('/api/products?limit=24')).items.find((item) => item.id === tomatoes.id)?.priceMinor).toBe(475);
    const after = await get(`/api/products/${tomatoes.id}`, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json<TProductDetails>().priceMinor).toBe(475);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('show a price change on the very next signed-in request too, and give both readers the new ETag', async () => {
    const pricesOf = async (headers: Record<string, string>) => {
      const page = await get('/api/products?limit=24', headers);
      const details = await get(`/api/products/${honey.id}`, headers);
      return {
        listed: ZProductListResponse.parse(page.json()).items.find((item) => item.id === honey.id)?.priceMinor,
        details: details.json<TProductDetails>().priceMinor,
        etags: [page.headers.etag, details.headers.etag],
      };
    };
    const before = await pricesOf(bearer(buyer.token));
    expect((await pricesOf({})).etags).toEqual(before.etags);
    const patch = await testApp.app.inject({ method: 'PATCH', url: `/api/products/${honey.id}`, headers: bearer(seller.token), payload: { priceMinor: before.details + 25 } });
    expect(patch.statusCode).toBe(200);

    const signedIn = await pricesOf(bearer(buyer.token));
    expect(signedIn).toMatchObject({ listed: before.details + 25, details: before.details + 25 });
    expect(signedIn.etags[0]).not.toBe(before.etags[0]);
    expect(signedIn.etags[1]).not.toBe(before.etags[1]);
    expect(await pricesOf({})).toEqual(signedIn);
    const stale = await get('/api/products?limit=24', { ...bearer(buyer.token), 'if-none-match': String(before.etags[0]) });
    expect(stale.statusCode).toBe(200);
  });

  it('show a bulk price edit at once', async () => {
    await listing('/api/products?q=honey');
    const bulk = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/seller/products',
      headers: bearer(seller.token),
      payload: { updates: [{ productId: honey.id, priceMinor: 950 }] },
    });
    expect(bulk.statusCode).toBe(200);
    expect((await listing('/api/products?q=honey')).items[0]?.priceMinor).toBe(950);
  });

  it('turn an archived product’s details into 404 at once, and drop it from the listing', async () => {
    const doomed = await createProductAs(testApp, seller, { title: 'Last season marrows' });
    expect((await get(`/api/products/${doomed.id}`)).statusCode).toBe(200);
    expect((await listing('/api/products?limit=24')).items.map((item) => item.id)).toContain(doomed.id);

    const archive = await testApp.app.inject({ method: 'DELETE', url: `/api/products/${doomed.id}`, headers: bearer(seller.token) });
    expect(archive.statusCode).toBe(204);

    const gone = await get(`/api/products/${doomed.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBeUndefined();
    expect((await listing('/api/products?limit=24')).items.map((item) => item.id)).not.toContain(doomed.id);
  });

  it('show stock held by a checkout, and given back by a cancellation, on the next anonymous request', async () => {
    const shopper = await createBuyer(testApp.app);
    const slotId = await createSlot(testApp.app, seller.user.id);
    await fundWallet(testApp.app, shopper.id, 100_000);
    await putInBasket(testApp.app, shopper.id, tomatoes.id, 5);
    const available = async () => (await get(`/api/products/${tomatoes.id}`)).json<TProductDetails>().availableQuantity;
    expect(await available()).toBe(20);

    const placed = await checkout(testApp.app, shopper, { addressId: null, sellers: [{ sellerUserId: seller.user.id, fulfilment: 'pickup', slotId }], payNow: true });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await available()).toBe(15);
    expect((await listing('/api/products?limit=24')).items.find((item) => item.id === tomatoes.id)?.availableQuantity).toBe(15);

    const orderId = (placed.json() as { orders: Array<{ id: string }> }).orders[0]!.id;
    const cancelled = await act(testApp.app, shopper, orderId, { action: 'cancel', reason: 'Changed my mind' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await available()).toBe(20);
  });
});
