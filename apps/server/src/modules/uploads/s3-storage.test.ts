import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type S3Config } from '../../config';
import { createTestApp } from '../../testing/create-test-app';
import { createS3Storage } from './s3-storage';
import { storeImageUpload } from './uploads-service';

/**
 * The S3 storage against s3rver, a local S3-compatible server started by the test; it checks the
 * SigV4 signature of every request (s3rver's fixed credentials are S3RVER / S3RVER).
 */
let server: S3rver;
let directory: string;
let endpoint: string;
const BUCKET = 'pulse-test-uploads';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'pulse-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

function s3Config(overrides: Partial<S3Config> = {}): S3Config {
  return {
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    ...overrides,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('S3 object storage', () => {
  it('writes an object and reads it back with its size; an unknown key is null', async () => {
    const storage = createS3Storage(s3Config());
    try {
      const key = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b.webp';
      const body = Buffer.from('RIFF....WEBP pretend image bytes');
      await storage.putObject(key, body);
      const object = await storage.getObjectStream(key);
      expect(object?.size).toBe(body.length);
      expect(await readAll(object!.stream)).toEqual(body);
      expect(await storage.getObjectStream('0190a1b2-c3d4-7e5f-8a6b-000000000000-thumb.webp')).toBeNull();
      expect(await storage.getObjectStream('../etc/passwd')).toBeNull();
      await expect(storage.putObject('../escape.webp', body)).rejects.toThrow(/invalid object key/);
    } finally {
      storage.close();
    }
  });

  it('sends its credentials: an unknown access key is refused by the server', async () => {
    // s3rver checks the access key of every signed request (it does not recompute SigV4 itself).
    const storage = createS3Storage(s3Config({ accessKeyId: 'NOT-A-KEY' }));
    try {
      await expect(storage.putObject('0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2c.webp', Buffer.from('x'))).rejects.toThrow(/Access Key Id/i);
    } finally {
      storage.close();
    }
  });

  it('serves uploads stored in the bucket through GET /uploads/:key, both variants', async () => {
    const testApp = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const { users } = await import('../../db/schema/users');
      const [owner] = await testApp.app.db.insert(users).values({ email: 'grower@example.com', username: 'grower' }).returning();
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7d44' } }).png().toBuffer();
      const stored = await storeImageUpload(testApp.app, owner!.id, png);

      const full = await testApp.app.inject({ method: 'GET', url: stored.url });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/webp');
      expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 900, height: 600 });
      const thumb = await testApp.app.inject({ method: 'GET', url: stored.thumbUrl });
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 267 });

      // The bytes are in the bucket, not in a local folder.
      const objects = await readdir(join(directory, BUCKET));
      expect(objects.join(' ')).toContain(stored.id);

      // An ID document goes under private/ in the bucket and only the guarded route serves it.
      const idDocument = await storeImageUpload(testApp.app, owner!.id, png, 'id_document');
      expect(idDocument.url).toBe(`/api/uploads/private/${idDocument.id}`);
      const privateObject = await testApp.app.objectStorage.getObjectStream(`private/${idDocument.id}.webp`);
      expect(privateObject?.size).toBeGreaterThan(0);
      privateObject?.stream.destroy();
      const refused = await testApp.app.inject({ method: 'GET', url: `/uploads/private%2F${idDocument.id}.webp` });
      expect(refused.statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });
});

describe('S3 configuration', () => {
  it('reads the S3_* variables, defaulting the region and path style', () => {
    expect(loadConfig({ S3_BUCKET: 'market-photos' }).s3).toEqual({
      bucket: 'market-photos',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' }).s3,
    ).toEqual({ bucket: 'b-1', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-2', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
  });

  it.each([
    [{ S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT must be an absolute http\(s\) URL/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET must be set/],
    [{ S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/],
    [{ S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
