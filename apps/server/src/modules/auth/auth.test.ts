import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME, ZAuthResponse, ZMeResponse } from '@pulse/contract/auth';
import { ZApiErrorResponse } from '@pulse/contract/errors';
import { createId } from '../../db/new-id';
import { bearer, registerTestUser, TEST_PASSWORD } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { insertSession } from './sessions-repository';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function cookieFrom(response: { cookies: Array<{ name: string; value: string }> }) {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE_NAME);
}

describe('POST /api/auth/register', () => {
  it('creates a buyer account, returns a token and the user, and sets the session cookie', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: '  Ama.Mensah@Example.com ', username: 'ama_m', password: 'sunflower-field-7' },
    });
    expect(response.statusCode).toBe(201);
    const body = ZAuthResponse.parse(response.json());
    expect(body.user).toMatchObject({
      email: 'ama.mensah@example.com',
      username: 'ama_m',
      provider: 'local',
      providerId: null,
      roles: ['buyer'],
      agentId: null,
      sellerId: null,
      profile_picture_url: null,
      is_legacy_creator: false,
    });
    expect(Object.keys(body.user).sort()).toEqual(
      ['agentId', 'bio', 'email', 'email_verified', 'id', 'is_legacy_creator', 'language', 'profession', 'profile_picture_url', 'provider', 'providerId', 'roles', 'sellerId', 'username'].sort(),
    );
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 3600 });
    expect(cookie?.secure).toBeFalsy();
  });

  it('refuses a duplicate e-mail with 409 and a field message', async () => {
    const first = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: first.user.email.toUpperCase(), username: 'someone_else', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'An account with this e-mail already exists.',
        fields: { email: 'An account with this e-mail already exists.' },
      },
    });
  });

  it('refuses a username taken in another letter case with 409', async () => {
    await registerTestUser(testApp.app, { username: 'KofiFarms' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'kofi2@example.com', username: 'kofifarms', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'conflict', message: 'This username is taken.', fields: { username: 'This username is taken.' } },
    });
  });

  it('lets only one of two simultaneous sign-ups with the same username succeed', async () => {
    const attempts = await Promise.all(
      [1, 2].map((n) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: `race${n}@example.com`, username: 'RaceName', password: TEST_PASSWORD },
        }),
      ),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = attempts.find((r) => r.statusCode === 409);
    expect(loser?.json().error.fields).toEqual({ username: 'This username is taken.' });
  });

  it('rejects a short password with 400 and a password field message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'short@example.com', username: 'shorty', password: 'abc12' },
    });
    expect(response.statusCode).toBe(400);
    const body = ZApiErrorResponse.parse(response.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('rejects a common password with 400 and the spec message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'common@example.com', username: 'common', password: 'password1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'This password is too common. Choose a less predictable one.',
        fields: { password: 'This password is too common. Choose a less predictable one.' },
      },
    });
  });

  it('names every bad field at once', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'not-an-email', username: 'a', password: 12345678 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Enter a valid e-mail address',
      username: 'Username must be at least 3 characters',
      password: 'Choose a password',
    });
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const { user } = await registerTestUser(testApp.app);
    const { findUserById } = await import('./users-repository');
    const row = await findUserById(testApp.database.orm, user.id);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(TEST_PASSWORD);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password', async () => {
    const registered = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registered.user.email.toUpperCase(), password: registered.password },
    });
    expect(response.statusCode).toBe(200);
    const body = ZAuthResponse.parse(response.json());
    expect(body.user.id).toBe(registered.user.id);
    expect(cookieFrom(response)?.value).toBe(body.token);
    const [, payload] = body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, number | string>;
    expect(claims.sub).toBe(registered.user.id);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(typeof claims.jti).toBe('string');
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const registered = await registerTestUser(testApp.app);
    const wrongPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registered.user.email, password: 'not-the-password' },
    });
    const unknownEmail = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody-here@example.com', password: 'not-the-password' },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Incorrect e-mail or password.' } });
    }
  });
});

describe('session', () => {
  it('GET /api/auth/me returns the user for a bearer token', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(ZMeResponse.parse(response.json()).user).toEqual(user);
  });

  it('GET /api/auth/me works with the HttpOnly cookie alone', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { [SESSION_COOKIE_NAME]: token } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('GET /api/auth/me is 401 without a token and with a garbage token', async () => {
    const none = await testApp.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(ZApiErrorResponse.parse(none.json()).error.code).toBe('unauthorized');
    const garbage = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('not.a.jwt') });
    expect(garbage.statusCode).toBe(401);
  });

  it('rejects a token whose expiry has passed even though its session row is live', async () => {
    const { user } = await registerTestUser(testApp.app);
    const sessionId = createId();
    await insertSession(testApp.database.orm, { jti: sessionId, userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(sessionId)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(testApp.app.jwtSecret));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a token signed with another secret', async () => {
    const { user } = await registerTestUser(testApp.app);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(createId())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(forged) });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes the session: the same token then gets 401, and the cookie is cleared', async () => {
    const { token } = await registerTestUser(testApp.app);
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
    const cleared = cookieFrom(logout);
    expect(cleared?.value).toBe('');
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const viaCookie = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { [SESSION_COOKIE_NAME]: token } });
    expect(viaCookie.statusCode).toBe(401);
  });

  it('logout answers 200 when already signed out, even with a JSON content type and no body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('logging out one session leaves the other sessions of the user alive', async () => {
    const registered = await registerTestUser(testApp.app);
    const second = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registered.user.email, password: registered.password },
    });
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(registered.token) });
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(second.json().token) });
    expect(me.statusCode).toBe(200);
  });

  it('reflects a role change on the next request without a new token', async () => {
    const { token, user } = await registerTestUser(testApp.app);
    const { addUserRole } = await import('./users-repository');
    await addUserRole(testApp.database.orm, user.id, 'agent');
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user.roles).toEqual(['buyer', 'agent']);
  });
});

describe('GET /api/auth/providers', () => {
  it('says OpenID Connect is off when no issuer is configured', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ oidc: { enabled: false, name: null }, demoAccounts: [] });
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secureApp = await createTestApp({ PUBLIC_URL: 'https://market.example.com' });
    try {
      const response = await secureApp.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'secure@example.com', username: 'secure_user', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(201);
      expect(cookieFrom(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await secureApp.close();
    }
  });
});
