import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME, ZMeResponse } from '@pulse/contract/auth';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { findUserById } from './users-repository';

let issuer: OAuth2Server;
let testApp: TestApp;
let issuerHost: string;

beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  const issuerUrl = issuer.issuer.url ?? '';
  issuerHost = new URL(issuerUrl).host;
  testApp = await createTestApp({
    OIDC_ISSUER: issuerUrl,
    OIDC_CLIENT_ID: 'pulse-market',
    OIDC_CLIENT_SECRET: 'pulse-market-secret',
    OIDC_NAME: 'Farmers ID',
  });
});

afterEach(() => {
  issuer.service.removeAllListeners();
});

afterAll(async () => {
  await testApp?.close();
  await issuer?.stop();
});

/** The issuer signs in "johndoe" (its fixed subject) with the claims given. */
function withIdTokenClaims(claims: Record<string, unknown>) {
  issuer.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
}

/** Walks the browser's redirects: our start -> the issuer -> our callback -> /login#... */
async function signInThroughIssuer(): Promise<{ location: string; sessionCookie: string | undefined }> {
  const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  expect(authorizeUrl.host).toBe(issuerHost);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/oidc/callback');
  const pending = start.cookies.find((cookie) => cookie.name === 'pulse_oidc');
  expect(pending).toMatchObject({ httpOnly: true, path: '/api/auth/oidc' });

  const atIssuer = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atIssuer.status).toBe(302);
  const callbackUrl = new URL(atIssuer.headers.get('location') ?? '');
  expect(callbackUrl.pathname).toBe('/api/auth/oidc/callback');

  const callback = await testApp.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    cookies: { pulse_oidc: pending?.value ?? '' },
  });
  expect(callback.statusCode).toBe(302);
  return {
    location: String(callback.headers.location),
    sessionCookie: callback.cookies.find((cookie) => cookie.name === SESSION_COOKIE_NAME)?.value,
  };
}

function tokenFrom(location: string): string {
  const match = /^\/login#token=(.+)$/.exec(location);
  if (!match?.[1]) throw new Error(`expected a token redirect, got ${location}`);
  return decodeURIComponent(match[1]);
}

describe('OpenID Connect sign-in', () => {
  it('is advertised with its configured name', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ oidc: { enabled: true, name: 'Farmers ID' }, demoAccounts: [] });
  });

  it('creates a user on first sign-in, with provider and providerId, and signs them in', async () => {
    withIdTokenClaims({ email: 'John.Doe@Farm.example', email_verified: true, preferred_username: 'john doe' });
    const { location, sessionCookie } = await signInThroughIssuer();
    const token = tokenFrom(location);
    expect(sessionCookie).toBe(token);

    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    const { user } = ZMeResponse.parse(me.json());
    expect(user).toMatchObject({
      provider: `oidc:${issuerHost}`,
      providerId: 'johndoe',
      email: 'john.doe@farm.example',
      username: 'john.doe',
      roles: ['buyer'],
    });
    const row = await findUserById(testApp.database.orm, user.id);
    expect(row?.passwordHash).toBeNull();

    // Second sign-in: the same account, found by (provider, providerId).
    withIdTokenClaims({ email: 'john.doe@farm.example' });
    const again = await signInThroughIssuer();
    const meAgain = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokenFrom(again.location)) });
    expect(meAgain.json().user.id).toBe(user.id);
  });

  it('rejects a callback without the pending-sign-in cookie', async () => {
    const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const atIssuer = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callbackUrl = new URL(atIssuer.headers.get('location') ?? '');
    const callback = await testApp.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}` });
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toMatch(/^\/login#error=/);
    expect(callback.cookies.find((cookie) => cookie.name === SESSION_COOKIE_NAME)).toBeUndefined();
  });

  it('rejects a tampered pending-sign-in cookie', async () => {
    const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const atIssuer = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callbackUrl = new URL(atIssuer.headers.get('location') ?? '');
    const forged = JSON.stringify({ state: callbackUrl.searchParams.get('state'), nonce: 'n', codeVerifier: 'v'.repeat(43) });
    const callback = await testApp.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      cookies: { pulse_oidc: `${forged}.not-a-signature` },
    });
    expect(String(callback.headers.location)).toBe(
      `/login#error=${encodeURIComponent('The single sign-on attempt expired or was started in another browser. Try again.')}`,
    );
  });

  it('reports a cancelled sign-in on the login page', async () => {
    const callback = await testApp.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?error=access_denied&state=x' });
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toBe(`/login#error=${encodeURIComponent('Single sign-on was cancelled.')}`);
  });
});

describe('OpenID Connect account linking', () => {
  it('links an existing local account with the same e-mail, which keeps its password', async () => {
    const local = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'ama@farm.example', username: 'ama_local', password: 'baobab-sunrise-8' },
    });
    expect(local.statusCode).toBe(201);
    // The issuer's default subject already belongs to John; Ama has her own.
    withIdTokenClaims({ sub: 'ama-at-issuer', email: 'ama@farm.example', email_verified: true });
    const { location } = await signInThroughIssuer();
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokenFrom(location)) });
    expect(me.json().user).toMatchObject({
      id: local.json().user.id,
      username: 'ama_local',
      provider: `oidc:${issuerHost}`,
      providerId: 'ama-at-issuer',
    });
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ama@farm.example', password: 'baobab-sunrise-8' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not link when the issuer says the e-mail is unverified', async () => {
    const owner = await registerTestUser(testApp.app);
    withIdTokenClaims({ sub: 'impostor', email: owner.user.email, email_verified: false });
    const { location, sessionCookie } = await signInThroughIssuer();
    expect(location).toBe(`/login#error=${encodeURIComponent('An account with this e-mail already exists. Sign in with your password.')}`);
    expect(sessionCookie).toBeUndefined();
  });

  it('makes a derived username unique', async () => {
    await registerTestUser(testApp.app, { username: 'kwame' });
    withIdTokenClaims({ sub: 'kwame-sso', email: 'kwame@elsewhere.example', preferred_username: 'Kwame' });
    const { location } = await signInThroughIssuer();
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokenFrom(location)) });
    expect(me.json().user.username).toMatch(/^Kwame\d{4,6}$/);
  });
});

describe('without OIDC configured', () => {
  it('the start route answers 404', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    } finally {
      await plain.close();
    }
  });
});
