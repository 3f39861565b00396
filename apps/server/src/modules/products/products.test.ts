import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductDetails, TProductListResponse } from '@pulse/contract/products';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../plugins/auth';
import { storeImageUpload } from '../uploads/uploads-service';
import {
  COORDINATES_TOGETHER_MESSAGE,
  DUPLICATE_IMAGES_MESSAGE,
  IMAGES_NOT_YOURS_MESSAGE,
  PRODUCT_NOT_FOUND_MESSAGE,
  SELLER_ROLE_REQUIRED_MESSAGE,
  stockBelowReservedMessage,
} from './products-service';
import { createProductAs, makePng, productInput, registerSeller, reserve, uploadImage } from './products-test-helpers';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function inject(options: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; token?: string; payload?: unknown }) {
  return testApp.app.inject({
    method: options.method,
    url: options.url,
    headers: options.token ? bearer(options.token) : {},
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

describe('POST /api/products', () => {
  it('creates an active product with its photos in order, the shop name and derived figures', async () => {
    const seller = await registerSeller(testApp, 'Green Hollow Farm');
    const first = await storeImageUpload(testApp.app, seller.user.id, await makePng(2000, 1000));
    const second = await uploadImage(testApp, seller.user.id, 300, 300);
    const response = await inject({
      method: 'POST',
      url: '/api/products',
      token: seller.token,
      payload: productInput([first.id, second], {
        originFarmName: 'Green Hollow',
        originRegion: 'Somerset',
        originLat: 51.1,
        originLng: -2.9,
        harvestDate: '2026-11-20',
        organic: true,
        minOrderQuantity: 2,
      }),
    });
    expect(response.statusCode).toBe(201);
    const product = response.json<TProductDetails>();
    expect(product).toMatchObject({
      title: 'Heirloom tomatoes',
      status: 'active',
      priceMinor: 450,
      currency: 'USD',
      stockQuantity: 20,
      availableQuantity: 20,
      minOrderQuantity: 2,
      organic: true,
      harvestDate: '2026-11-20',
      origin: { farmName: 'Green Hollow', region: 'Somerset', lat: 51.1, lng: -2.9 },
      seller: { userId: seller.user.id, username: seller.user.username, shopName: 'Green Hollow Farm', ratingAverage: null, ratingCount: 0 },
      thumbUrl: `/uploads/${first.id}-thumb.webp`,
      distanceKm: null,
    });
    expect(product.images.map((image) => image.id)).toEqual([first.id, second]);
    expect(product.images[0]).toEqual({ id: first.id, url: `/uploads/${first.id}.webp`, thumbUrl: `/uploads/${first.id}-thumb.webp`, width: 1600, height: 800 });

    // Both variants are served as WebP: the full image up to 1600 px, the thumbnail up to 400 px.
    const full = await testApp.app.inject({ method: 'GET', url: product.images[0]!.url });
    const thumb = await testApp.app.inject({ method: 'GET', url: product.images[0]!.thumbUrl });
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });

    const fetched = await inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<TProductDetails>()).toEqual(product);
  });

  it('uses the username as the shop name without an approved application', async () => {
    const seller = await registerSeller(testApp);
    const product = await createProductAs(testApp, seller);
    expect(product.seller.shopName).toBe(seller.user.username);
  });

  it('answers 401 to a visitor and 403 to a signed-in user without the seller role', async () => {
    const buyer = await registerTestUser(testApp.app);
    const imageId = await uploadImage(testApp, buyer.user.id);
    const visitor = await inject({ method: 'POST', url: '/api/products', payload: productInput([imageId]) });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(SIGN_IN_REQUIRED_MESSAGE);

    const response = await inject({ method: 'POST', url: '/api/products', token: buyer.token, payload: productInput([imageId]) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: SELLER_ROLE_REQUIRED_MESSAGE } });
  });

  it('refuses photos the seller did not upload, unknown ids and the same photo twice, naming imageIds', async () => {
    const seller = await registerSeller(testApp);
    const other = await registerSeller(testApp);
    const mine = await uploadImage(testApp, seller.user.id);
    const theirs = await uploadImage(testApp, other.user.id);

    const borrowed = await inject({ method: 'POST', url: '/api/products', token: seller.token, payload: productInput([mine, theirs]) });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().error).toEqual({ code: 'validation_failed', message: IMAGES_NOT_YOURS_MESSAGE, fields: { imageIds: IMAGES_NOT_YOURS_MESSAGE } });

    const unknown = await inject({
      method: 'POST',
      url: '/api/products',
      token: seller.token,
      payload: productInput(['0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b']),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ imageIds: IMAGES_NOT_YOURS_MESSAGE });

    const twice = await inject({ method: 'POST', url: '/api/products', token: seller.token, payload: productInput([mine, mine]) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ imageIds: DUPLICATE_IMAGES_MESSAGE });

    const none = await inject({ method: 'POST', url: '/api/products', token: seller.token, payload: productInput([]) });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ imageIds: 'Add at least one photo' });

    const list = await inject({ method: 'GET', url: `/api/seller/products`, token: seller.token });
    expect(list.json<TProductListResponse>().items).toEqual([]);
  });

  it('answers field messages for bad input, never 500', async () => {
    const seller = await registerSeller(testApp);
    const imageId = await uploadImage(testApp, seller.user.id);
    const response = await inject({
      method: 'POST',
      url: '/api/products',
      token: seller.token,
      payload: { ...productInput([imageId]), title: 'ab', priceMinor: 0, stockQuantity: -1, category: 'spaceships', harvestDate: '20/11/2026' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      title: 'The title needs at least 3 characters',
      priceMinor: 'The price must be above zero',
      stockQuantity: 'Stock cannot be negative',
      category: 'Choose a category from the list',
      harvestDate: 'Enter a date like 2026-11-20',
    });

    const halfPoint = await inject({ method: 'POST', url: '/api/products', token: seller.token, payload: productInput([imageId], { originLat: 50 }) });
    expect(halfPoint.statusCode).toBe(400);
    expect(halfPoint.json().error.fields).toEqual({ originLng: COORDINATES_TOGETHER_MESSAGE });
  });
});

describe('PATCH /api/products/:productId', () => {
  it('lets the seller change fields and photos; absent fields stay', async () => {
    const seller = await registerSeller(testApp);
    const product = await createProductAs(testApp, seller);
    const newImage = await uploadImage(testApp, seller.user.id, 120, 90);
    const response = await inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      token: seller.token,
      payload: { priceMinor: 520, title: 'Heirloom tomatoes, mixed', imageIds: [newImage] },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<TProductDetails>();
    expect(updated).toMatchObject({ priceMinor: 520, title: 'Heirloom tomatoes, mixed', stockQuantity: 20, unit: 'kg', thumbUrl: `/uploads/${newImage}-thumb.webp` });
    expect(updated.images.map((image) => image.id)).toEqual([newImage]);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
  });

  it('refuses stock below what orders hold with 409, and derives sold out when nothing is left', async () => {
    const seller = await registerSeller(testApp);
    const product = await createProductAs(testApp, seller, { stockQuantity: 10 });
    await reserve(testApp, product.id, 6);

    const below = await inject({ method: 'PATCH', url: `/api/products/${product.id}`, token: seller.token, payload: { stockQuantity: 5 } });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toMatchObject({ code: 'conflict', message: stockBelowReservedMessage(6) });

    const exact = await inject({ method: 'PATCH', url: `/api/products/${product.id}`, token: seller.token, payload: { stockQuantity: 6 } });
    expect(exact.statusCode).toBe(200);
    expect(exact.json<TProductDetails>()).toMatchObject({ stockQuantity: 6, availableQuantity: 0, status: 'sold_out' });

    const publicView = await inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json<TProductDetails>().status).toBe('sold_out');

    const restocked = await inject({ method: 'PATCH', url: `/api/products/${product.id}`, token: seller.token, payload: { stockQuantity: 9 } });
    expect(restocked.json<TProductDetails>()).toMatchObject({ availableQuantity: 3, status: 'active' });
  });

  it('answers 404 to another seller, 403 to a buyer and 401 to a visitor, and changes nothing', async () => {
    const seller = await registerSeller(testApp);
    const other = await registerSeller(testApp);
    const buyer = await registerTestUser(testApp.app);
    const product = await createProductAs(testApp, seller);

    const foreign = await inject({ method: 'PATCH', url: `/api/products/${product.id}`, token: other.token, payload: { priceMinor: 1 } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(PRODUCT_NOT_FOUND_MESSAGE);
    expect((await inject({ method: 'PATCH', url: `/api/products/${product.id}`, token: buyer.token, payload: { priceMinor: 1 } })).statusCode).toBe(403);
    expect((await inject({ method: 'PATCH', url: `/api/products/${product.id}`, payload: { priceMinor: 1 } })).statusCode).toBe(401);
    expect((await inject({ method: 'DELETE', url: `/api/products/${product.id}`, token: other.token })).statusCode).toBe(404);
    expect((await inject({ method: 'DELETE', url: `/api/products/${product.id}`, token: buyer.token })).statusCode).toBe(403);
    expect((await inject({ method: 'DELETE', url: `/api/products/${product.id}` })).statusCode).toBe(401);

    const unchanged = await inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(unchanged.json<TProductDetails>()).toMatchObject({ priceMinor: 450, status: 'active' });
  });

  it('validates the patch: field messages, foreign photos, bad ids', async () => {
    const seller = await registerSeller(testApp);
    const other = await registerSeller(testApp);
    const product = await createProductAs(testApp, seller);
    const theirs = await uploadImage(testApp, other.user.id);

    const bad = await inject({ method: 'PATCH', url: `/api/products/${product.id}`, token: seller.token, payload: { priceMinor: 1.5, unit: 'barrel' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ priceMinor: 'The price must be a whole number of cents', unit: 'Choose a unit from the list' });

    const borrowed = await inject({ method: 'PATCH', url: `/api/products/${product.id}`, token: seller.token, payload: { imageIds: [theirs] } });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().error.fields).toEqual({ imageIds: IMAGES_NOT_YOURS_MESSAGE });

    const badId = await inject({ method: 'PATCH', url: '/api/products/not-an-id', token: seller.token, payload: { priceMinor: 100 } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toEqual({ productId: 'Must be a valid id' });
  });
});

describe('DELETE /api/products/:productId and visibility', () => {
  it('archives: gone for everyone but the seller, who still sees it among their products', async () => {
    const seller = await registerSeller(testApp);
    const buyer = await registerTestUser(testApp.app);
    const product = await createProductAs(testApp, seller, { title: 'Archived apples' });

    const deleted = await inject({ method: 'DELETE', url: `/api/products/${product.id}`, token: seller.token });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await inject({ method: 'DELETE', url: `/api/products/${product.id}`, token: seller.token })).statusCode).toBe(204);

    expect((await inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/products/${product.id}`, token: buyer.token })).statusCode).toBe(404);
    const own = await inject({ method: 'GET', url: `/api/products/${product.id}`, token: seller.token });
    expect(own.statusCode).toBe(200);
    expect(own.json<TProductDetails>().status).toBe('archived');

    const publicList = await inject({ method: 'GET', url: `/api/products?sellerUserId=${seller.user.id}` });
    expect(publicList.json<TProductListResponse>().items).toEqual([]);
    const sellerList = await inject({ method: 'GET', url: '/api/seller/products?status=archived', token: seller.token });
    expect(sellerList.json<TProductListResponse>().items.map((item) => item.title)).toEqual(['Archived apples']);
  });

  it('hides drafts and paused products from others, shows them to the seller', async () => {
    const seller = await registerSeller(testApp);
    const other = await registerSeller(testApp);
    const draft = await createProductAs(testApp, seller, { title: 'Draft damsons', status: 'draft' });
    const paused = await createProductAs(testApp, seller, { title: 'Paused parsnips', status: 'paused' });
    for (const product of [draft, paused]) {
      expect((await inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
      expect((await inject({ method: 'GET', url: `/api/products/${product.id}`, token: other.token })).statusCode).toBe(404);
      expect((await inject({ method: 'GET', url: `/api/products/${product.id}`, token: seller.token })).statusCode).toBe(200);
    }
    const all = await inject({ method: 'GET', url: '/api/seller/products', token: seller.token });
    expect(all.json<TProductListResponse>().items.map((item) => item.title)).toEqual(['Paused parsnips', 'Draft damsons']);
    const drafts = await inject({ method: 'GET', url: '/api/seller/products?status=draft', token: seller.token });
    expect(drafts.json<TProductListResponse>().items.map((item) => item.title)).toEqual(['Draft damsons']);

    const activated = await inject({ method: 'PATCH', url: `/api/products/${draft.id}`, token: seller.token, payload: { status: 'active' } });
    expect(activated.json<TProductDetails>().status).toBe('active');
    expect((await inject({ method: 'GET', url: `/api/products/${draft.id}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product and 401/403 on the seller list', async () => {
    expect((await inject({ method: 'GET', url: '/api/products/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b' })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: '/api/seller/products' })).statusCode).toBe(401);
    const buyer = await registerTestUser(testApp.app);
    expect((await inject({ method: 'GET', url: '/api/seller/products', token: buyer.token })).statusCode).toBe(403);
  });

  it('shows the seller rating aggregated over all their products', async () => {
    const seller = await registerSeller(testApp);
    const first = await createProductAs(testApp, seller);
    const second = await createProductAs(testApp, seller);
    const { products } = await import('../../db/schema/products');
    const { eq } = await import('drizzle-orm');
    await testApp.app.db.update(products).set({ ratingCount: 2, ratingSum: 9 }).where(eq(products.id, first.id));
    await testApp.app.db.update(products).set({ ratingCount: 1, ratingSum: 3 }).where(eq(products.id, second.id));
    const details = (await inject({ method: 'GET', url: `/api/products/${first.id}` })).json<TProductDetails>();
    expect(details).toMatchObject({ ratingAverage: 4.5, ratingCount: 2, seller: { ratingAverage: 4, ratingCount: 3 } });
  });
});
