import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TNotification, type TNotifyInput, ZListNotificationsResponse, ZNotification } from '@pulse/contract/notifications';
import {
  listenOnFreePort,
  openTestSocket,
  recordEvents,
  settle,
  waitForConnect,
  waitForEvent,
  type TestSocket,
} from '../../plugins/realtime-test-client';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { NOTIFICATION_NOT_FOUND_MESSAGE, notify } from './notifications-service';

let testApp: TestApp;
let baseUrl: string;
const openSockets: TestSocket[] = [];
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnFreePort(testApp.app);
});

afterEach(() => {
  for (const socket of openSockets.splice(0)) socket.close();
  testApp.app.notificationListeners.clear();
});

afterAll(async () => {
  await testApp.close();
});

function likeInput(overrides: Partial<TNotifyInput> = {}): TNotifyInput {
  keyCounter += 1;
  return {
    type: 'like',
    source: 'pulse_hub',
    message: 'Amara liked your post',
    content_type: 'post',
    related_entity_id: 'post-1',
    idempotencyKey: `like-${keyCounter}`,
    ...overrides,
  };
}

async function connectAs(token: string): Promise<TestSocket> {
  const socket = openTestSocket(baseUrl, { token });
  openSockets.push(socket);
  await waitForConnect(socket);
  return socket;
}

async function getJson(url: string, token: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
}

async function unreadCounts(token: string): Promise<{ general: number; hub: number }> {
  const general = await getJson('/api/notifications/unread-count', token);
  const hub = await getJson('/api/notifications/pulse-hub/unread-count', token);
  return { general: general.body.unreadCount, hub: hub.body.unreadCount };
}

describe('notify()', () => {
  it('delivers newNotification to every socket of the user and to no one else', async () => {
    const amara = await registerTestUser(testApp.app);
    const bruno = await registerTestUser(testApp.app);
    const amaraPhone = await connectAs(amara.token);
    const amaraLaptop = await connectAs(amara.token);
    const brunoSocket = await connectAs(bruno.token);
    const brunoSaw = recordEvents(brunoSocket, 'newNotification');

    const arrivals = Promise.all([waitForEvent(amaraPhone, 'newNotification'), waitForEvent(amaraLaptop, 'newNotification')]);
    const created = await notify(testApp.app, amara.user.id, likeInput({ message: 'Bruno liked your harvest photo' }));
    const [onPhone, onLaptop] = await arrivals;

    expect(ZNotification.parse(onPhone)).toEqual(created);
    expect(onLaptop).toEqual(created);
    expect(created).toMatchObject({ type: 'like', source: 'pulse_hub', message: 'Bruno liked your harvest photo', read: false });
    await settle();
    expect(brunoSaw).toEqual([]);
  });

  it('stores and emits a retried event once and returns the stored notification', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const socket = await connectAs(token);
    const seen = recordEvents(socket, 'newNotification');
    const listened: TNotification[] = [];
    testApp.app.notificationListeners.add((userId, notification) => {
      if (userId === user.id) listened.push(notification);
    });

    const input = likeInput({ type: 'order_update', source: 'marketplace', message: 'Your order was shipped', idempotencyKey: 'order-7-shipped' });
    const first = await notify(testApp.app, user.id, input);
    const retry = await notify(testApp.app, user.id, { ...input, message: 'a retry may carry other text' });
    const concurrent = await Promise.all([notify(testApp.app, user.id, input), notify(testApp.app, user.id, input)]);
    await settle();

    expect(retry).toEqual(first);
    expect(concurrent).toEqual([first, first]);
    expect(seen).toEqual([first]);
    expect(listened).toEqual([first]);
    const list = await getJson('/api/notifications', token);
    expect(list.body.total).toBe(1);
    expect(await unreadCounts(token)).toEqual({ general: 1, hub: 0 });
  });

  it('lets two users share an idempotency key', async () => {
    const one = await registerTestUser(testApp.app);
    const two = await registerTestUser(testApp.app);
    const first = await notify(testApp.app, one.user.id, likeInput({ idempotencyKey: 'post-9-liked' }));
    const second = await notify(testApp.app, two.user.id, likeInput({ idempotencyKey: 'post-9-liked' }));
    expect(second.id).not.toBe(first.id);
  });

  it('runs listeners without waiting for them and keeps a failing listener away from the caller', async () => {
    const { user } = await registerTestUser(testApp.app);
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finished = false;
    testApp.app.notificationListeners.add(async () => {
      await slow;
      finished = true;
    });
    testApp.app.notificationListeners.add(() => {
      throw new Error('push service down');
    });
    const created = await notify(testApp.app, user.id, likeInput());
    expect(created.read).toBe(false);
    expect(finished).toBe(false);
    release();
    await settle(20);
    expect(finished).toBe(true);
  });

  it('refuses an unknown type or an empty message', async () => {
    const { user } = await registerTestUser(testApp.app);
    await expect(notify(testApp.app, user.id, likeInput({ type: 'nope' as never }))).rejects.toThrow();
    await expect(notify(testApp.app, user.id, likeInput({ message: '   ' }))).rejects.toThrow();
  });
});

describe('GET /api/notifications', () => {
  it('needs a signed-in user', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
    // Even with a bad query: the caller is told to sign in, not how to page.
    const badQuery = await testApp.app.inject({ method: 'GET', url: '/api/notifications?limit=500' });
    expect(badQuery.statusCode).toBe(401);
  });

  it('pages newest first with defaults of page 1 and 10 a page, total and unread', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    for (let index = 1; index <= 12; index += 1) {
      await notify(testApp.app, user.id, likeInput({ message: `like ${index}`, source: index % 3 === 0 ? 'marketplace' : 'pulse_hub' }));
    }
    await notify(testApp.app, stranger.user.id, likeInput({ message: 'not yours' }));

    const first = await getJson('/api/notifications', token);
    expect(first.status).toBe(200);
    const page = ZListNotificationsResponse.parse(first.body);
    expect(page).toMatchObject({ page: 1, limit: 10, total: 12, unread: 12 });
    expect(page.items.map((item) => item.message)).toEqual(['like 12', 'like 11', 'like 10', 'like 9', 'like 8', 'like 7', 'like 6', 'like 5', 'like 4', 'like 3']);

    const second = await getJson('/api/notifications?page=2&limit=10', token);
    expect(second.body.items.map((item: TNotification) => item.message)).toEqual(['like 2', 'like 1']);
    const beyond = await getJson('/api/notifications?page=5', token);
    expect(beyond.body).toMatchObject({ items: [], page: 5, total: 12 });

    const hub = await getJson('/api/notifications?source=pulse_hub&limit=50', token);
    expect(hub.body).toMatchObject({ total: 8, unread: 8, limit: 50 });
    expect(hub.body.items.every((item: TNotification) => item.source === 'pulse_hub')).toBe(true);
    const market = await getJson('/api/notifications?source=marketplace', token);
    expect(market.body.items.map((item: TNotification) => item.message)).toEqual(['like 12', 'like 9', 'like 6', 'like 3']);
  });

  it('refuses paging outside the bounds with 400 and names the field', async () => {
    const { token } = await registerTestUser(testApp.app);
    const bad = ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'limit=0', 'limit=51', 'limit=ten', 'source=email'];
    for (const query of bad) {
      const response = await getJson(`/api/notifications?${query}`, token);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code, query).toBe('validation_failed');
      expect(Object.keys(response.body.error.fields ?? {}), query).toEqual([query.split('=')[0]]);
    }
    const largest = await getJson('/api/notifications?limit=50', token);
    expect(largest.status).toBe(200);
  });
});

describe('PUT /api/notifications/:id/read', () => {
  it('marks the owner’s notification read once, emits notificationRead once and lowers the count', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const created = await notify(testApp.app, user.id, likeInput({ source: 'pulse_hub' }));
    await notify(testApp.app, user.id, likeInput({ source: 'pulse_hub' }));
    const otherTab = await connectAs(token);
    const reads = recordEvents(otherTab, 'notificationRead');

    const response = await testApp.app.inject({ method: 'PUT', url: `/api/notifications/${created.id}/read`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, read: true });
    const again = await testApp.app.inject({ method: 'PUT', url: `/api/notifications/${created.id}/read`, headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    await settle();

    expect(reads).toEqual([{ id: created.id, source: 'pulse_hub' }]);
    expect(await unreadCounts(token)).toEqual({ general: 0, hub: 1 });
  });

  it('answers 404 for another user’s notification, leaks nothing and leaves it unread', async () => {
    const owner = await registerTestUser(testApp.app);
    const intruder = await registerTestUser(testApp.app);
    const created = await notify(testApp.app, owner.user.id, likeInput({ message: 'private text' }));
    const ownerSocket = await connectAs(owner.token);
    const reads = recordEvents(ownerSocket, 'notificationRead');

    const response = await testApp.app.inject({ method: 'PUT', url: `/api/notifications/${created.id}/read`, headers: bearer(intruder.token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: NOTIFICATION_NOT_FOUND_MESSAGE } });
    expect(response.body).not.toContain('private text');

    const missing = await testApp.app.inject({
      method: 'PUT',
      url: '/api/notifications/0190a8f2-0000-7000-8000-000000000000/read',
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
    await settle();
    expect(reads).toEqual([]);
    expect(await unreadCounts(owner.token)).toEqual({ general: 0, hub: 1 });
  });

  it('refuses a malformed id with 400 and an anonymous caller with 401', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const malformed = await testApp.app.inject({ method: 'PUT', url: '/api/notifications/12/read', headers: bearer(token) });
    expect(malformed.statusCode).toBe(400);
    const created = await notify(testApp.app, user.id, likeInput());
    const anonymous = await testApp.app.inject({ method: 'PUT', url: `/api/notifications/${created.id}/read` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/notifications/read-all', () => {
  it('zeroes both counts, emits allNotificationsRead with the user id and leaves other users alone', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const neighbour = await registerTestUser(testApp.app);
    await notify(testApp.app, user.id, likeInput({ source: 'pulse_hub' }));
    await notify(testApp.app, user.id, likeInput({ source: 'marketplace', type: 'new_message' }));
    await notify(testApp.app, neighbour.user.id, likeInput({ source: 'marketplace', type: 'order_update' }));
    const socket = await connectAs(token);
    const neighbourSocket = await connectAs(neighbour.token);
    const neighbourSaw = recordEvents(neighbourSocket, 'allNotificationsRead');
    const event = waitForEvent(socket, 'allNotificationsRead');

    const response = await testApp.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    await expect(event).resolves.toEqual({ userId: user.id });
    expect(await unreadCounts(token)).toEqual({ general: 0, hub: 0 });
    expect((await getJson('/api/notifications', token)).body.unread).toBe(0);
    await settle();
    expect(neighbourSaw).toEqual([]);
    expect(await unreadCounts(neighbour.token)).toEqual({ general: 1, hub: 0 });
  });

  it('with ?source marks only that app’s notifications and says which in the event', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    await notify(testApp.app, user.id, likeInput({ source: 'pulse_hub' }));
    await notify(testApp.app, user.id, likeInput({ source: 'marketplace', type: 'delivery_update' }));
    const socket = await connectAs(token);
    const event = waitForEvent(socket, 'allNotificationsRead');

    const response = await testApp.app.inject({ method: 'PUT', url: '/api/notifications/read-all?source=pulse_hub', headers: bearer(token) });
    expect(response.json()).toEqual({ updated: 1 });
    await expect(event).resolves.toEqual({ userId: user.id, source: 'pulse_hub' });
    expect(await unreadCounts(token)).toEqual({ general: 1, hub: 0 });

    const bad = await testApp.app.inject({ method: 'PUT', url: '/api/notifications/read-all?source=sms', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });
});
