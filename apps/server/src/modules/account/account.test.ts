import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENEWAL_COOKIE_NAME, SESSION_RENEWAL_PATH, ZAccountSessionsResponse, ZSessionRenewalResponse } from '@pulse/contract/account';
import { ZAuthResponse } from '@pulse/contract/auth';
import { bearer, nextSignUpAddress, registerTestUser, TEST_PASSWORD } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { startSession } from '../auth/auth-service';
import { signRenewalToken } from '../auth/session-tokens';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

function renewalCookie(response: Injected) {
  return response.cookies.find((cookie) => cookie.name === RENEWAL_COOKIE_NAME);
}

async function signIn(email: string, options: { keepSignedIn?: boolean; userAgent?: string; password?: string } = {}) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    payload: { email, password: options.password ?? TEST_PASSWORD, ...(options.keepSignedIn === undefined ? {} : { keepSignedIn: options.keepSignedIn }) },
    remoteAddress: nextSignUpAddress(),
  });
  return { response, body: response.statusCode === 200 ? ZAuthResponse.parse(response.json()) : null };
}

async function me(token: string) {
  return testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
}

async function renew(options: { token?: string; cookie?: string }) {
  return testApp.app.inject({
    method: 'POST',
    url: SESSION_RENEWAL_PATH,
    headers: options.token ? bearer(options.token) : {},
    cookies: options.cookie ? { [RENEWAL_COOKIE_NAME]: options.cookie } : {},
  });
}

describe('staying signed in', () => {
  it('sets the keep-me-signed-in cookie only when asked: HttpOnly, Lax, the renewal route only, 30 days', async () => {
    const { user } = await registerTestUser(testApp.app);
    const kept = await signIn(user.email, { keepSignedIn: true });
    expect(renewalCookie(kept.response)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: SESSION_RENEWAL_PATH, maxAge: 30 * 24 * 3600 });
    const notKept = await signIn(user.email);
    expect(renewalCookie(notKept.response)).toBeUndefined();
  });

  it('gives a used session a fresh token for the same session, which keeps working after the first one expired', async () => {
    const { user } = await registerTestUser(testApp.app);
    // Signed in 40 minutes ago: 20 minutes of the hour are left.
    const old = await startSession(testApp.app.db, testApp.app.jwtSecret, user.id, new Date(Date.now() - 40 * 60_000));
    const response = await renew({ token: old.token });
    expect(response.statusCode).toBe(200);
    const body = ZSessionRenewalResponse.parse(response.json());
    expect(body.user?.id).toBe(user.id);
    const fresh = decodeJwt(body.token ?? '');
    expect(fresh.jti).toBe(old.sessionId);
    expect((fresh.exp ?? 0) * 1000).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await me(body.token ?? '')).statusCode).toBe(200);
  });

  it('does not renew a token that really expired: nulls, and the API answers with the spec’s expiry message', async () => {
    const { user } = await registerTestUser(testApp.app);
    const stale = await startSession(testApp.app.db, testApp.app.jwtSecret, user.id, new Date(Date.now() - 61 * 60_000));
    const response = await renew({ token: stale.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: null, user: null });
    const refused = await me(stale.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { message: EXPIRED_MESSAGE } });
  });

  it('brings a kept session back to a new tab from the cookie alone, and that token cannot be used as a bearer token', async () => {
    const { user } = await registerTestUser(testApp.app);
    const signedIn = await signIn(user.email, { keepSignedIn: true });
    const cookie = renewalCookie(signedIn.response)?.value ?? '';
    const response = await renew({ cookie });
    const body = ZSessionRenewalResponse.parse(response.json());
    expect(body.user?.id).toBe(user.id);
    expect(decodeJwt(body.token ?? '').jti).toBe(decodeJwt(signedIn.body?.token ?? '').jti);
    // The renewal cookie slides: another 30 days from now.
    expect(renewalCookie(response)).toMatchObject({ maxAge: 30 * 24 * 3600, path: SESSION_RENEWAL_PATH });
    const misuse = await me(cookie);
    expect(misuse.statusCode).toBe(401);
  });

  it('keeps a kept session past its token’s hour, while a session not kept ends with its token', async () => {
    const { user } = await registerTestUser(testApp.app);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const kept = await startSession(testApp.app.db, testApp.app.jwtSecret, user.id, twoHoursAgo, { keepSignedIn: true, keepDays: 30 });
    const notKept = await startSession(testApp.app.db, testApp.app.jwtSecret, user.id, twoHoursAgo);
    const keptCookie = await signRenewalToken(testApp.app.jwtSecret, { userId: user.id, sessionId: kept.sessionId, expiresAt: new Date(Date.now() + 3600_000) });
    const notKeptCookie = await signRenewalToken(testApp.app.jwtSecret, { userId: user.id, sessionId: notKept.sessionId, expiresAt: new Date(Date.now() + 3600_000) });
    expect(ZSessionRenewalResponse.parse((await renew({ token: kept.token, cookie: keptCookie })).json()).user?.id).toBe(user.id);
    const refused = await renew({ token: notKept.token, cookie: notKeptCookie });
    expect(refused.json()).toEqual({ token: null, user: null });
    // A cookie that leads nowhere is cleared.
    expect(renewalCookie(refused)).toMatchObject({ value: '' });
  });

  it('answers a visitor or a forged cookie with nulls, never an error', async () => {
    expect((await renew({})).json()).toEqual({ token: null, user: null });
    const forged = await renew({ cookie: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ token: null, user: null });
  });

  it('signing out ends the kept session: the cookie is cleared and no longer renews', async () => {
    const { user } = await registerTestUser(testApp.app);
    const signedIn = await signIn(user.email, { keepSignedIn: true });
    const cookie = renewalCookie(signedIn.response)?.value ?? '';
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(signedIn.body?.token ?? '') });
    expect(renewalCookie(logout)).toMatchObject({ value: '', path: SESSION_RENEWAL_PATH });
    expect((await renew({ cookie })).json()).toEqual({ token: null, user: null });
  });
});

describe('signed-in devices', () => {
  it('lists the caller’s live sessions with device names and "this device"; nobody else’s', async () => {
    const { user } = await registerTestUser(testApp.app);
    const phone = await signIn(user.email, { userAgent: PHONE_AGENT, keepSignedIn: true });
    const desktop = await signIn(user.email, { userAgent: DESKTOP_AGENT });
    const stranger = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { ...bearer(desktop.body?.token ?? ''), 'user-agent': DESKTOP_AGENT } });
    expect(response.statusCode).toBe(200);
    const { sessions } = ZAccountSessionsResponse.parse(response.json());
    const phoneId = decodeJwt(phone.body?.token ?? '').jti;
    const desktopId = decodeJwt(desktop.body?.token ?? '').jti;
    // Registration's own session comes too.
    expect(sessions).toHaveLength(3);
    expect(sessions.find((session) => session.id === phoneId)).toMatchObject({ browser: 'Chrome', os: 'Android', mobile: true, current: false, keepSignedIn: true });
    expect(sessions.find((session) => session.id === desktopId)).toMatchObject({ browser: 'Firefox', os: 'Windows', mobile: false, current: true, keepSignedIn: false });
    expect(sessions.map((session) => session.id)).not.toContain(decodeJwt(stranger.token).jti);
  });

  it('signs one device out at once; another user’s session id is 404 and stays signed in', async () => {
    const { user } = await registerTestUser(testApp.app);
    const phone = await signIn(user.email, { keepSignedIn: true });
    const desktop = await signIn(user.email);
    const stranger = await registerTestUser(testApp.app);
    const strangerId = decodeJwt(stranger.token).jti ?? '';
    const foreign = await testApp.app.inject({ method: 'DELETE', url: `/api/account/sessions/${strangerId}`, headers: bearer(desktop.body?.token ?? '') });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(strangerId);
    expect((await me(stranger.token)).statusCode).toBe(200);

    const phoneId = decodeJwt(phone.body?.token ?? '').jti ?? '';
    const ended = await testApp.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: bearer(desktop.body?.token ?? '') });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1, endedCurrent: false });
    const phoneAfter = await me(phone.body?.token ?? '');
    expect(phoneAfter.statusCode).toBe(401);
    expect(phoneAfter.json()).toMatchObject({ error: { message: EXPIRED_MESSAGE } });
    expect((await renew({ cookie: renewalCookie(phone.response)?.value ?? '' })).json()).toEqual({ token: null, user: null });
    expect((await me(desktop.body?.token ?? '')).statusCode).toBe(200);
    // Twice is not an error the app must handle differently: the device is gone either way.
    const again = await testApp.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: bearer(desktop.body?.token ?? '') });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a malformed session id with 400, not 500', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/account/sessions/not-an-id', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
  });

  it('"sign out everywhere" ends every session of the caller, this one included, and no one else’s', async () => {
    const { user, token } = await registerTestUser(testApp.app);
    const other = await signIn(user.email, { keepSignedIn: true });
    const stranger = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-everywhere', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2, endedCurrent: true });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other.body?.token ?? '')).json()).toMatchObject({ error: { message: EXPIRED_MESSAGE } });
    expect((await me(stranger.token)).statusCode).toBe(200);
  });
});

describe('change password', () => {
  async function changePassword(token: string, payload: Record<string, string>) {
    return testApp.app.inject({ method: 'PUT', url: '/api/account/password', headers: bearer(token), payload });
  }

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const { user, token } = await registerTestUser(testApp.app);
    const other = await signIn(user.email);
    const response = await changePassword(token, { currentPassword: 'not-my-password', newPassword: 'river-basket-2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: 'Your current password is not correct.', fields: { currentPassword: 'Your current password is not correct.' } },
    });
    expect((await me(other.body?.token ?? '')).statusCode).toBe(200);
    expect((await signIn(user.email)).response.statusCode).toBe(200);
  });

  it('refuses a new password that is too short, too common or the same, with the field named', async () => {
    const { token } = await registerTestUser(testApp.app);
    const short = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { fields: { newPassword: 'Password must be at least 8 characters' } } });
    const common = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: 'password1' });
    expect(common.json()).toMatchObject({ error: { fields: { newPassword: 'This password is too common. Choose a less predictable one.' } } });
    const same = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.json()).toMatchObject({ error: { fields: { newPassword: 'Choose a password different from your current one.' } } });
  });

  it('changes the password, signs every other device out and keeps this one', async () => {
    const { user, token } = await registerTestUser(testApp.app);
    const phone = await signIn(user.email, { keepSignedIn: true });
    const response = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: 'river-basket-2026' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ otherSessionsEnded: 1 });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(phone.body?.token ?? '')).json()).toMatchObject({ error: { message: EXPIRED_MESSAGE } });
    expect((await renew({ cookie: renewalCookie(phone.response)?.value ?? '' })).json()).toEqual({ token: null, user: null });
    expect((await signIn(user.email)).response.statusCode).toBe(401);
    expect((await signIn(user.email, { password: 'river-basket-2026' })).response.statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const response = await testApp.app.inject({ method: 'PUT', url: '/api/account/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'river-basket-2026' } });
    expect(response.statusCode).toBe(401);
  });
});
