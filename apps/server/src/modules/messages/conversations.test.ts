import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversationSummary, TListConversationsResponse } from '@pulse/contract/messages';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { insertProduct } from '../../testing/seed-helpers';
import { createBuyer, createSeller, placePaidOrder } from '../orders/testing/order-fixtures';
import { CONVERSATION_NOT_FOUND_MESSAGE, INVALID_CURSOR_MESSAGE, PRODUCT_NOT_FOUND_MESSAGE, SELF_CONVERSATION_MESSAGE, USER_NOT_FOUND_MESSAGE } from './messages-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

type TestUser = Awaited<ReturnType<typeof registerTestUser>>;

async function startConversation(from: TestUser, payload: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/api/conversations', headers: bearer(from.token), payload: payload as object });
}

async function sendText(from: TestUser, conversationId: string, body: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: bearer(from.token),
    payload: { body },
  });
  expect(response.statusCode).toBe(201);
}

async function listPage(user: TestUser, query = ''): Promise<TListConversationsResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/conversations${query}`, headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/conversations', () => {
  it('creates a conversation once and reuses it from either side', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);

    const created = await startConversation(buyer, { otherUserId: seller.user.id });
    expect(created.statusCode).toBe(201);
    const conversation = created.json<TConversationSummary>();
    expect(conversation).toMatchObject({
      otherUser: { id: seller.user.id, username: seller.user.username, profile_picture_url: null },
      subject: { kind: null, id: null, title: null },
      lastMessage: null,
      unreadCount: 0,
    });

    const again = await startConversation(buyer, { otherUserId: seller.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<TConversationSummary>().id).toBe(conversation.id);

    const fromSeller = await startConversation(seller, { otherUserId: buyer.user.id });
    expect(fromSeller.statusCode).toBe(200);
    expect(fromSeller.json<TConversationSummary>()).toMatchObject({ id: conversation.id, otherUser: { id: buyer.user.id } });
  });

  it("names the farm by its shop name, and the buyer by the name the farm knows from their order, never a bare username", async () => {
    const farm = await createSeller(testApp.app, 'Green Valley Farm');
    const { buyer } = await placePaidOrder(testApp.app, { seller: farm, fulfilment: 'delivery' });
    const stranger = await createBuyer(testApp.app);
    const fromBuyer = (await testApp.app.inject({ method: 'POST', url: '/api/conversations', headers: bearer(buyer.token), payload: { otherUserId: farm.id } })).json<TConversationSummary>();
    expect(fromBuyer.otherUser).toMatchObject({ id: farm.id, username: farm.username, displayName: 'Green Valley Farm' });
    const seenByFarm = (await testApp.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(farm.token) })).json<TListConversationsResponse>();
    // The recipient name of the buyer's delivery order (fixture address: Ama Mensah), which the farm sees on the order.
    expect(seenByFarm.items.find((item) => item.id === fromBuyer.id)?.otherUser).toMatchObject({ id: buyer.id, displayName: 'Ama Mensah' });
    // Someone who never sold to the buyer learns no name: the username.
    const fromStranger = (await testApp.app.inject({ method: 'POST', url: '/api/conversations', headers: bearer(stranger.token), payload: { otherUserId: buyer.id } })).json<TConversationSummary>();
    expect(fromStranger.otherUser).toMatchObject({ id: buyer.id, displayName: buyer.username });
  });

  it('keeps one conversation per product, apart from the general one', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const honey = await insertProduct(testApp.database.orm, seller.user.id, 'Wildflower honey');
    const eggs = await insertProduct(testApp.database.orm, seller.user.id, 'Free-range eggs');

    const general = (await startConversation(buyer, { otherUserId: seller.user.id })).json<TConversationSummary>();
    const aboutHoney = await startConversation(buyer, { otherUserId: seller.user.id, subject: { kind: 'product', id: honey } });
    expect(aboutHoney.statusCode).toBe(201);
    expect(aboutHoney.json<TConversationSummary>().subject).toEqual({ kind: 'product', id: honey, title: 'Wildflower honey' });
    const aboutEggs = (await startConversation(seller, { otherUserId: buyer.user.id, subject: { kind: 'product', id: eggs } })).json<TConversationSummary>();

    const ids = new Set([general.id, aboutHoney.json<TConversationSummary>().id, aboutEggs.id]);
    expect(ids.size).toBe(3);
    const honeyAgain = await startConversation(seller, { otherUserId: buyer.user.id, subject: { kind: 'product', id: honey } });
    expect(honeyAgain.statusCode).toBe(200);
    expect(honeyAgain.json<TConversationSummary>().id).toBe(aboutHoney.json<TConversationSummary>().id);
  });

  it('creates exactly one conversation when both users start it at the same moment', async () => {
    const first = await registerTestUser(testApp.app);
    const second = await registerTestUser(testApp.app);
    const responses = await Promise.all([
      startConversation(first, { otherUserId: second.user.id }),
      startConversation(second, { otherUserId: first.user.id }),
      startConversation(first, { otherUserId: second.user.id }),
    ]);
    const ids = new Set(responses.map((response) => response.json<TConversationSummary>().id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
  });

  it('refuses a conversation with yourself', async () => {
    const user = await registerTestUser(testApp.app);
    const response = await startConversation(user, { otherUserId: user.user.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: SELF_CONVERSATION_MESSAGE, fields: { otherUserId: SELF_CONVERSATION_MESSAGE } },
    });
  });

  it('answers 404 for an unknown user or product', async () => {
    const user = await registerTestUser(testApp.app);
    const other = await registerTestUser(testApp.app);
    const unknownUser = await startConversation(user, { otherUserId: '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b' });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error.message).toBe(USER_NOT_FOUND_MESSAGE);
    const unknownProduct = await startConversation(user, {
      otherUserId: other.user.id,
      subject: { kind: 'product', id: '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b' },
    });
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.json().error.message).toBe(PRODUCT_NOT_FOUND_MESSAGE);
  });

  it('refuses malformed input with the field named', async () => {
    const user = await registerTestUser(testApp.app);
    const notAnId = await startConversation(user, { otherUserId: 'seller-42' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields).toHaveProperty('otherUserId');
    const badKind = await startConversation(user, { otherUserId: user.user.id, subject: { kind: 'task', id: user.user.id } });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.fields).toHaveProperty(['subject.kind']);
    const missing = await startConversation(user, {});
    expect(missing.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/conversations', payload: { otherUserId: '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b' } });
    expect(response.statusCode).toBe(401);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/conversations' });
    expect(list.statusCode).toBe(401);
  });
});

describe('GET /api/conversations', () => {
  it('lists newest activity first, with the last message and the unread count, one page at a time', async () => {
    const me = await registerTestUser(testApp.app);
    const friends = await Promise.all([1, 2, 3].map(() => registerTestUser(testApp.app)));
    const conversationIds: string[] = [];
    for (const friend of friends) {
      const created = await startConversation(me, { otherUserId: friend.user.id });
      conversationIds.push(created.json<TConversationSummary>().id);
    }
    const [withFirst, withSecond, withThird] = conversationIds as [string, string, string];
    const [first, second] = friends as [TestUser, TestUser, TestUser];
    // Activity order after this: second (newest), first, third (no messages; created last but before the sends).
    await sendText(first, withFirst, 'Do you still have the honey?');
    await sendText(first, withFirst, 'I would take two jars.');
    await sendText(second, withSecond, 'Thanks for the eggs!');

    const pageOne = await listPage(me, '?limit=2');
    expect(pageOne.items.map((item) => item.id)).toEqual([withSecond, withFirst]);
    expect(pageOne.items[0]).toMatchObject({ unreadCount: 1, lastMessage: { body: 'Thanks for the eggs!', senderId: second.user.id } });
    expect(pageOne.items[1]).toMatchObject({ unreadCount: 2, lastMessage: { body: 'I would take two jars.' } });
    expect(pageOne.nextCursor).not.toBeNull();

    const pageTwo = await listPage(me, `?limit=2&cursor=${encodeURIComponent(pageOne.nextCursor ?? '')}`);
    expect(pageTwo.items.map((item) => item.id)).toEqual([withThird]);
    expect(pageTwo.items[0]).toMatchObject({ unreadCount: 0, lastMessage: null });
    expect(pageTwo.nextCursor).toBeNull();

    // The sender's own messages are never unread for them.
    const firstView = await listPage(first);
    expect(firstView.items).toHaveLength(1);
    expect(firstView.items[0]).toMatchObject({ id: withFirst, unreadCount: 0, otherUser: { id: me.user.id } });
  });

  it('refuses a malformed cursor and out-of-range limits', async () => {
    const user = await registerTestUser(testApp.app);
    const badCursor = await testApp.app.inject({ method: 'GET', url: '/api/conversations?cursor=bm9wZQ', headers: bearer(user.token) });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error).toMatchObject({ message: INVALID_CURSOR_MESSAGE, fields: { cursor: INVALID_CURSOR_MESSAGE } });
    for (const limit of ['0', '101', 'ten', '-1']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/conversations?limit=${limit}`, headers: bearer(user.token) });
      expect(response.statusCode, `limit=${limit}`).toBe(400);
      expect(response.json().error.fields).toHaveProperty('limit');
    }
  });
});

describe('GET /api/conversations/:id', () => {
  it('shows the conversation to its members and answers 404 to anyone else', async () => {
    const buyer = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const outsider = await registerTestUser(testApp.app);
    const conversation = (await startConversation(buyer, { otherUserId: seller.user.id })).json<TConversationSummary>();

    const forSeller = await testApp.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}`, headers: bearer(seller.token) });
    expect(forSeller.statusCode).toBe(200);
    expect(forSeller.json<TConversationSummary>().otherUser.id).toBe(buyer.user.id);

    const forOutsider = await testApp.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}`, headers: bearer(outsider.token) });
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/api/conversations/0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
      headers: bearer(outsider.token),
    });
    // Someone else's conversation and a missing one look exactly the same.
    expect(forOutsider.statusCode).toBe(404);
    expect(forOutsider.json()).toEqual({ error: { code: 'not_found', message: CONVERSATION_NOT_FOUND_MESSAGE } });
    expect(unknown.json()).toEqual(forOutsider.json());

    const badId = await testApp.app.inject({ method: 'GET', url: '/api/conversations/not-an-id', headers: bearer(outsider.token) });
    expect(badId.statusCode).toBe(400);
  });
});
