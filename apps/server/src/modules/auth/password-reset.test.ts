import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { bearer, nextSignUpAddress, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server';
import { hashResetToken } from './password-reset-service';

let smtp: SmtpTestServer;
let testApp: TestApp;
const NEW_PASSWORD = 'harvest-lantern-42';

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pulse Market <no-reply@market.test>', RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR: '3' });
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextSignUpAddress() });
}

/** Asks for a reset, sends the outbox, and returns the link's token from the mail that arrived. */
async function resetTokenFor(email: string): Promise<string> {
  const before = smtp.received.length;
  expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(202);
  await testApp.app.mailOutbox.sendDue();
  const mail = await smtp.waitFor(email, (received) => smtp.received.indexOf(received) >= before && received.parsed.subject === 'Reset your Pulse Market password');
  const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  expect(link, 'the text part carries the link').not.toBeNull();
  expect(mail.parsed.html).toContain(`href="${link?.[0]}"`);
  expect(mail.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@market\.test>$/);
  return link?.[1] ?? '';
}

describe('password reset', () => {
  it('mails a link; the new password signs in, every old session is revoked, and a "password changed" mail follows', async () => {
    const person = await registerTestUser(testApp.app);
    const token = await resetTokenFor(person.user.email);
    expect(token).toHaveLength(43);

    // Only the hash is stored.
    const rows = await testApp.database.orm.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, person.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const confirmed = await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    const signedIn = confirmed.json() as { token: string; user: { id: string } };
    expect(signedIn.user.id).toBe(person.user.id);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(signedIn.token) })).statusCode).toBe(200);

    // The session from before the reset is over; the old password fails, the new one works.
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: person.user.email, password: person.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: person.user.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    // The link works once.
    const again = await post('/api/auth/password-reset/confirm', { token, password: 'another-fresh-password-9' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { message: 'This link is invalid or has expired.' } });

    await testApp.app.mailOutbox.sendDue();
    const changed = await smtp.waitFor(person.user.email, (mail) => mail.parsed.subject === 'Your Pulse Market password was changed');
    expect(changed.parsed.text).toContain('http://localhost:3000/forgot-password');
  });

  it('answers an unknown address exactly as a known one, and queues nothing for it', async () => {
    const person = await registerTestUser(testApp.app);
    const unknown = `nobody${Date.now()}@example.com`;
    const known = await post('/api/auth/password-reset', { email: person.user.email });
    const stranger = await post('/api/auth/password-reset', { email: unknown });
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.body).toBe(known.body);
    expect(known.json()).toMatchObject({ ok: true });
    const queued = await testApp.database.orm.select().from(mailOutbox).where(eq(mailOutbox.toAddress, unknown));
    expect(queued).toHaveLength(0);
  });

  it('takes about as long for an unknown address as for a known one (the mail is rendered either way)', async () => {
    const person = await registerTestUser(testApp.app);
    const time = async (email: string) => {
      const started = performance.now();
      await post('/api/auth/password-reset', { email });
      return performance.now() - started;
    };
    // Warm both paths, then take the median of three each, interleaved.
    await time(person.user.email);
    await time('warm@example.com');
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      knownTimes.push(await time(person.user.email));
      unknownTimes.push(await time(`nobody${round}${Date.now()}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // Same class: the unknown path is not an instant answer next to the known one.
    expect(median(unknownTimes)).toBeGreaterThan(median(knownTimes) / 4);
  });

  it('refuses an expired link', async () => {
    const person = await registerTestUser(testApp.app);
    const token = await resetTokenFor(person.user.email);
    await testApp.database.orm
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashResetToken(token)));
    const expired = await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: person.user.email, password: person.password })).statusCode).toBe(200);
  });

  it('refuses a made-up or tampered token, and a common password', async () => {
    const person = await registerTestUser(testApp.app);
    const token = await resetTokenFor(person.user.email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await post('/api/auth/password-reset/confirm', { token: tampered, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await post('/api/auth/password-reset/confirm', { token: 'short', password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'password1' })).statusCode).toBe(400);
    // None of these used the link up.
    expect((await post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('limits requests per e-mail from many addresses, with a 429 and Retry-After', async () => {
    const person = await registerTestUser(testApp.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/auth/password-reset', { email: person.user.email })).statusCode).toBe(202);
    }
    const refused = await post('/api/auth/password-reset', { email: person.user.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ error: { message: expect.stringContaining('Too many password reset requests.') } });
  });
});

describe('password reset per address', () => {
  it('limits one address asking for many e-mails', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: '2' });
    try {
      const ask = (email: string) => limited.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: '10.9.9.9' });
      expect((await ask('a1@example.com')).statusCode).toBe(202);
      expect((await ask('a2@example.com')).statusCode).toBe(202);
      expect((await ask('a3@example.com')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
