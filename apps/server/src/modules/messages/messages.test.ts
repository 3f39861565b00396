import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TConversationSummary, TListMessagesResponse, TMessage } from '@pulse/contract/messages';
import type { TListNotificationsResponse } from '@pulse/contract/notifications';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import {
  listenOnFreePort,
  openTestSocket,
  recordEvents,
  settle,
  waitForConnect,
  waitForEvent,
  type TestSocket,
} from '../../plugins/realtime-test-client';
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  IMAGE_NOT_FOUND_MESSAGE,
  INVALID_IDEMPOTENCY_KEY_MESSAGE,
  UNKNOWN_BEFORE_MESSAGE,
} from './messages-service';

let testApp: TestApp;
let baseUrl: string;
const openSockets: TestSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnFreePort(testApp.app);
});

afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.close();
});

afterAll(async () => {
  await testApp.close();
});

type TestUser = Awaited<ReturnType<typeof registerTestUser>>;

async function connect(user: TestUser): Promise<TestSocket> {
  const socket = openTestSocket(baseUrl, { token: user.token });
  openSockets.push(socket);
  await waitForConnect(socket);
  return socket;
}

async function startPair(): Promise<{ buyer: TestUser; seller: TestUser; conversationId: string }> {
  const buyer = await registerTestUser(testApp.app);
  const seller = await registerTestUser(testApp.app);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: bearer(buyer.token),
    payload: { otherUserId: seller.user.id },
  });
  return { buyer, seller, conversationId: response.json<TConversationSummary>().id };
}

function send(from: TestUser, conversationId: string, payload: unknown, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { ...bearer(from.token), ...headers },
    payload: payload as object,
  });
}

async function sendText(from: TestUser, conversationId: string, body: string): Promise<TMessage> {
  const response = await send(from, conversationId, { body });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function readMessages(user: TestUser, conversationId: string, query = ''): Promise<TListMessagesResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages${query}`, headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function unreadCount(user: TestUser): Promise<number> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/messages/unread/count', headers: bearer(user.token) });
  return response.json<{ unreadCount: number }>().unreadCount;
}

function markRead(user: TestUser, conversationId: string) {
  return testApp.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/read`, headers: bearer(user.token) });
}

describe('sending a message', () => {
  it('stores it, delivers messageReceived and a new_message notification to the other member only', async () => {
    const { buyer, seller, conversationId } = await startPair();
    const sellerSocket = await connect(seller);
    const buyerSocket = await connect(buyer);
    const buyerReceived = recordEvents(buyerSocket, 'messageReceived');
    const arrival = waitForEvent(sellerSocket, 'messageReceived');
    const notificationArrival = waitForEvent(sellerSocket, 'newNotification');

    const response = await send(buyer, conversationId, { body: '  Is the honey raw?  ' });
    expect(response.statusCode).toBe(201);
    const message = response.json<TMessage>();
    expect(message).toMatchObject({ conversationId, senderId: buyer.user.id, body: 'Is the honey raw?', imageUrl: null, readByOther: false });

    expect(await arrival).toEqual({ conversationId, message });
    expect(await notificationArrival).toMatchObject({
      type: 'new_message',
      source: 'marketplace',
      related_entity_id: conversationId,
      message: `${buyer.user.username}: Is the honey raw?`,
      read: false,
    });
    await settle();
    expect(buyerReceived).toEqual([]);

    const notifications = await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(seller.token) });
    expect(notifications.json<TListNotificationsResponse>().items.map((item) => item.related_entity_id)).toEqual([conversationId]);
  });

  it('stores a retried send with the same Idempotency-Key once, and tells the other member once', async () => {
    const { buyer, seller, conversationId } = await startPair();
    const sellerSocket = await connect(seller);
    const received = recordEvents(sellerSocket, 'messageReceived');
    const notified = recordEvents(sellerSocket, 'newNotification');
    const key = { 'idempotency-key': 'c0ffee00-retry-1' };

    const first = await send(buyer, conversationId, { body: 'Two jars please' }, key);
    const retry = await send(buyer, conversationId, { body: 'Two jars please' }, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<TMessage>().id).toBe(first.json<TMessage>().id);

    const concurrent = await Promise.all([1, 2, 3].map(() => send(buyer, conversationId, { body: 'Three at once' }, { 'idempotency-key': 'burst-1' })));
    expect(new Set(concurrent.map((response) => response.json<TMessage>().id)).size).toBe(1);

    // Without a key, two sends are two messages.
    await sendText(buyer, conversationId, 'Thanks');
    await sendText(buyer, conversationId, 'Thanks');

    const { items } = await readMessages(seller, conversationId);
    expect(items.map((item) => item.body)).toEqual(['Two jars please', 'Three at once', 'Thanks', 'Thanks']);
    await settle();
    expect(received).toHaveLength(4);
    expect(notified).toHaveLength(4);
    expect(await unreadCount(seller)).toBe(4);
  });

  it('refuses an empty, blank or over-long message and a bad Idempotency-Key', async () => {
    const { buyer, conversationId } = await startPair();
    for (const payload of [{}, { body: '' }, { body: '   ' }]) {
      const response = await send(buyer, conversationId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields).toEqual({ body: 'A message needs text or an image' });
    }
    const tooLong = await send(buyer, conversationId, { body: 'x'.repeat(4001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ body: 'Must be at most 4000 characters' });
    expect((await send(buyer, conversationId, { body: 'x'.repeat(4000) })).statusCode).toBe(201);

    const badImage = await send(buyer, conversationId, { imageId: 'picture.png' });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().error.fields).toHaveProperty('imageId');

    const badKey = await send(buyer, conversationId, { body: 'hi' }, { 'idempotency-key': 'has spaces in it' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error.message).toBe(INVALID_IDEMPOTENCY_KEY_MESSAGE);

    const notJson = await testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: { ...bearer(buyer.token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(notJson.statusCode).toBe(415);
  });

  it('accepts only an image the sender uploaded', async () => {
    const { buyer, seller, conversationId } = await startPair();
    const unknown = await send(buyer, conversationId, { imageId: '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ message: IMAGE_NOT_FOUND_MESSAGE, fields: { imageId: IMAGE_NOT_FOUND_MESSAGE } });
    // (An upload of the other member is covered in uploads.test.ts with a real image.)
    expect(await unreadCount(seller)).toBe(0);
  });
});

describe('members only', () => {
  it('answers 404 to a non-member for messages, send and read, and changes nothing', async () => {
    const { buyer, seller, conversationId } = await startPair();
    const outsider = await registerTestUser(testApp.app);
    await sendText(buyer, conversationId, 'Private question');
    const expected = { error: { code: 'not_found', message: CONVERSATION_NOT_FOUND_MESSAGE } };

    const list = await testApp.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, headers: bearer(outsider.token) });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual(expected);

    const write = await send(outsider, conversationId, { body: 'Let me in' });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual(expected);

    const read = await markRead(outsider, conversationId);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual(expected);

    const { items } = await readMessages(seller, conversationId);
    expect(items.map((item) => item.body)).toEqual(['Private question']);
    expect(await unreadCount(seller)).toBe(1);
  });

  it('needs a signed-in user', async () => {
    const { conversationId } = await startPair();
    for (const [method, url] of [
      ['GET', `/api/conversations/${conversationId}`],
      ['GET', `/api/conversations/${conversationId}/messages`],
      ['POST', `/api/conversations/${conversationId}/read`],
      ['GET', '/api/messages/unread/count'],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/conversations/:id/messages', () => {
  it('pages back from the newest, oldest first within a page, without gaps or repeats', async () => {
    const { buyer, seller, conversationId } = await startPair();
    const bodies = Array.from({ length: 7 }, (_, index) => `message ${index + 1}`);
    for (const [index, body] of bodies.entries()) await sendText(index % 2 === 0 ? buyer : seller, conversationId, body);

    const newest = await readMessages(buyer, conversationId, '?limit=3');
    expect(newest.items.map((item) => item.body)).toEqual(['message 5', 'message 6', 'message 7']);
    expect(newest.nextBefore).toBe(newest.items[0]?.id);

    const middle = await readMessages(buyer, conversationId, `?limit=3&before=${newest.nextBefore}`);
    expect(middle.items.map((item) => item.body)).toEqual(['message 2', 'message 3', 'message 4']);

    const oldest = await readMessages(buyer, conversationId, `?limit=3&before=${middle.nextBefore}`);
    expect(oldest.items.map((item) => item.body)).toEqual(['message 1']);
    expect(oldest.nextBefore).toBeNull();

    const all = await readMessages(seller, conversationId);
    expect(all.items.map((item) => item.body)).toEqual(bodies);
    expect(all.nextBefore).toBeNull();
  });

  it('refuses out-of-range limits and a `before` from another conversation', async () => {
    const first = await startPair();
    const second = await startPair();
    const elsewhere = await sendText(second.buyer, second.conversationId, 'Elsewhere');
    for (const limit of ['0', '101', 'many']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/conversations/${first.conversationId}/messages?limit=${limit}`,
        headers: bearer(first.buyer.token),
      });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().error.fields).toHaveProperty('limit');
    }
    const foreign = await testApp.app.inject({
      method: 'GET',
      url: `/api/conversations/${first.conversationId}/messages?before=${elsewhere.id}`,
      headers: bearer(first.buyer.token),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ before: UNKNOWN_BEFORE_MESSAGE });
  });
});

describe('reading a conversation', () => {
  it('zeroes its unread count, tells the reader\'s tabs (chatOpened) and the sender (messagesRead)', async () => {
    const { buyer, seller, conversationId } = await startPair();
    await sendText(buyer, conversationId, 'First');
    await sendText(buyer, conversationId, 'Second');
    await sendText(seller, conversationId, 'A reply');
    expect(await unreadCount(seller)).toBe(2);
    expect(await unreadCount(buyer)).toBe(1);

    const sellerTab = await connect(seller);
    const sellerOtherTab = await connect(seller);
    const buyerSocket = await connect(buyer);
    const buyerChatOpened = recordEvents(buyerSocket, 'chatOpened');
    const opened = waitForEvent(sellerOtherTab, 'chatOpened');
    const openedHere = waitForEvent(sellerTab, 'chatOpened');
    const receipt = waitForEvent(buyerSocket, 'messagesRead');

    const response = await markRead(seller, conversationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ conversationId, readCount: 2 });
    expect(await opened).toEqual({ conversationId, userId: seller.user.id, readCount: 2 });
    expect(await openedHere).toEqual({ conversationId, userId: seller.user.id, readCount: 2 });
    const receiptPayload = await receipt;
    expect(receiptPayload).toMatchObject({ conversationId, userId: seller.user.id });

    expect(await unreadCount(seller)).toBe(0);
    expect(await unreadCount(buyer)).toBe(1);
    const { items } = await readMessages(buyer, conversationId);
    expect(items.map((item) => [item.body, item.readByOther])).toEqual([
      ['First', true],
      ['Second', true],
      ['A reply', false],
    ]);
    for (const item of items.filter((message) => message.readByOther)) {
      expect(Date.parse(item.createdAt)).toBeLessThanOrEqual(Date.parse(receiptPayload.readAt));
    }

    // Nothing new: no events, readCount 0.
    const sellerEvents = recordEvents(sellerTab, 'chatOpened');
    const again = await markRead(seller, conversationId);
    expect(again.json()).toEqual({ conversationId, readCount: 0 });
    await settle();
    expect(sellerEvents).toEqual([]);
    expect(buyerChatOpened).toEqual([]);

    // A later message is unread again.
    await sendText(buyer, conversationId, 'Third');
    expect(await unreadCount(seller)).toBe(1);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(seller.token) });
    expect(list.json<{ items: TConversationSummary[] }>().items[0]).toMatchObject({ id: conversationId, unreadCount: 1, lastMessage: { body: 'Third' } });
  });

  it('reads the chat\'s new_message notifications too, telling the reader\'s tabs (notificationRead)', async () => {
    const { buyer, seller, conversationId } = await startPair();
    await sendText(buyer, conversationId, 'Are the tomatoes ripe?');
    await sendText(buyer, conversationId, 'I would take two crates.');
    const notificationCount = async () =>
      (
        await testApp.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer(seller.token) })
      ).json<{ unreadCount: number }>().unreadCount;
    expect(await notificationCount()).toBe(2);

    const sellerTab = await connect(seller);
    const readEvents = recordEvents(sellerTab, 'notificationRead');
    expect((await markRead(seller, conversationId)).statusCode).toBe(200);
    await settle();

    expect(await notificationCount()).toBe(0);
    expect(readEvents).toHaveLength(2);
    expect(readEvents.every((event) => event.source === 'marketplace')).toBe(true);
  });

  it('reports each message read once when two tabs read at the same moment', async () => {
    const { buyer, seller, conversationId } = await startPair();
    for (const body of ['a', 'b', 'c']) await sendText(buyer, conversationId, body);
    const results = await Promise.all([markRead(seller, conversationId), markRead(seller, conversationId)]);
    const counts = results.map((response) => response.json<{ readCount: number }>().readCount).sort();
    expect(counts).toEqual([0, 3]);
  });
});
