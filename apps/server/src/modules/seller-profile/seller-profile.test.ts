import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductDetails } from '@pulse/contract/products';
import { ZSellerProfile, type TSellerProfile, type TUpdateSellerProfileRequest } from '@pulse/contract/seller-profile';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createProduct, getOrder, placePaidOrder, putInBasket } from '../orders/testing/order-fixtures';
import { createProductAs, makePng, registerSeller, uploadImage, type TestUser } from '../products/products-test-helpers';
import { storeImageUpload } from '../uploads/uploads-service';
import { SELLER_NOT_APPROVED_MESSAGE } from '../seller-dashboard/seller-access';
import { setSellerStatus } from '../sellers/sellers-service';
import { PHOTOS_NOT_YOURS_MESSAGE, SHOP_NOT_FOUND_MESSAGE } from './seller-profile-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'PUT', url: string, token: string | null, payload?: unknown) {
  return testApp.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A user approved the way the admin CLI and the e2e fixtures do it (setSellerStatus). */
async function approvedSeller(businessName = 'Mlima Honey Co'): Promise<TestUser> {
  const seller = await registerTestUser(testApp.app);
  await setSellerStatus(testApp.database.orm, { email: seller.user.email, status: 'approved', businessName });
  return seller;
}

function update(overrides: Partial<TUpdateSellerProfileRequest> = {}): TUpdateSellerProfileRequest {
  return {
    shopName: 'Mlima Honey & Bees',
    story: 'Three generations of beekeepers on the slopes of Kilimanjaro.',
    region: 'Kilimanjaro',
    lat: -3.07,
    lng: 37.35,
    photoIds: [],
    ...overrides,
  };
}

describe('GET and PUT /api/seller/profile', () => {
  it('the approved seller reads the shop made from the application, then edits it; photos keep their order', async () => {
    const seller = await approvedSeller('Mlima Honey Co');
    const first = await call('GET', '/api/seller/profile', seller.token);
    expect(first.statusCode).toBe(200);
    expect(ZSellerProfile.parse(first.json())).toMatchObject({
      userId: seller.user.id,
      username: seller.user.username,
      shopName: 'Mlima Honey Co',
      story: '',
      photos: [],
      ratingAverage: null,
      ratingCount: 0,
      productCount: 0,
    });

    const photoA = await uploadImage(testApp, seller.user.id, 80, 60);
    const photoB = await uploadImage(testApp, seller.user.id, 60, 80);
    const saved = await call('PUT', '/api/seller/profile', seller.token, update({ photoIds: [photoB, photoA.toUpperCase()], shopName: '  Mlima Honey & Bees  ' }));
    expect(saved.statusCode).toBe(200);
    const profile = ZSellerProfile.parse(saved.json());
    expect(profile).toMatchObject({
      shopName: 'Mlima Honey & Bees',
      story: 'Three generations of beekeepers on the slopes of Kilimanjaro.',
      region: 'Kilimanjaro',
      lat: -3.07,
      lng: 37.35,
    });
    expect(profile.photos.map((photo) => photo.id)).toEqual([photoB, photoA]);
    expect(profile.photos[0]).toEqual({ id: photoB, url: `/uploads/${photoB}.webp`, thumbUrl: `/uploads/${photoB}-thumb.webp`, width: 60, height: 80 });
    expect(Date.parse(profile.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.json<TSellerProfile>().updatedAt));

    // Read back, then drop a photo and clear the location.
    expect((await call('GET', '/api/seller/profile', seller.token)).json()).toEqual(profile);
    const cleared = await call('PUT', '/api/seller/profile', seller.token, update({ photoIds: [photoA], lat: null, lng: null, story: '' }));
    expect(cleared.json()).toMatchObject({ lat: null, lng: null, story: '', photos: [{ id: photoA }] });
  });

  it.each([
    ['shopName', { shopName: ' ' }, 'The shop name needs at least 2 characters'],
    ['shopName', { shopName: 'x'.repeat(81) }, 'The shop name can have at most 80 characters'],
    ['shopName', { shopName: null }, 'Enter a shop name'],
    ['story', { story: 'x'.repeat(2001) }, 'The story can have at most 2000 characters'],
    ['region', { region: 'x'.repeat(121) }, 'The region can have at most 120 characters'],
    ['lat', { lat: 91 }, 'Latitude is between -90 and 90'],
    ['lat', { lat: 'north' }, 'Latitude must be a number'],
    ['lng', { lng: -181 }, 'Longitude is between -180 and 180'],
    ['lat', { lat: null }, 'Give both latitude and longitude, or neither'],
    ['photoIds', { photoIds: Array.from({ length: 9 }, () => '0190a0a0-0000-7000-8000-000000000000') }, 'At most 8 photos'],
    ['photoIds.0', { photoIds: ['not-an-id'] }, 'Must be a valid id'],
  ])('400 with the message on %s for %j, nothing saved', async (field, overrides, message) => {
    const seller = await approvedSeller();
    const response = await call('PUT', '/api/seller/profile', seller.token, { ...update(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect((await call('GET', '/api/seller/profile', seller.token)).json()).toMatchObject({ shopName: 'Mlima Honey Co', story: '' });
  });

  it("someone else's upload (or an unknown id) is a field error on photoIds, not a server error", async () => {
    const seller = await approvedSeller();
    const other = await registerTestUser(testApp.app);
    const theirs = await uploadImage(testApp, other.user.id);
    for (const photoIds of [[theirs], ['0190a0a0-0000-7000-8000-000000000001']]) {
      const response = await call('PUT', '/api/seller/profile', seller.token, update({ photoIds }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ photoIds: PHOTOS_NOT_YOURS_MESSAGE });
    }
    // An ID document (private upload, decision 017) is never a shop photo.
    const idDocument = await storeImageUpload(testApp.app, seller.user.id, await makePng(64, 48), 'id_document');
    const privatePhoto = await call('PUT', '/api/seller/profile', seller.token, update({ photoIds: [idDocument.id] }));
    expect(privatePhoto.statusCode).toBe(400);
    expect(privatePhoto.json().error.fields).toEqual({ photoIds: PHOTOS_NOT_YOURS_MESSAGE });
    const mine = await uploadImage(testApp, seller.user.id);
    const twice = await call('PUT', '/api/seller/profile', seller.token, update({ photoIds: [mine, mine] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.photoIds).toBe('The same photo appears twice.');
  });

  it('401 for a visitor, 403 for a buyer and for a pending or rejected applicant (before the body is read)', async () => {
    expect((await call('GET', '/api/seller/profile', null)).statusCode).toBe(401);
    expect((await call('PUT', '/api/seller/profile', null, {})).statusCode).toBe(401);
    const buyer = await registerTestUser(testApp.app);
    expect((await call('GET', '/api/seller/profile', buyer.token)).statusCode).toBe(403);

    const pending = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: pending.user.email, status: 'pending', businessName: 'Waiting Farm' });
    await testApp.app.db.update(users).set({ roles: ['buyer', 'seller'] }).where(eq(users.id, pending.user.id));
    for (const response of [await call('GET', '/api/seller/profile', pending.token), await call('PUT', '/api/seller/profile', pending.token, {})]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(SELLER_NOT_APPROVED_MESSAGE);
    }
    const rejected = await approvedSeller('Soon Rejected');
    await setSellerStatus(testApp.database.orm, { email: rejected.user.email, status: 'rejected', rejectionReason: 'Expired ID.' });
    expect((await call('GET', '/api/seller/profile', rejected.token)).statusCode).toBe(403);
  });

  it('approving again never overwrites an edited shop', async () => {
    const seller = await approvedSeller('First Name Farm');
    await call('PUT', '/api/seller/profile', seller.token, update({ shopName: 'Edited Name' }));
    await setSellerStatus(testApp.database.orm, { email: seller.user.email, status: 'approved', businessName: 'Another Name' });
    expect((await call('GET', '/api/seller/profile', seller.token)).json()).toMatchObject({ shopName: 'Edited Name' });
  });
});

describe('GET /api/shops/{sellerId}', () => {
  it('a visitor reads the public shop: profile, the shop rating as on product details, active product count', async () => {
    const seller = await approvedSeller('Open Field Farm');
    const photo = await uploadImage(testApp, seller.user.id);
    await call('PUT', '/api/seller/profile', seller.token, update({ shopName: 'Open Field', photoIds: [photo] }));
    const rated = await createProductAs(testApp, seller);
    await createProductAs(testApp, seller, { title: 'Raw honey' });
    const paused = await createProductAs(testApp, seller, { title: 'Paused beeswax', status: 'paused' });
    await testApp.app.db.update(products).set({ ratingSum: 9, ratingCount: 2 }).where(eq(products.id, rated.id));
    await testApp.app.db.update(products).set({ ratingSum: 4, ratingCount: 1 }).where(eq(products.id, paused.id));

    const response = await call('GET', `/api/shops/${seller.user.id.toUpperCase()}`, null);
    expect(response.statusCode).toBe(200);
    const shop = ZSellerProfile.parse(response.json());
    const details = (await call('GET', `/api/products/${rated.id}`, null)).json<TProductDetails>();
    expect(shop).toMatchObject({ userId: seller.user.id, shopName: 'Open Field', productCount: 2, ratingCount: 3, ratingAverage: 4.33 });
    expect(shop.photos.map((item) => item.id)).toEqual([photo]);
    expect(details.seller).toMatchObject({ shopName: 'Open Field', ratingAverage: shop.ratingAverage, ratingCount: shop.ratingCount });
    // The owner sees the same shop in the workspace.
    expect((await call('GET', '/api/seller/profile', seller.token)).json()).toEqual(shop);
  });

  it('a seller approved by a row written straight into seller_applications (older fixtures) still has a shop', async () => {
    const seller = await registerSeller(testApp, 'Fixture Farm');
    const response = await call('GET', `/api/shops/${seller.user.id}`, null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ shopName: 'Fixture Farm', story: '', productCount: 0 });
  });

  it('404 for a buyer, a pending applicant, a suspended seller and an unknown id; 400 for a malformed id', async () => {
    const buyer = await registerTestUser(testApp.app);
    const pending = await registerTestUser(testApp.app);
    await setSellerStatus(testApp.database.orm, { email: pending.user.email, status: 'pending' });
    const suspended = await approvedSeller('Closed Farm');
    await testApp.app.db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'Fraud' }).where(eq(users.id, suspended.user.id));
    for (const id of [buyer.user.id, pending.user.id, suspended.user.id, '0190a0a0-0000-7000-8000-00000000abcd']) {
      const response = await call('GET', `/api/shops/${id}`, buyer.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: SHOP_NOT_FOUND_MESSAGE } });
    }
    expect((await call('GET', '/api/shops/not-an-id', null)).statusCode).toBe(400);
  });

  it("a shop name change shows in the buyer's basket and on their orders", async () => {
    const { buyer, seller, order } = await placePaidOrder(testApp.app);
    const farm = await testApp.app.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    await setSellerStatus(testApp.database.orm, { email: farm[0]!.email, status: 'approved' });
    await call('PUT', '/api/seller/profile', seller.token, update({ shopName: 'Renamed Farm' }));
    const another = await createProduct(testApp.app, seller.id, { priceMinor: 100, unit: 'kg' });
    await putInBasket(testApp.app, buyer.id, another, 1);
    const basket = await call('GET', '/api/baskets', buyer.token);
    expect(basket.json().groups.map((group: { shopName: string }) => group.shopName)).toEqual(['Renamed Farm']);
    expect((await getOrder(testApp.app, buyer, order.id)).shopName).toBe('Renamed Farm');
  });

  it('a shop name change shows on the product details at once; the listing card keeps the product farm name', async () => {
    const seller = await approvedSeller('Old Shop Name');
    const product = await createProductAs(testApp, seller, { title: 'Golden plantains', originFarmName: 'Lower field' });
    expect(product.seller.shopName).toBe('Old Shop Name');
    await call('PUT', '/api/seller/profile', seller.token, update({ shopName: 'New Shop Name' }));
    const details = await call('GET', `/api/products/${product.id}`, null);
    expect(details.json<TProductDetails>().seller.shopName).toBe('New Shop Name');
    const listing = await call('GET', `/api/products?sellerUserId=${seller.user.id}`, null);
    expect(listing.json().items).toEqual([expect.objectContaining({ id: product.id, farmName: 'Lower field' })]);
  });
});
