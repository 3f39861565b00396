import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME } from '@pulse/contract/auth';
import type { TConversationSummary, TMessage, TUploadImageResponse } from '@pulse/contract/messages';
import { ID_DOCUMENT_NOT_PRIVATE_MESSAGE } from '../sellers/sellers-service';
import { addUserRole } from '../auth/users-repository';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { IMAGE_NOT_FOUND_MESSAGE } from '../messages/messages-service';
import { SEND_MULTIPART_MESSAGE } from './uploads-routes';
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE, storeImageUpload, UNREADABLE_IMAGE_MESSAGE } from './uploads-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

type TestUser = Awaited<ReturnType<typeof registerTestUser>>;

const BOUNDARY = '----pulse-test-boundary';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
function buildMultipart(file: { name: string; type: string; bytes: Buffer }): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function upload(user: TestUser, file: { name: string; type: string; bytes: Buffer }, query = '') {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/uploads/images${query}`,
    headers: { ...bearer(user.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: buildMultipart(file),
  });
}

function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

describe('POST /api/uploads/images', () => {
  it('stores a PNG as WebP no larger than 1600 px and serves it with immutable caching', async () => {
    const user = await registerTestUser(testApp.app);
    const response = await upload(user, { name: 'field.png', type: 'image/png', bytes: await makePng(2400, 1200) });
    expect(response.statusCode).toBe(201);
    const { id, url } = response.json<TUploadImageResponse>();
    expect(url).toBe(`/uploads/${id}.webp`);

    const served = await testApp.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });
  });

  it('also stores a ~400 px thumbnail variant beside the full image', async () => {
    const user = await registerTestUser(testApp.app);
    const response = await upload(user, { name: 'crate.png', type: 'image/png', bytes: await makePng(1200, 1800) });
    const { id } = response.json<TUploadImageResponse>();
    const thumb = await testApp.app.inject({ method: 'GET', url: `/uploads/${id}-thumb.webp` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 267, height: 400 });
    const full = await testApp.app.inject({ method: 'GET', url: `/uploads/${id}.webp` });
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 1067, height: 1600 });
  });

  it('storeImageUpload (used by the seed) applies the same size and type rules', async () => {
    const user = await registerTestUser(testApp.app);
    const big = Buffer.concat([await makePng(10, 10), randomBytes(5 * 1024 * 1024)]);
    await expect(storeImageUpload(testApp.app, user.user.id, big)).rejects.toThrow(IMAGE_TOO_LARGE_MESSAGE);
    await expect(storeImageUpload(testApp.app, user.user.id, Buffer.from('plain text'))).rejects.toThrow(NOT_AN_IMAGE_MESSAGE);
    const stored = await storeImageUpload(testApp.app, user.user.id, await makePng(80, 60));
    expect(stored).toEqual({ id: stored.id, url: `/uploads/${stored.id}.webp`, thumbUrl: `/uploads/${stored.id}-thumb.webp`, width: 80, height: 60 });
  });

  it('keeps a small picture at its size and tells JPEG by its bytes, whatever the name says', async () => {
    const user = await registerTestUser(testApp.app);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const response = await upload(user, { name: 'scan.txt', type: 'application/octet-stream', bytes: jpeg });
    expect(response.statusCode).toBe(201);
    const served = await testApp.app.inject({ method: 'GET', url: response.json<TUploadImageResponse>().url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('refuses a text file renamed .png with 415', async () => {
    const user = await registerTestUser(testApp.app);
    const response = await upload(user, { name: 'photo.png', type: 'image/png', bytes: Buffer.from('just some notes, not a picture\n') });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: { code: 'bad_request', message: NOT_AN_IMAGE_MESSAGE } });
  });

  it('refuses a damaged image whose first bytes look right', async () => {
    const user = await registerTestUser(testApp.app);
    const png = await makePng(50, 50);
    const damaged = Buffer.concat([png.subarray(0, 16), randomBytes(200)]);
    const response = await upload(user, { name: 'broken.png', type: 'image/png', bytes: damaged });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(UNREADABLE_IMAGE_MESSAGE);
  });

  it('refuses a 6 MB file with 413', async () => {
    const user = await registerTestUser(testApp.app);
    const png = await makePng(10, 10);
    const big = Buffer.concat([png, randomBytes(6 * 1024 * 1024)]);
    const response = await upload(user, { name: 'huge.png', type: 'image/png', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: IMAGE_TOO_LARGE_MESSAGE } });
  });

  it('refuses a body that is not multipart, and a visitor', async () => {
    const user = await registerTestUser(testApp.app);
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: bearer(user.token),
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(SEND_MULTIPART_MESSAGE);

    const raw = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: { ...bearer(user.token), 'content-type': 'image/png' },
      payload: await makePng(5, 5),
    });
    expect(raw.statusCode).toBe(415);
    expect(raw.json().error.message).toBe(SEND_MULTIPART_MESSAGE);

    const visitor = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: buildMultipart({ name: 'a.png', type: 'image/png', bytes: await makePng(5, 5) }),
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('leaves every other route JSON-only', async () => {
    const user = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { ...bearer(user.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: buildMultipart({ name: 'a.png', type: 'image/png', bytes: await makePng(5, 5) }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(/Send the request body as JSON/);
  });
});

describe('GET /uploads/:key', () => {
  it('answers 404 for an unknown key or a path outside the uploads', async () => {
    for (const url of ['/uploads/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b.webp', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/%2e%2e']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('images in messages', () => {
  it('sends the sender\'s own upload, and refuses another user\'s', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const conversation = await testApp.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(buyer.token),
      payload: { otherUserId: seller.user.id },
    });
    const conversationId = conversation.json<TConversationSummary>().id;
    const mine = (await upload(buyer, { name: 'jar.png', type: 'image/png', bytes: await makePng(64, 64) })).json<TUploadImageResponse>();
    const theirs = (await upload(seller, { name: 'hive.png', type: 'image/png', bytes: await makePng(64, 64) })).json<TUploadImageResponse>();

    const sent = await testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(buyer.token),
      payload: { imageId: mine.id },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<TMessage>()).toMatchObject({ body: '', imageUrl: mine.url });

    const withCaption = await testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(buyer.token),
      payload: { body: 'This one?', imageId: mine.id },
    });
    expect(withCaption.json<TMessage>()).toMatchObject({ body: 'This one?', imageUrl: mine.url });

    const borrowed = await testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(buyer.token),
      payload: { imageId: theirs.id },
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().error.fields).toEqual({ imageId: IMAGE_NOT_FOUND_MESSAGE });

    const list = await testApp.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(seller.token) });
    expect(list.json<{ items: TConversationSummary[] }>().items[0]?.lastMessage).toMatchObject({ imageUrl: mine.url, body: 'This one?' });
  });
});

describe('ID documents (?purpose=id_document) are private', () => {
  async function uploadIdDocument(user: TestUser): Promise<TUploadImageResponse> {
    const response = await upload(user, { name: 'id-card.png', type: 'image/png', bytes: await makePng(640, 400) }, '?purpose=id_document');
    expect(response.statusCode).toBe(201);
    return response.json<TUploadImageResponse>();
  }

  it('answers the guarded URL, which serves the uploader (bearer or cookie) and admins, never caches, and 404s for anyone else', async () => {
    const applicant = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    const admin = await registerTestUser(testApp.app);
    await addUserRole(testApp.database.orm, admin.user.id, 'admin');
    const { id, url } = await uploadIdDocument(applicant);
    expect(url).toBe(`/api/uploads/private/${id}`);

    const own = await testApp.app.inject({ method: 'GET', url, headers: bearer(applicant.token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(await sharp(own.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 400 });

    // An <img> in the browser carries the HttpOnly session cookie, not a bearer header.
    const byCookie = await testApp.app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE_NAME]: admin.token } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('image/webp');
    expect(byCookie.headers['cache-control']).toBe('private, no-store');

    const other = await testApp.app.inject({ method: 'GET', url, headers: bearer(stranger.token) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    const visitor = await testApp.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain(id);

    for (const unknown of ['/api/uploads/private/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', '/api/uploads/private/not-an-id']) {
      const response = await testApp.app.inject({ method: 'GET', url: unknown, headers: bearer(admin.token) });
      expect(response.statusCode, unknown).toBe(404);
    }
  });

  it('is never served by the public route, under any spelling of its key, and keeps no thumbnail', async () => {
    const applicant = await registerTestUser(testApp.app);
    const { id } = await uploadIdDocument(applicant);
    for (const url of [
      `/uploads/private%2F${id}.webp`,
      `/uploads/private/${id}.webp`,
      `/uploads/${id}.webp`,
      `/uploads/${id}-thumb.webp`,
      `/uploads/private%2F${id}-thumb.webp`,
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(applicant.token) });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toBe('image/webp');
    }
  });

  it('still serves a public image by its URL to anyone, and the guarded route to its uploader', async () => {
    const user = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    const { id, url } = (await upload(user, { name: 'crate.png', type: 'image/png', bytes: await makePng(30, 30) }, '?purpose=image')).json<TUploadImageResponse>();
    expect(url).toBe(`/uploads/${id}.webp`);
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // An ID document stored before decision 017 has a public key; its applicant and admins read it here.
    const guarded = `/api/uploads/private/${id}`;
    expect((await testApp.app.inject({ method: 'GET', url: guarded, headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: guarded, headers: bearer(stranger.token) })).statusCode).toBe(404);
  });

  it('refuses an unknown purpose with a field message, and a visitor before reading the query', async () => {
    const user = await registerTestUser(testApp.app);
    const response = await upload(user, { name: 'a.png', type: 'image/png', bytes: await makePng(5, 5) }, '?purpose=passport');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ purpose: 'Choose what the upload is for: image or id_document.' });

    const visitor = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/images?purpose=passport',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: buildMultipart({ name: 'a.png', type: 'image/png', bytes: await makePng(5, 5) }),
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('a seller application takes the private ID document and answers its guarded URL; a public image is refused with a field message', async () => {
    const applicant = await registerTestUser(testApp.app);
    const body = (idDocumentUploadId: string) => ({
      businessName: 'Private Acre',
      region: 'Ashanti',
      produceTypes: ['vegetables'],
      phone: '+233 20 111 2222',
      payout: { method: 'mobile_money', accountName: 'Ama Owusu', accountNumber: '0241234567', providerName: 'MTN MoMo' },
      idDocumentUploadId,
      termsAccepted: true,
    });
    const publicImage = (await upload(applicant, { name: 'id.png', type: 'image/png', bytes: await makePng(40, 40) })).json<TUploadImageResponse>();
    const refused = await testApp.app.inject({ method: 'POST', url: '/api/sellers/application', headers: bearer(applicant.token), payload: body(publicImage.id) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ idDocumentUploadId: ID_DOCUMENT_NOT_PRIVATE_MESSAGE });
    const none = await testApp.app.inject({ method: 'GET', url: '/api/sellers/application/mine', headers: bearer(applicant.token) });
    expect(none.statusCode).toBe(404);

    const idDocument = await uploadIdDocument(applicant);
    const accepted = await testApp.app.inject({ method: 'POST', url: '/api/sellers/application', headers: bearer(applicant.token), payload: body(idDocument.id) });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().idDocument).toEqual({ uploadId: idDocument.id, url: `/api/uploads/private/${idDocument.id}` });
  });
});
