import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMeResponse } from '@pulse/contract/auth';
import { ZApiErrorResponse } from '@pulse/contract/errors';
import { ZListNotificationsResponse } from '@pulse/contract/notifications';
import { ZPushPayload } from '@pulse/contract/push';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { act, placePaidOrder } from '../orders/testing/order-fixtures';
import { createTestPushSubscriber, decryptWebPush } from '../push/testing/decrypt-web-push';
import { startPushReceiver, type PushReceiver } from '../push/testing/start-push-receiver';

let testApp: TestApp;
let receiver: PushReceiver;

beforeAll(async () => {
  testApp = await createTestApp();
  receiver = await startPushReceiver();
});

afterAll(async () => {
  await testApp.close();
  await receiver.close();
});

async function setLanguage(token: string | null, payload: unknown) {
  return testApp.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: token ? bearer(token) : {}, payload: payload as Record<string, unknown> });
}

describe('PUT /api/users/me/language', () => {
  it('stores the language, which /api/auth/me then shows', async () => {
    const { token } = await registerTestUser(testApp.app);
    const before = ZMeResponse.parse((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json());
    expect(before.user.language).toBeNull();

    const response = await setLanguage(token, { language: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: 'fr' });
    const me = ZMeResponse.parse((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json());
    expect(me.user.language).toBe('fr');
  });

  it('answers a visitor 401', async () => {
    const response = await setLanguage(null, { language: 'fr' });
    expect(response.statusCode).toBe(401);
    expect(ZApiErrorResponse.parse(response.json()).error.code).toBe('unauthorized');
  });

  it('refuses a language it does not speak with 400', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await setLanguage(token, { language: 'de' });
    expect(response.statusCode).toBe(400);
    expect(ZApiErrorResponse.parse(response.json()).error.code).toBe('validation_failed');
  });
});

describe('error messages in the caller’s language', () => {
  it('a failing request with Accept-Language: fr gets the French message; without, the English one', async () => {
    const payload = { email: 'nobody@example.com', password: 'wrong-password-1' };
    const english = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(english.statusCode).toBe(401);
    expect(ZApiErrorResponse.parse(english.json()).error.message).toBe('Incorrect e-mail or password.');
    const french = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'accept-language': 'fr-CI,fr;q=0.9,en;q=0.5' } });
    expect(french.statusCode).toBe(401);
    expect(ZApiErrorResponse.parse(french.json()).error.message).toBe('E-mail ou mot de passe incorrect.');
  });

  it('validation messages of the contract come in French too, field by field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'not-an-address', username: 'ab', password: 'meadow-tractor-91' },
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = ZApiErrorResponse.parse(response.json());
    expect(error.fields?.email).toBe('Saisissez une adresse e-mail valide');
    expect(error.fields?.username).toBe('Le nom d’utilisateur doit comporter au moins 3 caractères');
  });

  it('a signed-in user whose language is French gets French whatever the header says', async () => {
    const { token } = await registerTestUser(testApp.app);
    await setLanguage(token, { language: 'fr' });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/orders/00000000-0000-4000-8000-000000000000',
      headers: { ...bearer(token), 'accept-language': 'en-GB,en' },
    });
    expect(response.statusCode).toBe(404);
    expect(ZApiErrorResponse.parse(response.json()).error.message).toBe('Commande introuvable.');
  });
});

describe('notifications in the recipient’s language', () => {
  it('a French buyer’s order event gives a French notification and push, whatever language the seller uses', async () => {
    const { buyer, seller, order } = await placePaidOrder(testApp.app);
    await setLanguage(buyer.token, { language: 'fr' });
    const subscriber = createTestPushSubscriber();
    const subscribed = await testApp.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: bearer(buyer.token),
      payload: { endpoint: `${receiver.origin}/push/language-buyer`, keys: subscriber.keys },
    });
    expect(subscribed.statusCode).toBeLessThan(300);

    const accepted = await act(testApp.app, seller, order.id, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);

    const list = await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(buyer.token) });
    const items = ZListNotificationsResponse.parse(list.json()).items;
    expect(items.map((item) => item.message)).toContain('Green Valley Farm a accepté votre commande');

    const push = await receiver.waitForPush('/push/language-buyer');
    const payload = ZPushPayload.parse(JSON.parse(decryptWebPush(push.body, subscriber).toString('utf8')));
    expect(payload.title).toBe('Mise à jour de commande');
    expect(payload.body).toBe('Green Valley Farm a accepté votre commande');
  });
});
