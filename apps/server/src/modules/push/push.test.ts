import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotifyInput } from '@pulse/contract/notifications';
import { ZPushPayload, ZPushPublicKeyResponse } from '@pulse/contract/push';
import { buildApp } from '../../app';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { notify } from '../notifications/notifications-service';
import { listPushSubscriptions } from './push-repository';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, PUSH_ENDPOINT_REFUSED_MESSAGE } from './push-service';
import { createTestPushSubscriber, decryptWebPush, type TestPushSubscriber } from './testing/decrypt-web-push';
import { startPushReceiver, type PushReceiver } from './testing/start-push-receiver';

let testApp: TestApp;
let receiver: PushReceiver;
let pathCounter = 0;
let eventCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  receiver = await startPushReceiver();
});

afterAll(async () => {
  await testApp.close();
  await receiver.close();
});

/** A fresh endpoint on the local push service for each subscription. */
function newEndpointPath(): string {
  pathCounter += 1;
  return `/push/${pathCounter}`;
}

function notifyInput(overrides: Partial<TNotifyInput> = {}): TNotifyInput {
  eventCounter += 1;
  return {
    type: 'like',
    source: 'pulse_hub',
    message: 'Ada liked your post',
    related_entity_id: 'post-1',
    idempotencyKey: `push-test-${eventCounter}`,
    ...overrides,
  };
}

async function subscribe(token: string, path: string, subscriber: TestPushSubscriber = createTestPushSubscriber()) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: bearer(token),
    payload: { endpoint: `${receiver.origin}${path}`, keys: subscriber.keys },
  });
  return { response, subscriber };
}

async function readPublicKey(): Promise<string> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/push/public-key' });
  return ZPushPublicKeyResponse.parse(response.json()).publicKey;
}

/** Waits until the stored subscriptions of the user satisfy the check (removal happens after the push). */
async function waitForSubscriptions(userId: string, check: (endpoints: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const endpoints = (await listPushSubscriptions(testApp.database.orm, userId)).map((row) => row.endpoint);
    if (check(endpoints)) return endpoints;
    if (Date.now() > deadline) throw new Error(`Subscriptions never matched: ${endpoints.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('GET /api/push/public-key', () => {
  it('returns an uncompressed P-256 public key, the same for every process on the database', async () => {
    const publicKey = await readPublicKey();
    const bytes = Buffer.from(publicKey, 'base64url');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);

    // A second app on the same database stands for another server process or a restart.
    const second = await buildApp({ config: testApp.config, db: testApp.database, logger: false });
    try {
      const response = await second.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(ZPushPublicKeyResponse.parse(response.json()).publicKey).toBe(publicKey);
    } finally {
      await second.close();
    }
  });
});

describe('POST /api/push/subscriptions', () => {
  it('needs a signed-in user', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: `${receiver.origin}/anonymous`, keys: createTestPushSubscriber().keys },
    });
    expect(response.statusCode).toBe(401);
  });

  it('saves the subscription and answers 201 with its endpoint', async () => {
    const { token } = await registerTestUser(testApp.app);
    const path = newEndpointPath();
    const { response } = await subscribe(token, path);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ endpoint: `${receiver.origin}${path}` });
  });

  it('refuses malformed subscriptions field by field', async () => {
    const { token } = await registerTestUser(testApp.app);
    const { keys } = createTestPushSubscriber();
    const cases = [
      { payload: { endpoint: 'not a url', keys }, field: 'endpoint' },
      { payload: { endpoint: 'ftp://push.example.com/x', keys }, field: 'endpoint' },
      { payload: { endpoint: `${receiver.origin}/x`, keys: { ...keys, p256dh: 'short' } }, field: 'keys.p256dh' },
      { payload: { endpoint: `${receiver.origin}/x`, keys: { ...keys, auth: '' } }, field: 'keys.auth' },
      { payload: { endpoint: `${receiver.origin}/x` }, field: 'keys' },
    ];
    for (const { payload, field } of cases) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(token), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    }
  });

  it('on a public server, refuses plain-http and IP-address endpoints that could reach its own network', async () => {
    const publicApp = await createTestApp({ PUBLIC_URL: 'https://market.example.com' });
    try {
      const { token } = await registerTestUser(publicApp.app);
      for (const endpoint of ['http://push.example.com/x', 'https://10.0.0.5/x', 'https://localhost/x', `${receiver.origin}/x`]) {
        const response = await publicApp.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: bearer(token),
          payload: { endpoint, keys: createTestPushSubscriber().keys },
        });
        expect(response.statusCode, endpoint).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { endpoint: PUSH_ENDPOINT_REFUSED_MESSAGE } });
      }
      const accepted = await publicApp.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(token),
        payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: createTestPushSubscriber().keys },
      });
      expect(accepted.statusCode).toBe(201);
    } finally {
      await publicApp.close();
    }
  });

  it('keeps one subscription per endpoint: saving again replaces the keys, and another user signing in takes it over', async () => {
    const first = await registerTestUser(testApp.app);
    const second = await registerTestUser(testApp.app);
    const path = newEndpointPath();
    await subscribe(first.token, path);
    const renewed = createTestPushSubscriber();
    expect((await subscribe(first.token, path, renewed)).response.statusCode).toBe(201);

    await notify(testApp.app, first.user.id, notifyInput({ message: 'after renewal' }));
    const push = await receiver.waitForPush(path);
    expect(ZPushPayload.parse(JSON.parse(decryptWebPush(push.body, renewed).toString('utf8'))).body).toBe('after renewal');

    const taken = createTestPushSubscriber();
    expect((await subscribe(second.token, path, taken)).response.statusCode).toBe(201);
    expect(await listPushSubscriptions(testApp.database.orm, first.user.id)).toEqual([]);
    await notify(testApp.app, second.user.id, notifyInput({ message: 'for the new owner' }));
    const next = await receiver.waitForPush(path);
    expect(JSON.parse(decryptWebPush(next.body, taken).toString('utf8')).body).toBe('for the new owner');
  });

  it(`keeps the ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} most recent subscriptions of a user`, async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const paths = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 1 }, () => newEndpointPath());
    for (const path of paths) await subscribe(token, path);
    const endpoints = await listPushSubscriptions(testApp.database.orm, user.id);
    expect(endpoints).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(endpoints.map((row) => row.endpoint)).not.toContain(`${receiver.origin}${paths[0]}`);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("removes the caller's own subscription; another user's endpoint is a 404 and stays subscribed", async () => {
    const owner = await registerTestUser(testApp.app);
    const stranger = await registerTestUser(testApp.app);
    const path = newEndpointPath();
    const { subscriber } = await subscribe(owner.token, path);
    const endpoint = `${receiver.origin}${path}`;

    const refused = await testApp.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(stranger.token), payload: { endpoint } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
    await notify(testApp.app, owner.user.id, notifyInput({ message: 'still subscribed' }));
    const push = await receiver.waitForPush(path);
    expect(JSON.parse(decryptWebPush(push.body, subscriber).toString('utf8')).body).toBe('still subscribed');

    const removed = await testApp.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(owner.token), payload: { endpoint } });
    expect(removed.statusCode).toBe(204);
    expect(await listPushSubscriptions(testApp.database.orm, owner.user.id)).toEqual([]);
    const again = await testApp.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(owner.token), payload: { endpoint } });
    expect(again.statusCode).toBe(404);
  });

  it('needs a signed-in user and a valid endpoint', async () => {
    const anonymous = await testApp.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: `${receiver.origin}/x` } });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await registerTestUser(testApp.app);
    const malformed = await testApp.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(token), payload: {} });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('endpoint');
  });
});

describe('push delivery on a new notification', () => {
  it('sends an encrypted, VAPID-signed push that the subscription decrypts to the title, message and click target', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const path = newEndpointPath();
    const { subscriber } = await subscribe(token, path);

    const notification = await notify(testApp.app, user.id, notifyInput({ type: 'like', source: 'pulse_hub', message: 'Ada liked your post' }));
    const push = await receiver.waitForPush(path);

    expect(push.method).toBe('POST');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.body.length).toBeLessThanOrEqual(4096);
    const payload = JSON.parse(decryptWebPush(push.body, subscriber).toString('utf8'));
    expect(payload).toEqual({ title: 'New Like', body: 'Ada liked your post', url: '/hub/notifications', tag: notification.id });

    // RFC 8292: "vapid t=<JWT signed with the server's key>, k=<that public key>", aimed at the push service.
    const publicKey = await readPublicKey();
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(push.headers.authorization));
    expect(match?.[2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(match?.[1] ?? '', key, { audience: receiver.origin });
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('points an order push at its order, and a new message at its chat, like the in-app toast', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const path = newEndpointPath();
    const { subscriber } = await subscribe(token, path);

    await notify(testApp.app, user.id, notifyInput({ type: 'order_update', source: 'marketplace', message: 'Your order shipped', related_entity_id: 'order-7' }));
    const order = JSON.parse(decryptWebPush((await receiver.waitForPush(path)).body, subscriber).toString('utf8'));
    expect(order).toMatchObject({ title: 'Order Update', body: 'Your order shipped', url: '/order/order-7' });

    await notify(testApp.app, user.id, notifyInput({ type: 'new_message', source: 'marketplace', message: 'Bola: is it fresh?', related_entity_id: 'conv-3' }));
    const message = JSON.parse(decryptWebPush((await receiver.waitForPush(path)).body, subscriber).toString('utf8'));
    expect(message).toMatchObject({ title: 'New Message', url: '/chat/conv-3' });
  });

  it('reaches every subscribed browser of the user, and only that user', async () => {
    const reader = await registerTestUser(testApp.app);
    const bystander = await registerTestUser(testApp.app);
    const phone = newEndpointPath();
    const laptop = newEndpointPath();
    const other = newEndpointPath();
    const phoneKeys = (await subscribe(reader.token, phone)).subscriber;
    const laptopKeys = (await subscribe(reader.token, laptop)).subscriber;
    const otherKeys = (await subscribe(bystander.token, other)).subscriber;

    await notify(testApp.app, reader.user.id, notifyInput({ type: 'tip', message: 'You got a tip' }));
    const [onPhone, onLaptop] = await Promise.all([receiver.waitForPush(phone), receiver.waitForPush(laptop)]);
    expect(JSON.parse(decryptWebPush(onPhone.body, phoneKeys).toString('utf8')).title).toBe('New Tip');
    expect(JSON.parse(decryptWebPush(onLaptop.body, laptopKeys).toString('utf8')).title).toBe('New Tip');

    await notify(testApp.app, bystander.user.id, notifyInput({ type: 'report', message: 'for the bystander' }));
    const own = await receiver.waitForPush(other);
    expect(JSON.parse(decryptWebPush(own.body, otherKeys).toString('utf8')).body).toBe('for the bystander');
    expect(receiver.received().filter((push) => push.path === other)).toHaveLength(1);
  });

  it('does not wait for the push service: notify returns while the push is still unanswered', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const path = newEndpointPath();
    await subscribe(token, path);
    const release = receiver.hold(path);
    try {
      // Were notify to wait for the push service, it would never return while the answer is held.
      await notify(testApp.app, user.id, notifyInput());
      await receiver.waitForPush(path);
    } finally {
      release();
    }
  });

  it('removes a subscription the push service reports gone (410 and 404), and keeps one after a server error', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const gone = newEndpointPath();
    const unknown = newEndpointPath();
    const failing = newEndpointPath();
    receiver.answer(gone, 410);
    receiver.answer(unknown, 404);
    receiver.answer(failing, 500);
    for (const path of [gone, unknown, failing]) await subscribe(token, path);

    await notify(testApp.app, user.id, notifyInput());
    await Promise.all([receiver.waitForPush(gone), receiver.waitForPush(unknown), receiver.waitForPush(failing)]);
    const left = await waitForSubscriptions(user.id, (endpoints) => endpoints.length === 1);
    expect(left).toEqual([`${receiver.origin}${failing}`]);
  });

  it('sends nothing again when a notification is retried with the same idempotency key', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const path = newEndpointPath();
    await subscribe(token, path);
    const input = notifyInput({ message: 'once only' });
    await notify(testApp.app, user.id, input);
    await notify(testApp.app, user.id, input);
    await receiver.waitForPush(path);
    await notify(testApp.app, user.id, notifyInput({ message: 'a later one' }));
    await receiver.waitForPush(path);
    expect(receiver.received().filter((push) => push.path === path)).toHaveLength(2);
  });
});
