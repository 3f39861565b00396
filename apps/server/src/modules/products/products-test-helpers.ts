import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TProductDetails, TProductInput } from '@pulse/contract/products';
import { products } from '../../db/schema/products';
import { sellerApplications } from '../../db/schema/seller-applications';
import { users } from '../../db/schema/users';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import type { TestApp } from '../../testing/create-test-app';
import { storeImageUpload } from '../uploads/uploads-service';

export type TestUser = Awaited<ReturnType<typeof registerTestUser>>;

/**
 * A registered user with the seller role and an approved application (decision 013: both are needed
 * to sell); the business name defaults to the username.
 */
export async function registerSeller(testApp: TestApp, businessName?: string): Promise<TestUser> {
  const user = await registerTestUser(testApp.app);
  await testApp.app.db
    .update(users)
    .set({ roles: sql`array['buyer', 'seller']::text[]` })
    .where(eq(users.id, user.user.id));
  await testApp.app.db.insert(sellerApplications).values({ userId: user.user.id, businessName: businessName ?? user.user.username, status: 'approved' });
  return user;
}

export async function makePng(width: number, height: number, color = '#c87828'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Stores an image for the user the way POST /api/uploads/images does; returns its id. */
export async function uploadImage(testApp: TestApp, userId: string, width = 64, height = 48): Promise<string> {
  return (await storeImageUpload(testApp.app, userId, await makePng(width, height))).id;
}

export function productInput(imageIds: string[], overrides: Partial<TProductInput> = {}): TProductInput {
  return {
    title: 'Heirloom tomatoes',
    description: 'Ripe, sweet and picked this morning.',
    category: 'vegetables',
    unit: 'kg',
    priceMinor: 450,
    stockQuantity: 20,
    imageIds,
    ...overrides,
  };
}

export async function createProductAs(testApp: TestApp, seller: TestUser, overrides: Partial<TProductInput> = {}): Promise<TProductDetails> {
  const imageId = await uploadImage(testApp, seller.user.id);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(seller.token),
    payload: productInput([imageId], overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.statusCode} ${response.body}`);
  return response.json<TProductDetails>();
}

/** Sets the reserved quantity as the orders lane would when an order holds stock. */
export async function reserve(testApp: TestApp, productId: string, reservedQuantity: number): Promise<void> {
  await testApp.app.db.update(products).set({ reservedQuantity }).where(eq(products.id, productId));
}
