import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBasketResponse } from '@pulse/contract/baskets';
import { basketItems } from '../../db/schema/basket-items';
import { productImages, products, type NewProductRow } from '../../db/schema/products';
import { sellerApplications } from '../../db/schema/seller-applications';
import { uploads } from '../../db/schema/uploads';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { clearBasketLines, readBasketForCheckout } from './baskets-repository';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function product(sellerUserId: string, values: Partial<NewProductRow> = {}): Promise<string> {
  const [row] = await testApp.app.db
    .insert(products)
    .values({ sellerUserId, title: 'Heirloom tomatoes', unit: 'kg', priceMinor: 450, stockQuantity: 10, ...values })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  return row.id;
}

function add(token: string, productId: string, quantity: number) {
  return testApp.app.inject({ method: 'POST', url: '/api/baskets/items', headers: bearer(token), payload: { productId, quantity } });
}

async function basket(token: string): Promise<TBasketResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/baskets', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function count(token: string): Promise<number> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/baskets/count', headers: bearer(token) })).json().count;
}

describe('baskets API', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/baskets'],
      ['POST', '/api/baskets/items'],
      ['PATCH', '/api/baskets/items/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b'],
      ['DELETE', '/api/baskets/items/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b'],
      ['DELETE', '/api/baskets'],
    ] as const) {
      expect((await testApp.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('an empty basket', async () => {
    const { token } = await registerTestUser(testApp.app);
    expect(await basket(token)).toEqual({ groups: [], itemCount: 0, subtotalMinor: 0, currency: 'USD', hasProblems: false });
  });

  it('groups lines by seller with the shop name, current prices and totals; adding again adds to the line', async () => {
    const buyer = await registerTestUser(testApp.app);
    const farm = await registerTestUser(testApp.app);
    const grower = await registerTestUser(testApp.app);
    await testApp.app.db.insert(sellerApplications).values({ userId: farm.user.id, status: 'approved', businessName: 'Green Valley Farm' });
    await testApp.app.db.insert(sellerApplications).values({ userId: grower.user.id, status: 'pending', businessName: 'Not yet approved' });
    const tomatoes = await product(farm.user.id, { title: 'Tomatoes', priceMinor: 450 });
    const honey = await product(grower.user.id, { title: 'Honey', unit: 'piece', priceMinor: 1200 });
    const eggs = await product(farm.user.id, { title: 'Eggs', unit: 'dozen', priceMinor: 300 });

    const added = await add(buyer.token, tomatoes, 2);
    expect(added.statusCode).toBe(201);
    expect(added.json().itemCount).toBe(1);
    await add(buyer.token, honey, 1);
    await add(buyer.token, eggs, 1);
    await add(buyer.token, tomatoes, 1);

    const result = await basket(buyer.token);
    expect(result.itemCount).toBe(3);
    expect(await count(buyer.token)).toBe(3);
    expect(result.groups.map((group) => [group.shopName, group.items.map((item) => [item.title, item.quantity, item.lineTotalMinor]), group.subtotalMinor])).toEqual([
      [
        'Green Valley Farm',
        [
          ['Tomatoes', 3, 1350],
          ['Eggs', 1, 300],
        ],
        1650,
      ],
      [grower.user.username, [['Honey', 1, 1200]], 1200],
    ]);
    expect(result.subtotalMinor).toBe(2850);
    expect(result.hasProblems).toBe(false);

    // Prices are read again on every load.
    await testApp.app.db.update(products).set({ priceMinor: 500 }).where(eq(products.id, tomatoes));
    const after = await basket(buyer.token);
    expect(after.groups[0]?.items[0]).toMatchObject({ unitPriceMinor: 500, lineTotalMinor: 1500, availableQuantity: 10, minOrderQuantity: 1, problem: null });
  });

  it('refuses unknown and archived products with 404, paused ones with 409, and the seller’s own product with 400', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const archived = await product(seller.user.id, { status: 'archived' });
    const paused = await product(seller.user.id, { status: 'paused' });
    const own = await product(buyer.user.id);
    expect((await add(buyer.token, '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', 1)).statusCode).toBe(404);
    expect((await add(buyer.token, archived, 1)).statusCode).toBe(404);
    const pausedResponse = await add(buyer.token, paused, 1);
    expect(pausedResponse.statusCode).toBe(409);
    expect(pausedResponse.json().error.message).toBe('This product is not available right now.');
    const ownResponse = await add(buyer.token, own, 1);
    expect(ownResponse.statusCode).toBe(400);
    expect(ownResponse.json().error.message).toBe('You cannot buy your own product.');
    expect(await count(buyer.token)).toBe(0);
  });

  it('refuses more than is available (409 "Only N left") and less than the minimum (400 with the field)', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const potatoes = await product(seller.user.id, { stockQuantity: 5, reservedQuantity: 2, minOrderQuantity: 2 });
    const over = await add(buyer.token, potatoes, 4);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('Only 3 left');
    const under = await add(buyer.token, potatoes, 1);
    expect(under.statusCode).toBe(400);
    expect(under.json().error).toMatchObject({ message: 'Minimum order is 2 kg', fields: { quantity: 'Minimum order is 2 kg' } });
    expect((await add(buyer.token, potatoes, 2)).statusCode).toBe(201);
    // The line total counts: 2 in the basket + 2 more is over the 3 available.
    const more = await add(buyer.token, potatoes, 2);
    expect(more.statusCode).toBe(409);
    expect((await basket(buyer.token)).groups[0]?.items[0]?.quantity).toBe(2);
  });

  it('refuses bad input with field messages', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/baskets/items', headers: bearer(token), payload: { productId: 'x', quantity: 0 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ quantity: 'The quantity must be at least 1' });
    expect(response.json().error.fields).toHaveProperty('productId');
  });

  it('shows problems when the product changed after it was added', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const a = await product(seller.user.id, { title: 'A', stockQuantity: 10 });
    const b = await product(seller.user.id, { title: 'B' });
    const c = await product(seller.user.id, { title: 'C' });
    const d = await product(seller.user.id, { title: 'D', unit: 'bunch' });
    for (const id of [a, b, c, d]) expect((await add(buyer.token, id, 4)).statusCode).toBe(201);
    await testApp.app.db.update(products).set({ reservedQuantity: 7 }).where(eq(products.id, a));
    await testApp.app.db.update(products).set({ status: 'archived' }).where(eq(products.id, b));
    await testApp.app.db.update(products).set({ status: 'sold_out' }).where(eq(products.id, c));
    await testApp.app.db.update(products).set({ minOrderQuantity: 5 }).where(eq(products.id, d));
    const result = await basket(buyer.token);
    expect(result.hasProblems).toBe(true);
    expect(result.groups[0]?.items.map((item) => [item.title, item.problem, item.availableQuantity, item.productStatus])).toEqual([
      ['A', 'Only 3 left', 3, 'active'],
      ['B', 'No longer available', 10, 'archived'],
      ['C', 'Sold out', 10, 'sold_out'],
      ['D', 'Minimum order is 5 bunches', 10, 'active'],
    ]);
  });

  it('changes and removes lines; another user’s line is 404', async () => {
    const buyer = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const beans = await product(seller.user.id, { stockQuantity: 6, minOrderQuantity: 2 });
    const itemId = (await add(buyer.token, beans, 2)).json().groups[0].items[0].id as string;

    const patch = (token: string, quantity: number) =>
      testApp.app.inject({ method: 'PATCH', url: `/api/baskets/items/${itemId}`, headers: bearer(token), payload: { quantity } });
    const changed = await patch(buyer.token, 5);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().groups[0].items[0]).toMatchObject({ quantity: 5, lineTotalMinor: 2250 });
    expect((await patch(buyer.token, 7)).json().error.message).toBe('Only 6 left');
    expect((await patch(buyer.token, 1)).json().error.fields).toEqual({ quantity: 'Minimum order is 2 kg' });
    expect((await patch(stranger.token, 3)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/baskets/items/${itemId}`, headers: bearer(stranger.token) })).statusCode).toBe(404);
    expect((await basket(buyer.token)).groups[0]?.items[0]?.quantity).toBe(5);

    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/baskets/items/${itemId}`, headers: bearer(buyer.token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().itemCount).toBe(0);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/baskets/items/${itemId}`, headers: bearer(buyer.token) })).statusCode).toBe(404);
  });

  it('DELETE /api/baskets empties only the caller’s basket', async () => {
    const buyer = await registerTestUser(testApp.app);
    const other = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const kale = await product(seller.user.id);
    await add(buyer.token, kale, 1);
    await add(other.token, kale, 1);
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/baskets', headers: bearer(buyer.token) });
    expect(response.statusCode).toBe(204);
    expect(await count(buyer.token)).toBe(0);
    expect(await count(other.token)).toBe(1);
  });

  it('a line shows the first image’s thumbnail', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const carrots = await product(seller.user.id);
    const image = (position: number, key: string, thumb: string | null) =>
      testApp.app.db
        .insert(uploads)
        .values({ ownerUserId: seller.user.id, storageKey: key, thumbStorageKey: thumb, contentType: 'image/webp', byteSize: 10, width: 1, height: 1 })
        .returning({ id: uploads.id })
        .then(async ([row]) => testApp.app.db.insert(productImages).values({ productId: carrots, uploadId: row!.id, position }));
    await image(1, `second-${carrots}.webp`, `second-${carrots}-thumb.webp`);
    await image(0, `first-${carrots}.webp`, `first-${carrots}-thumb.webp`);
    await add(buyer.token, carrots, 1);
    expect((await basket(buyer.token)).groups[0]?.items[0]?.thumbUrl).toBe(`/uploads/first-${carrots}-thumb.webp`);
  });
});

describe('basket functions for checkout', () => {
  it('readBasketForCheckout returns the lines with product data; clearBasketLines removes only the given products', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const one = await product(seller.user.id, { title: 'One', priceMinor: 100, stockQuantity: 9, reservedQuantity: 4, originLat: 5.6, originLng: -0.2 });
    const two = await product(seller.user.id, { title: 'Two' });
    await add(buyer.token, one, 2);
    await add(buyer.token, two, 1);
    const lines = await readBasketForCheckout(testApp.app.db, buyer.user.id);
    expect(lines.map((line) => line.title)).toEqual(['One', 'Two']);
    expect(lines[0]).toMatchObject({
      productId: one,
      quantity: 2,
      priceMinor: 100,
      stockQuantity: 9,
      reservedQuantity: 4,
      sellerUserId: seller.user.id,
      shopName: seller.user.username,
      originLat: 5.6,
      originLng: -0.2,
      thumbUrl: null,
      status: 'active',
    });
    expect(await clearBasketLines(testApp.app.db, buyer.user.id, [one])).toBe(1);
    expect(await clearBasketLines(testApp.app.db, buyer.user.id, [])).toBe(0);
    const left = await testApp.app.db.select({ productId: basketItems.productId }).from(basketItems).where(eq(basketItems.userId, buyer.user.id));
    expect(left).toEqual([{ productId: two }]);
  });
});
