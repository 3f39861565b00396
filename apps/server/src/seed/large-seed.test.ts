import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '../db/schema/products';
import { sellerApplications } from '../db/schema/seller-applications';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { seedLargeCatalogue, type LargeSeedResult } from './large-seed';

describe('large catalogue seed (small N)', () => {
  let testApp: TestApp;
  let result: LargeSeedResult;
  const lines: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    result = await seedLargeCatalogue(
      { db: testApp.app.db, objectStorage: testApp.app.objectStorage },
      { products: 500, batchSize: 120, log: (line) => lines.push(line) },
    );
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
  });

  it('inserts exactly N active products, in batches with progress lines', async () => {
    expect(result.products).toBe(500);
    const [row] = await testApp.app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.status, 'active'));
    expect(Number(row?.total)).toBe(500);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toContain('500 / 500 products');
  });

  it('creates approved sellers when the database has none, and spreads products over them', async () => {
    const [approved] = await testApp.app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(sellerApplications)
      .where(eq(sellerApplications.status, 'approved'));
    expect(Number(approved?.total)).toBe(result.sellers);
    const [spread] = await testApp.app.db.select({ sellers: sql<number>`count(distinct ${products.sellerUserId})::int` }).from(products);
    expect(Number(spread?.sellers)).toBeGreaterThan(10);
  });

  it('gives every product one of the shared pictures, served as a thumbnail', async () => {
    expect(result.images).toBe(12);
    const [row] = await testApp.app.db
      .select({ withImage: sql<number>`count(distinct ${productImages.productId})::int`, uploads: sql<number>`count(distinct ${productImages.uploadId})::int` })
      .from(productImages);
    expect(Number(row?.withImage)).toBe(500);
    expect(Number(row?.uploads)).toBeLessThanOrEqual(12);
    const listing = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=5' });
    const page = listing.json() as { items: Array<{ thumbUrl: string | null }> };
    const thumb = await testApp.app.inject({ method: 'GET', url: page.items[0]?.thumbUrl ?? '/uploads/missing' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('makes the rows searchable, typos included', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products?q=tomatos&limit=60' });
    expect(response.statusCode).toBe(200);
    const found = response.json() as { items: Array<{ title: string }> };
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items.slice(0, 5)) expect(item.title).toMatch(/Tomato/);
    const [expected] = await testApp.app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`${products.title} like '%Tomatoes%'`);
    expect(Number(expected?.total)).toBeGreaterThan(0);
  });

  it('produces the same catalogue from the same seed', async () => {
    const again = await createTestApp();
    try {
      await seedLargeCatalogue({ db: again.app.db, objectStorage: again.app.objectStorage }, { products: 50, images: false });
      await seedLargeCatalogue({ db: testApp.app.db, objectStorage: testApp.app.objectStorage }, { products: 50, images: false, seed: 424_242 });
      const firstTitles = (await again.app.db.select({ title: products.title, price: products.priceMinor }).from(products).orderBy(products.title, products.priceMinor)).map(
        (row) => `${row.title}:${row.price}`,
      );
      const sameSeed = await testApp.app.db
        .select({ title: products.title, price: products.priceMinor })
        .from(products)
        .where(sql`${products.id} not in (select ${productImages.productId} from ${productImages})`)
        .orderBy(products.title, products.priceMinor);
      expect(sameSeed.map((row) => `${row.title}:${row.price}`)).toEqual(firstTitles);
    } finally {
      await again.close();
    }
  });
});
