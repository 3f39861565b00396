import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBulkProductUpdateResponse, type TProductDetails, type TProductListResponse } from '@pulse/contract/products';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { SELLER_NOT_APPROVED_MESSAGE } from '../seller-dashboard/seller-access';
import { setSellerStatus } from '../sellers/sellers-service';
import { bulkArchivedMessage, bulkStockBelowReservedMessage, PRODUCT_NOT_FOUND_MESSAGE } from './products-service';
import { createProductAs, registerSeller, reserve, type TestUser } from './products-test-helpers';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function bulk(token: string | null, payload: unknown) {
  return testApp.app.inject({
    method: 'PATCH',
    url: '/api/seller/products',
    ...(token ? { headers: bearer(token) } : {}),
    payload: payload as object,
  });
}

/** Price and stock of the products as stored. */
async function stored(ids: string[]): Promise<Record<string, { priceMinor: number; stockQuantity: number }>> {
  const rows = await testApp.app.db
    .select({ id: products.id, priceMinor: products.priceMinor, stockQuantity: products.stockQuantity })
    .from(products)
    .where(inArray(products.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, { priceMinor: row.priceMinor, stockQuantity: row.stockQuantity }]));
}

async function threeProducts(seller: TestUser) {
  return [
    await createProductAs(testApp, seller, { title: 'Sweet potatoes', priceMinor: 300, stockQuantity: 10 }),
    await createProductAs(testApp, seller, { title: 'Bulk cassava', priceMinor: 500, stockQuantity: 20 }),
    await createProductAs(testApp, seller, { title: 'Red onions', priceMinor: 700, stockQuantity: 30 }),
  ];
}

describe('PATCH /api/seller/products', () => {
  it('changes price and/or stock of three own products at once and returns their cards in the order sent', async () => {
    const seller = await registerSeller(testApp, 'Bulk Farm');
    const [potatoes, cassava, onions] = await threeProducts(seller);
    await reserve(testApp, onions!.id, 5);
    // Fill the search cache first: the next search must show the new price.
    const before = await testApp.app.inject({ method: 'GET', url: '/api/products?q=cassava' });
    expect(before.json<TProductListResponse>().items.map((item) => item.priceMinor)).toEqual([500]);

    const response = await bulk(seller.token, {
      updates: [
        { productId: onions!.id, priceMinor: 750, stockQuantity: 5 },
        { productId: potatoes!.id, priceMinor: 350 },
        { productId: cassava!.id.toUpperCase(), stockQuantity: 0 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = ZBulkProductUpdateResponse.parse(response.json());
    expect(body.items.map((item) => [item.id, item.priceMinor, item.availableQuantity, item.status])).toEqual([
      [onions!.id, 750, 0, 'sold_out'],
      [potatoes!.id, 350, 10, 'active'],
      [cassava!.id, 500, 0, 'sold_out'],
    ]);
    expect(await stored([potatoes!.id, cassava!.id, onions!.id])).toEqual({
      [potatoes!.id]: { priceMinor: 350, stockQuantity: 10 },
      [cassava!.id]: { priceMinor: 500, stockQuantity: 0 },
      [onions!.id]: { priceMinor: 750, stockQuantity: 5 },
    });

    const details = await testApp.app.inject({ method: 'GET', url: `/api/products/${potatoes!.id}` });
    expect(details.json<TProductDetails>()).toMatchObject({ priceMinor: 350, stockQuantity: 10 });
    const search = await testApp.app.inject({ method: 'GET', url: '/api/products?q=onions' });
    expect(search.json<TProductListResponse>().items.map((item) => item.priceMinor)).toEqual([750]);
    const listing = await testApp.app.inject({ method: 'GET', url: `/api/products?sellerUserId=${seller.user.id}&sort=price_asc` });
    expect(listing.json<TProductListResponse>().items.map((item) => item.priceMinor)).toEqual([350, 500, 750]);
  });

  it("another seller's product or an unknown id makes the whole request 404 and changes nothing", async () => {
    const seller = await registerSeller(testApp);
    const other = await registerSeller(testApp);
    const [mine] = await threeProducts(seller);
    const theirs = await createProductAs(testApp, other, { priceMinor: 900, stockQuantity: 9 });
    for (const foreignId of [theirs.id, '0190a0a0-0000-7000-8000-00000000beef']) {
      const response = await bulk(seller.token, {
        updates: [
          { productId: mine!.id, priceMinor: 1 },
          { productId: foreignId, priceMinor: 1, stockQuantity: 0 },
        ],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: PRODUCT_NOT_FOUND_MESSAGE } });
    }
    expect(await stored([mine!.id, theirs.id])).toEqual({
      [mine!.id]: { priceMinor: 300, stockQuantity: 10 },
      [theirs.id]: { priceMinor: 900, stockQuantity: 9 },
    });
  });

  it('409 naming the product when a stock goes below what open orders hold, or a product is archived; nothing changes', async () => {
    const seller = await registerSeller(testApp);
    const [potatoes, cassava, onions] = await threeProducts(seller);
    await reserve(testApp, cassava!.id, 4);
    const below = await bulk(seller.token, {
      updates: [
        { productId: potatoes!.id, priceMinor: 111 },
        { productId: cassava!.id, stockQuantity: 3 },
      ],
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toEqual({
      code: 'conflict',
      message: bulkStockBelowReservedMessage('Bulk cassava', 4),
      fields: { 'updates.1.stockQuantity': '"Bulk cassava" has 4 reserved by open orders: its stock cannot go below 4.' },
    });

    await testApp.app.inject({ method: 'DELETE', url: `/api/products/${onions!.id}`, headers: bearer(seller.token) });
    const archived = await bulk(seller.token, { updates: [{ productId: potatoes!.id, priceMinor: 111 }, { productId: onions!.id, priceMinor: 1 }] });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().error.message).toBe(bulkArchivedMessage('Red onions'));
    expect(archived.json().error.message).toContain('Red onions');

    expect(await stored([potatoes!.id, cassava!.id, onions!.id])).toEqual({
      [potatoes!.id]: { priceMinor: 300, stockQuantity: 10 },
      [cassava!.id]: { priceMinor: 500, stockQuantity: 20 },
      [onions!.id]: { priceMinor: 700, stockQuantity: 30 },
    });
  });

  it.each([
    ['duplicate ids', (id: string) => ({ updates: [{ productId: id, priceMinor: 1 }, { productId: id, stockQuantity: 1 }] }), 'updates', 'Each product may appear once'],
    [
      'the same id in two cases',
      (id: string) => ({ updates: [{ productId: id, priceMinor: 1 }, { productId: id.toUpperCase(), stockQuantity: 1 }] }),
      'updates',
      'Each product may appear once',
    ],
    ['101 lines', () => ({ updates: Array.from({ length: 101 }, () => ({ productId: crypto.randomUUID(), priceMinor: 1 })) }), 'updates', 'At most 100 products at once'],
    ['no lines', () => ({ updates: [] }), 'updates', 'Choose at least one product'],
    ['a line with neither price nor stock', (id: string) => ({ updates: [{ productId: id }] }), 'updates.0.priceMinor', 'Give a new price or a new stock'],
    ['a zero price', (id: string) => ({ updates: [{ productId: id, priceMinor: 0 }] }), 'updates.0.priceMinor', 'The price must be above zero'],
    ['a fractional price', (id: string) => ({ updates: [{ productId: id, priceMinor: 1.5 }] }), 'updates.0.priceMinor', 'The price must be a whole number of cents'],
    ['a negative stock', (id: string) => ({ updates: [{ productId: id, stockQuantity: -1 }] }), 'updates.0.stockQuantity', 'Stock cannot be negative'],
    ['a bad id', () => ({ updates: [{ productId: 'nope', priceMinor: 1 }] }), 'updates.0.productId', 'Must be a valid id'],
  ])('400 for %s with the message on the field; nothing changes', async (_name, payload, field, message) => {
    const seller = await registerSeller(testApp);
    const product = await createProductAs(testApp, seller, { priceMinor: 300, stockQuantity: 10 });
    const response = await bulk(seller.token, payload(product.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await stored([product.id])).toEqual({ [product.id]: { priceMinor: 300, stockQuantity: 10 } });
  });

  it('401 for a visitor, 403 for a buyer and a pending seller, before the body is looked at', async () => {
    const body = { updates: [] };
    const visitor = await bulk(null, body);
    expect(visitor.statusCode).toBe(401);
    const buyer = await registerTestUser(testApp.app);
    expect((await bulk(buyer.token, body)).statusCode).toBe(403);

    const pending = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: pending.user.email, status: 'pending', businessName: 'Waiting Farm' });
    await testApp.app.db.update(users).set({ roles: ['buyer', 'seller'] }).where(eq(users.id, pending.user.id));
    const refused = await bulk(pending.token, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SELLER_NOT_APPROVED_MESSAGE);
  });
});
