import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE } from '@pulse/contract/admin';
import {
  POST_EDIT_WINDOW_CLOSED_MESSAGE,
  POST_PHOTO_NOT_YOURS_MESSAGE,
  POST_PRODUCT_UNAVAILABLE_MESSAGE,
  POST_UNAVAILABLE_MESSAGE,
  ZPost,
} from '@pulse/contract/hub';
import { hubPostImages, hubPosts } from '../../db/schema/hub';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createProduct, createSeller } from '../orders/testing/order-fixtures';
import { agePost, createHubPost, createHubUser, hidePost, hubRequest, publicUploadFor, type TestUser } from './testing/hub-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function postsBy(userId: string) {
  return testApp.app.db.select().from(hubPosts).where(eq(hubPosts.authorUserId, userId));
}

function send(user: TestUser, payload: object) {
  return hubRequest(testApp.app, user, 'POST', '/api/hub/posts', { clientId: randomUUID(), text: 'Fresh okra today #harvest https://example.com', ...payload });
}

describe('Pulse Hub posts', () => {
  it('a post with a photo and a linked product comes back as written, with image variants and the product card', async () => {
    const seller = await createSeller(testApp.app, 'Kumasi Greens');
    const productId = await createProduct(testApp.app, seller.id, { title: 'Okra', originFarmName: 'Kumasi Greens' });
    const uploadId = await publicUploadFor(testApp.app, seller.id);

    const response = await send(seller, { imageUploadIds: [uploadId], productIds: [productId], region: 'Ashanti' });
    expect(response.statusCode).toBe(201);
    const post = ZPost.parse(response.json());
    expect(post).toMatchObject({
      text: 'Fresh okra today #harvest https://example.com',
      region: 'Ashanti',
      author: { id: seller.id, username: seller.username },
      likeCount: 0,
      commentCount: 0,
      tipTotalMinor: 0,
      likedByMe: false,
      hidden: false,
      isMine: true,
      followingAuthor: false,
      editedAt: null,
    });
    expect(post.images).toEqual([{ id: uploadId, url: `/uploads/images/${uploadId}.webp`, thumbUrl: `/uploads/images/${uploadId}.webp`, width: 800, height: 600 }]);
    expect(post.products).toHaveLength(1);
    expect(post.products[0]).toMatchObject({ id: productId, title: 'Okra', farmName: 'Kumasi Greens', priceMinor: 250, currency: 'USD', status: 'active' });
    expect(Date.parse(post.editableUntil) - Date.parse(post.createdAt)).toBe(15 * 60_000);

    // A reader sees the same post, not as theirs.
    const reader = await createHubUser(testApp.app);
    const seen = ZPost.parse((await hubRequest(testApp.app, reader, 'GET', `/api/hub/posts/${post.id}`)).json());
    expect(seen).toMatchObject({ id: post.id, isMine: false, products: [{ id: productId }] });

    // A linked product that is archived later drops out of the post.
    await testApp.app.db.update(products).set({ status: 'archived' }).where(eq(products.id, productId));
    const later = ZPost.parse((await hubRequest(testApp.app, reader, 'GET', `/api/hub/posts/${post.id}`)).json());
    expect(later.products).toEqual([]);
  });

  it('the same clientId from the same author answers the post already made (200), never a second one, even sent twice at once', async () => {
    const author = await createHubUser(testApp.app);
    const clientId = randomUUID();
    const first = await send(author, { clientId, text: 'Only once' });
    expect(first.statusCode).toBe(201);
    const again = await send(author, { clientId, text: 'Only once' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const racing = randomUUID();
    const both = await Promise.all([send(author, { clientId: racing, text: 'Twice at once' }), send(author, { clientId: racing, text: 'Twice at once' })]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]?.json().id).toBe(both[1]?.json().id);
    expect(await postsBy(author.id)).toHaveLength(2);

    // Another author may use the same browser id: it is theirs.
    const other = await createHubUser(testApp.app);
    expect((await send(other, { clientId, text: 'Mine' })).statusCode).toBe(201);
  });

  it('bad input gets a clear message and saves nothing', async () => {
    const author = await createHubUser(testApp.app);
    const stranger = await createHubUser(testApp.app);
    const seller = await createSeller(testApp.app);
    const archived = await createProduct(testApp.app, seller.id, { status: 'archived' });
    const active = await createProduct(testApp.app, seller.id);
    const ownUploads = await Promise.all(Array.from({ length: 5 }, () => publicUploadFor(testApp.app, author.id)));
    const strangersUpload = await publicUploadFor(testApp.app, stranger.id);

    const cases: Array<[object, string, string]> = [
      [{ text: '   ' }, 'Write something to post', 'text'],
      [{ text: 'x'.repeat(2001) }, 'Posts are at most 2000 characters', 'text'],
      [{ imageUploadIds: ownUploads }, 'At most 4 photos', 'imageUploadIds'],
      [{ imageUploadIds: [ownUploads[0], strangersUpload] }, POST_PHOTO_NOT_YOURS_MESSAGE, 'imageUploadIds'],
      [{ productIds: [active, archived] }, POST_PRODUCT_UNAVAILABLE_MESSAGE, 'productIds'],
      [{ productIds: [randomUUID()] }, POST_PRODUCT_UNAVAILABLE_MESSAGE, 'productIds'],
    ];
    for (const [payload, message, field] of cases) {
      const response = await send(author, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await postsBy(author.id)).toEqual([]);
    expect(await testApp.app.db.select().from(hubPostImages).where(eq(hubPostImages.uploadId, ownUploads[0] ?? ''))).toEqual([]);

    // 2,000 characters exactly is fine.
    expect((await send(author, { text: 'y'.repeat(2000) })).statusCode).toBe(201);
  });

  it('a hidden post is 404 with the exact words to everyone but its author, who sees it marked hidden; a deleted one is gone for all', async () => {
    const author = await createHubUser(testApp.app);
    const reader = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author);
    await hidePost(testApp.app, post.id);

    const toReader = await hubRequest(testApp.app, reader, 'GET', `/api/hub/posts/${post.id}`);
    expect(toReader.statusCode).toBe(404);
    expect(toReader.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);
    const toAuthor = await hubRequest(testApp.app, author, 'GET', `/api/hub/posts/${post.id}`);
    expect(toAuthor.statusCode).toBe(200);
    expect(toAuthor.json()).toMatchObject({ id: post.id, hidden: true, isMine: true });

    const other = await createHubPost(testApp.app, author);
    expect((await hubRequest(testApp.app, reader, 'DELETE', `/api/hub/posts/${other.id}`)).statusCode).toBe(404);
    expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/posts/${other.id}`)).statusCode).toBe(204);
    for (const viewer of [author, reader]) {
      const gone = await hubRequest(testApp.app, viewer, 'GET', `/api/hub/posts/${other.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);
    }
    expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/posts/${other.id}`)).statusCode).toBe(404);
    // Soft delete: the row stays (tips and reports point at it).
    const [row] = await testApp.app.db.select().from(hubPosts).where(eq(hubPosts.id, other.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);

    const unknown = await hubRequest(testApp.app, reader, 'GET', `/api/hub/posts/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);
  });

  it('the author edits within 15 minutes; after that 409 with the window message; someone else gets 404', async () => {
    const author = await createHubUser(testApp.app);
    const reader = await createHubUser(testApp.app);
    const post = await createHubPost(testApp.app, author, { region: 'Volta' });

    const edited = await hubRequest(testApp.app, author, 'PATCH', `/api/hub/posts/${post.id}`, { text: 'Corrected: 20 crates' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Corrected: 20 crates', region: 'Volta' });
    expect(edited.json().editedAt).not.toBeNull();

    const notMine = await hubRequest(testApp.app, reader, 'PATCH', `/api/hub/posts/${post.id}`, { text: 'Hijack' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(POST_UNAVAILABLE_MESSAGE);

    const empty = await hubRequest(testApp.app, author, 'PATCH', `/api/hub/posts/${post.id}`, { text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Write something to post');

    await agePost(testApp.app, post.id, 16);
    const late = await hubRequest(testApp.app, author, 'PATCH', `/api/hub/posts/${post.id}`, { text: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(POST_EDIT_WINDOW_CLOSED_MESSAGE);
    const unchanged = ZPost.parse((await hubRequest(testApp.app, author, 'GET', `/api/hub/posts/${post.id}`)).json());
    expect(unchanged.text).toBe('Corrected: 20 crates');
  });

  it('a suspended account cannot post (its session is refused), a visitor is asked to sign in', async () => {
    const author = await createHubUser(testApp.app);
    await testApp.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, author.id));
    const refused = await send(author, {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(await postsBy(author.id)).toEqual([]);

    const visitor = await testApp.app.inject({ method: 'POST', url: '/api/hub/posts', payload: { clientId: randomUUID(), text: 'hi' } });
    expect(visitor.statusCode).toBe(401);
  });
});
