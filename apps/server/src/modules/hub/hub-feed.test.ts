import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPostPage, type TPost, type TPostPage } from '@pulse/contract/hub';
import { users } from '../../db/schema/users';
import { listenOnFreePort, openTestSocket, waitForConnect, waitForEvent } from '../../plugins/realtime-test-client';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createProduct, createSeller } from '../orders/testing/order-fixtures';
import { createHubPost, createHubUser, follow, hidePost, hubRequest, publicUploadFor, type TestUser } from './testing/hub-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function feedPage(user: TestUser, query: string): Promise<TPostPage> {
  const response = await hubRequest(testApp.app, user, 'GET', `/api/hub/feed${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZPostPage.parse(response.json());
}

/** Every page of the viewer's feed, `between` running after each page (new posts arriving). */
async function walkFeed(user: TestUser, limit: number, between: () => Promise<void> = async () => {}): Promise<TPost[]> {
  const seen: TPost[] = [];
  let cursor: string | null = null;
  do {
    const page = await feedPage(user, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...page.items);
    cursor = page.nextCursor;
    await between();
  } while (cursor);
  return seen;
}

describe('Pulse Hub feed', () => {
  it('shows the posts of people one follows (and one’s own) first, newest first, then everyone else’s, newest first', async () => {
    const viewer = await createHubUser(testApp.app);
    const followed = await createHubUser(testApp.app);
    const stranger = await createHubUser(testApp.app);
    await follow(testApp.app, viewer, followed);

    const strangerOld = await createHubPost(testApp.app, stranger);
    const followedOld = await createHubPost(testApp.app, followed);
    const strangerNew = await createHubPost(testApp.app, stranger);
    const mine = await createHubPost(testApp.app, viewer);
    const followedNew = await createHubPost(testApp.app, followed);

    const feed = await walkFeed(viewer, 30);
    const ours = new Set([strangerOld.id, followedOld.id, strangerNew.id, mine.id, followedNew.id]);
    expect(feed.filter((post) => ours.has(post.id)).map((post) => post.id)).toEqual([followedNew.id, mine.id, followedOld.id, strangerNew.id, strangerOld.id]);
    // Tier by tier across the whole feed: once a post of someone not followed appears, no followed one follows.
    const tiers = feed.map((post) => (post.isMine || post.followingAuthor ? 0 : 1));
    expect([...tiers].sort()).toEqual(tiers);
    expect(feed.find((post) => post.id === followedNew.id)).toMatchObject({ followingAuthor: true, isMine: false });
    expect(feed.find((post) => post.id === mine.id)).toMatchObject({ followingAuthor: false, isMine: true });
    // Each tier newest first.
    for (const tier of [0, 1]) {
      const times = feed.filter((_, index) => tiers[index] === tier).map((post) => Date.parse(post.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
  });

  it('a cursor never repeats or loses a post while new posts arrive between pages', async () => {
    const viewer = await createHubUser(testApp.app);
    const followed = await createHubUser(testApp.app);
    const other = await createHubUser(testApp.app);
    await follow(testApp.app, viewer, followed);
    for (let index = 0; index < 4; index += 1) {
      await createHubPost(testApp.app, followed);
      await createHubPost(testApp.app, other);
    }
    const before = await walkFeed(viewer, 30);

    let arrivals = 0;
    const paged = await walkFeed(viewer, 2, async () => {
      arrivals += 1;
      await createHubPost(testApp.app, arrivals % 2 === 0 ? followed : other);
    });
    const ids = paged.map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const post of before) expect(ids).toContain(post.id);
  });

  it('leaves out hidden and deleted posts and the posts of suspended authors; the author’s profile still shows their hidden post, marked', async () => {
    const viewer = await createHubUser(testApp.app);
    const author = await createHubUser(testApp.app);
    const suspended = await createHubUser(testApp.app);
    await follow(testApp.app, viewer, author);
    const hidden = await createHubPost(testApp.app, author);
    const deleted = await createHubPost(testApp.app, author);
    const fine = await createHubPost(testApp.app, author);
    const bySuspended = await createHubPost(testApp.app, suspended);
    await hidePost(testApp.app, hidden.id);
    expect((await hubRequest(testApp.app, author, 'DELETE', `/api/hub/posts/${deleted.id}`)).statusCode).toBe(204);
    await testApp.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));

    const ids = (await walkFeed(viewer, 30)).map((post) => post.id);
    expect(ids).toContain(fine.id);
    for (const gone of [hidden.id, deleted.id, bySuspended.id]) expect(ids).not.toContain(gone);
    const toSuspendedPost = await hubRequest(testApp.app, viewer, 'GET', `/api/hub/posts/${bySuspended.id}`);
    expect(toSuspendedPost.statusCode).toBe(404);

    const own = ZPostPage.parse((await hubRequest(testApp.app, author, 'GET', `/api/hub/profiles/${author.username}/posts`)).json());
    expect(own.items.map((post) => [post.id, post.hidden])).toEqual([
      [fine.id, false],
      [hidden.id, true],
    ]);
    const theirs = ZPostPage.parse((await hubRequest(testApp.app, viewer, 'GET', `/api/hub/profiles/${author.username}/posts`)).json());
    expect(theirs.items.map((post) => post.id)).toEqual([fine.id]);
  });

  it('a page costs the same number of SQL statements for 10 posts as for 30, every post with photos and a product', async () => {
    const viewer = await createHubUser(testApp.app);
    const seller = await createSeller(testApp.app);
    await follow(testApp.app, viewer, seller);
    const productIds = await Promise.all([createProduct(testApp.app, seller.id), createProduct(testApp.app, seller.id)]);
    for (let index = 0; index < 31; index += 1) {
      const photos = await Promise.all([publicUploadFor(testApp.app, seller.id), publicUploadFor(testApp.app, seller.id)]);
      await createHubPost(testApp.app, seller, { imageUploadIds: photos, productIds });
    }
    const client = (testApp.database.driver as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = client.query;
    let statements = 0;
    client.query = function counted(this: unknown, ...args: unknown[]) {
      statements += 1;
      return original.apply(client, args);
    };
    const counts: number[] = [];
    try {
      for (const limit of [10, 30]) {
        statements = 0;
        const page = await feedPage(viewer, `?limit=${limit}`);
        expect(page.items).toHaveLength(limit);
        expect(page.items.every((post) => post.images.length === 2 && post.products.length === 2)).toBe(true);
        counts.push(statements);
      }
    } finally {
      client.query = original;
    }
    expect(counts[0]).toBe(counts[1]);
    // Session check, the page's posts, their products.
    expect(counts[0]).toBe(3);
  });

  it('bad paging input gets a clear message', async () => {
    const viewer = await createHubUser(testApp.app);
    const tampered = await hubRequest(testApp.app, viewer, 'GET', '/api/hub/feed?cursor=not-a-cursor');
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.message).toBe('The cursor is not valid. Start again from the first page.');
    const tooMany = await hubRequest(testApp.app, viewer, 'GET', '/api/hub/feed?limit=31');
    expect(tooMany.statusCode).toBe(400);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/hub/feed' })).statusCode).toBe(401);
  });

  it('a new post reaches every signed-in socket as hubPostCreated', async () => {
    const baseUrl = await listenOnFreePort(testApp.app);
    const reader = await createHubUser(testApp.app);
    const author = await createHubUser(testApp.app);
    const socket = openTestSocket(baseUrl, { token: reader.token });
    try {
      await waitForConnect(socket);
      const event = waitForEvent(socket, 'hubPostCreated');
      const post = await createHubPost(testApp.app, author);
      expect(await event).toEqual({ postId: post.id, authorId: author.id, createdAt: post.createdAt });
    } finally {
      socket.disconnect();
    }
  });
});
