import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerTestUser } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { insertBasketItem, insertConversation, insertMessage, insertNotification, insertProduct } from '../testing/seed-helpers';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const countUrls = ['/api/baskets/count', '/api/messages/unread/count', '/api/notifications/unread-count', '/api/notifications/pulse-hub/unread-count'];

describe('count endpoints', () => {
  it('all need a signed-in user', async () => {
    for (const url of countUrls) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });

  it('start at zero for a new user', async () => {
    const { token } = await registerTestUser(testApp.app);
    const bodies = await Promise.all(countUrls.map((url) => testApp.app.inject({ method: 'GET', url, headers: bearer(token) })));
    expect(bodies.map((response) => response.json())).toEqual([{ count: 0 }, { unreadCount: 0 }, { unreadCount: 0 }, { unreadCount: 0 }]);
  });

  it('GET /api/baskets/count counts the caller’s basket lines only', async () => {
    const buyer = await registerTestUser(testApp.app);
    const other = await registerTestUser(testApp.app);
    const seller = await registerTestUser(testApp.app);
    const db = testApp.database.orm;
    const tomatoes = await insertProduct(db, seller.user.id, 'Tomatoes');
    const honey = await insertProduct(db, seller.user.id, 'Honey');
    await insertBasketItem(db, buyer.user.id, tomatoes, 5);
    await insertBasketItem(db, buyer.user.id, honey, 1);
    await insertBasketItem(db, other.user.id, honey, 1);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/baskets/count', headers: bearer(buyer.token) });
    expect(response.json()).toEqual({ count: 2 });
  });

  it('GET /api/messages/unread/count counts others’ messages after the caller last read', async () => {
    const me = await registerTestUser(testApp.app);
    const farmer = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    const db = testApp.database.orm;
    const readAt = new Date(Date.now() - 60_000);
    const chat = await insertConversation(db, [
      { userId: me.user.id, lastReadAt: readAt },
      { userId: farmer.user.id, lastReadAt: null },
    ]);
    await insertMessage(db, chat, farmer.user.id, new Date(readAt.getTime() - 1000)); // already read
    await insertMessage(db, chat, farmer.user.id, new Date(readAt.getTime() + 1000)); // unread
    await insertMessage(db, chat, farmer.user.id, new Date(readAt.getTime() + 2000)); // unread
    await insertMessage(db, chat, me.user.id, new Date(readAt.getTime() + 3000)); // my own
    const neverOpened = await insertConversation(db, [
      { userId: me.user.id, lastReadAt: null },
      { userId: stranger.user.id, lastReadAt: null },
    ]);
    await insertMessage(db, neverOpened, stranger.user.id, new Date()); // unread
    const notMine = await insertConversation(db, [
      { userId: farmer.user.id, lastReadAt: null },
      { userId: stranger.user.id, lastReadAt: null },
    ]);
    await insertMessage(db, notMine, stranger.user.id, new Date());

    const mine = await testApp.app.inject({ method: 'GET', url: '/api/messages/unread/count', headers: bearer(me.token) });
    expect(mine.json()).toEqual({ unreadCount: 3 });
    const farmers = await testApp.app.inject({ method: 'GET', url: '/api/messages/unread/count', headers: bearer(farmer.token) });
    expect(farmers.json()).toEqual({ unreadCount: 2 });
  });

  it('notification counts are split by source and skip read ones', async () => {
    const me = await registerTestUser(testApp.app);
    const other = await registerTestUser(testApp.app);
    const db = testApp.database.orm;
    await insertNotification(db, { userId: me.user.id, source: 'marketplace' });
    await insertNotification(db, { userId: me.user.id, source: 'marketplace' });
    await insertNotification(db, { userId: me.user.id, source: 'marketplace', readAt: new Date() });
    await insertNotification(db, { userId: me.user.id, source: 'pulse_hub', type: 'post_comment' });
    await insertNotification(db, { userId: other.user.id, source: 'pulse_hub' });
    const general = await testApp.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer(me.token) });
    const hub = await testApp.app.inject({ method: 'GET', url: '/api/notifications/pulse-hub/unread-count', headers: bearer(me.token) });
    expect(general.json()).toEqual({ unreadCount: 2 });
    expect(hub.json()).toEqual({ unreadCount: 1 });
  });
});
