import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProductListResponse } from '@pulse/contract/products';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { storeImageUpload } from '../uploads/uploads-service';
import { insertProductRows } from './products-repository';
import { registerSeller, type TestUser } from './products-test-helpers';

let testApp: TestApp;
let seller: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await registerSeller(testApp);
  await insertProductRows(
    testApp.app.db,
    Array.from({ length: 30 }, (_, index) => ({
      sellerUserId: seller.user.id,
      title: `Heirloom tomatoes, box ${index + 1}`,
      category: 'vegetables' as const,
      priceMinor: 400 + index,
      stockQuantity: 10,
    })),
  );
});

afterAll(async () => {
  await testApp.close();
});

describe('API JSON compression (decision 018)', () => {
  it('gzips a large listing for a client that accepts gzip; it decodes to the same JSON', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=24' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);

    const zipped = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=24', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(zipped.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const decoded = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as unknown;
    expect(decoded).toEqual(plain.json());
    expect(ZProductListResponse.strict().parse(decoded).items).toHaveLength(24);
  });

  it('prefers gzip when a browser accepts both equally, and sends brotli to a client that asks for it alone', async () => {
    const browser = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=24', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(browser.headers['content-encoding']).toBe('gzip');
    const brotli = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=24', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(JSON.parse(gunzipSync(browser.rawPayload).toString('utf8')));
  });

  it('compresses signed-in responses too (they are not cached, only compressed)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=24', headers: { ...bearer(seller.token), 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('leaves a small response (under 1 KB) as it is', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=1', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(ZProductListResponse.strict().parse(response.json()).items).toHaveLength(1);
  });

  it('sends a 304 without a body and without an encoding', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/api/products?limit=24', headers: { 'accept-encoding': 'gzip' } });
    const revalidated = await testApp.app.inject({
      method: 'GET',
      url: '/api/products?limit=24',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an image served under /api (already compressed)', async () => {
    // Noise does not compress: a photo-like upload well above the threshold.
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg()
      .toBuffer();
    const upload = await storeImageUpload(testApp.app, seller.user.id, photo, 'id_document');
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/uploads/private/${upload.id}`,
      headers: { ...bearer(seller.token), 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    expect(response.rawPayload.length).toBeGreaterThan(4096);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
