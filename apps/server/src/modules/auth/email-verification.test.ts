import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNVERIFIED_MESSAGE } from '@pulse/contract/email-verification';
import { emailTokens } from '../../db/schema/email-tokens';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { users } from '../../db/schema/users';
import { bearer, nextSignUpAddress, registerTestUser, TEST_PASSWORD } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server';
import { createSeller } from '../orders/testing/order-fixtures';
import { startSession } from './auth-service';
import { resolveOidcUser } from './oidc-users';
import { hashResetToken } from './password-reset-service';

let smtp: SmtpTestServer;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pulse Market <no-reply@market.test>', RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR: '3' });
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

function inject(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>) {
  return testApp.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {}, remoteAddress: nextSignUpAddress() });
}

const confirm = (token: string) => inject('POST', '/api/auth/email-verification/confirm', undefined, { token });

async function me(token: string): Promise<{ email: string; email_verified: boolean }> {
  const response = await inject('GET', '/api/auth/me', token);
  expect(response.statusCode).toBe(200);
  return (response.json() as { user: { email: string; email_verified: boolean } }).user;
}

/** Sends the outbox and returns the token of the newest mail to `to` with this subject that arrived after `before`. */
async function linkTokenFrom(to: string, subject: string, before: number): Promise<string> {
  await testApp.app.mailOutbox.sendDue();
  const mail = await smtp.waitFor(to, (received) => smtp.received.indexOf(received) >= before && received.parsed.subject === subject);
  const link = /http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  expect(link, 'the text part carries the link').not.toBeNull();
  expect(mail.parsed.html).toContain(`href="${link?.[0]}"`);
  return link?.[1] ?? '';
}

const VERIFY_SUBJECT = 'Confirm your e-mail address for Pulse Market';

describe('e-mail verification', () => {
  it('sign-up mails a link that confirms the address without signing in, once', async () => {
    const before = smtp.received.length;
    const person = await registerTestUser(testApp.app, { verified: false });
    expect(person.user.email_verified).toBe(false);
    expect((await me(person.token)).email_verified).toBe(false);

    const token = await linkTokenFrom(person.user.email, VERIFY_SUBJECT, before);
    expect(token).toHaveLength(43);
    const rows = await testApp.database.orm.select().from(emailTokens).where(eq(emailTokens.userId, person.user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashResetToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ purpose: 'verify', email: person.user.email, message: 'Your e-mail address is confirmed. Thank you!' });
    expect((await me(person.token)).email_verified).toBe(true);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { message: 'This link is invalid, was already used or has expired. Sign in and send a new one.' } });
  });

  it('refuses an expired, unknown or malformed link, changing nothing', async () => {
    const before = smtp.received.length;
    const person = await registerTestUser(testApp.app, { verified: false });
    const token = await linkTokenFrom(person.user.email, VERIFY_SUBJECT, before);
    await testApp.database.orm.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.tokenHash, hashResetToken(token)));
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await confirm(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(400);
    expect((await confirm('short')).statusCode).toBe(400);
    expect((await me(person.token)).email_verified).toBe(false);
  });

  it('sends the link again on request, up to the hourly limit, then 429 with a clear message; a confirmed address is told so', async () => {
    const person = await registerTestUser(testApp.app, { verified: false });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const sent = await inject('POST', '/api/auth/email-verification', person.token);
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toMatchObject({ ok: true, message: 'We sent a new link to your e-mail address. It works for 3 days.' });
    }
    const refused = await inject('POST', '/api/auth/email-verification', person.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited', message: expect.stringContaining('Too many confirmation mails asked for.') } });
    // A change of address has as many per hour, counted on its own.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const change = await inject('PUT', '/api/account/email', person.token, { currentPassword: TEST_PASSWORD, email: `limited${attempt}${Date.now()}@example.com` });
      expect(change.statusCode).toBe(202);
    }
    const tooMany = await inject('PUT', '/api/account/email', person.token, { currentPassword: TEST_PASSWORD, email: `limited${Date.now()}@example.com` });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ error: { message: expect.stringContaining('Too many confirmation mails asked for.') } });
    // Sign-up's mail and three resends: four links, each stored.
    const queued = await testApp.database.orm.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.user.email));
    expect(queued.filter((row) => row.kind === 'verify_email')).toHaveLength(4);

    const verified = await registerTestUser(testApp.app);
    const already = await inject('POST', '/api/auth/email-verification', verified.token);
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ error: { message: 'Your e-mail address is already confirmed.' } });
    expect((await inject('POST', '/api/auth/email-verification')).statusCode).toBe(401);
  });

  it('an unconfirmed address may not apply to sell, apply as an agent or ask for a payout: 403 email_unverified', async () => {
    const person = await registerTestUser(testApp.app, { verified: false });
    const expected = { error: { code: 'email_unverified', message: EMAIL_UNVERIFIED_MESSAGE } };
    const seller = await inject('POST', '/api/sellers/application', person.token, {});
    expect(seller.statusCode).toBe(403);
    expect(seller.json()).toEqual(expected);
    const agent = await inject('POST', '/api/agents/applications', person.token, {});
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual(expected);

    const farm = await createSeller(testApp.app, 'Unconfirmed Farm');
    await testApp.database.orm.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, farm.id));
    const payout = await testApp.app.inject({ method: 'POST', url: '/api/wallet/payouts', payload: { amountMinor: 100 }, headers: { ...bearer(farm.token), 'idempotency-key': `k-${Date.now()}` } });
    expect(payout.statusCode).toBe(403);
    expect(payout.json()).toEqual(expected);
    // Listing payouts is not a request for money: still allowed.
    expect((await inject('GET', '/api/wallet/payouts', farm.token)).statusCode).toBe(200);

    // Once confirmed, the same requests reach their own checks (here: the body's fields).
    await testApp.database.orm.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.user.id));
    expect((await inject('POST', '/api/sellers/application', person.token, {})).statusCode).toBe(400);
  });
});

describe('change e-mail', () => {
  it('needs the current password and a free address; mails a link to the new address and a notice to the old; changes on the link', async () => {
    const person = await registerTestUser(testApp.app);
    const other = await registerTestUser(testApp.app);
    const newEmail = `moved${Date.now()}@example.com`;

    const wrong = await inject('PUT', '/api/account/email', person.token, { currentPassword: 'not-my-password', email: newEmail });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { fields: { currentPassword: 'Your current password is not correct.' } } });
    const taken = await inject('PUT', '/api/account/email', person.token, { currentPassword: TEST_PASSWORD, email: other.user.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { message: 'An account with this e-mail already exists.' } });

    const before = smtp.received.length;
    const asked = await inject('PUT', '/api/account/email', person.token, { currentPassword: TEST_PASSWORD, email: newEmail });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ ok: true, message: 'We sent a link to your new address. Your account uses it once you open that link.' });
    const token = await linkTokenFrom(newEmail, 'Confirm your new e-mail address for Pulse Market', before);
    const notice = await smtp.waitFor(person.user.email, (mail) => smtp.received.indexOf(mail) >= before && mail.parsed.subject === 'A change of your Pulse Market e-mail address was asked for');
    expect(notice.parsed.text).toContain(newEmail);
    expect(notice.parsed.text).toContain('http://localhost:3000/forgot-password');
    expect(notice.parsed.headers.has('list-unsubscribe')).toBe(false);

    // Nothing changed yet.
    expect((await me(person.token)).email).toBe(person.user.email);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ purpose: 'change', email: newEmail, message: 'Your account now uses this e-mail address.' });
    expect(await me(person.token)).toMatchObject({ email: newEmail, email_verified: true });
    expect((await inject('POST', '/api/auth/login', undefined, { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await inject('POST', '/api/auth/login', undefined, { email: person.user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('refuses the link when another account took the new address meanwhile (409), and the same address (400)', async () => {
    const person = await registerTestUser(testApp.app);
    const newEmail = `race${Date.now()}@example.com`;
    const before = smtp.received.length;
    expect((await inject('PUT', '/api/account/email', person.token, { currentPassword: TEST_PASSWORD, email: newEmail })).statusCode).toBe(202);
    const token = await linkTokenFrom(newEmail, 'Confirm your new e-mail address for Pulse Market', before);
    await registerTestUser(testApp.app, { email: newEmail });
    const conflict = await confirm(token);
    expect(conflict.statusCode).toBe(409);
    expect((await me(person.token)).email).toBe(person.user.email);

    const same = await inject('PUT', '/api/account/email', person.token, { currentPassword: TEST_PASSWORD, email: person.user.email });
    expect(same.statusCode).toBe(400);
  });

  it('a link sent to the old address confirms nothing once the address changed', async () => {
    const before = smtp.received.length;
    const person = await registerTestUser(testApp.app, { verified: false });
    const verifyToken = await linkTokenFrom(person.user.email, VERIFY_SUBJECT, before);
    const newEmail = `second${Date.now()}@example.com`;
    const mid = smtp.received.length;
    expect((await inject('PUT', '/api/account/email', person.token, { currentPassword: TEST_PASSWORD, email: newEmail })).statusCode).toBe(202);
    expect((await confirm(await linkTokenFrom(newEmail, 'Confirm your new e-mail address for Pulse Market', mid))).statusCode).toBe(200);
    expect((await confirm(verifyToken)).statusCode).toBe(400);
  });
});

describe('single sign-on', () => {
  const identity = (subject: string, email: string, emailVerified: boolean | null) => ({
    provider: 'oidc:id.example.com',
    subject,
    email,
    emailVerified,
    preferredUsername: null,
    name: null,
    picture: null,
  });

  it("is verified when the provider says the address is, not otherwise; a sign-on account cannot change its address here", async () => {
    const stamp = Date.now();
    const vouched = await resolveOidcUser(testApp.app.db, identity(`v${stamp}`, `vouched${stamp}@example.com`, true));
    expect(vouched.user.emailVerifiedAt).not.toBeNull();
    const unsure = await resolveOidcUser(testApp.app.db, identity(`u${stamp}`, `unsure${stamp}@example.com`, null));
    expect(unsure.user.emailVerifiedAt).toBeNull();
    // The next sign-in, now vouched for, confirms it.
    const later = await resolveOidcUser(testApp.app.db, identity(`u${stamp}`, `unsure${stamp}@example.com`, true));
    expect(later.user.emailVerifiedAt).not.toBeNull();

    // A local unconfirmed account linked by a vouched sign-in is confirmed too.
    const local = await registerTestUser(testApp.app, { verified: false });
    const linked = await resolveOidcUser(testApp.app.db, identity(`l${stamp}`, local.user.email, true));
    expect(linked.user.id).toBe(local.user.id);
    expect((await me(local.token)).email_verified).toBe(true);

    const session = await startSession(testApp.app.db, testApp.app.jwtSecret, vouched.user.id);
    expect((await me(session.token)).email_verified).toBe(true);
    const change = await inject('PUT', '/api/account/email', session.token, { currentPassword: 'anything', email: `elsewhere${stamp}@example.com` });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ error: { message: 'This account signs in with single sign-on: change your e-mail address with your sign-on provider.' } });
  });
});
