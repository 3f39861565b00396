import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { mailsTotal } from '../../lib/metrics';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, TEST_ENV, type TestApp } from '../../testing/create-test-app';
import { addUserRole } from '../auth/users-repository';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server';
import { passwordResetMail } from './mail-messages';
import { MAIL_MAX_ATTEMPTS, queueMail } from './mail-outbox';
import { renderMail } from './mail-render';
import { createMailSender } from './mail-transport';

let smtp: SmtpTestServer;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Pulse Market <no-reply@market.test>', APP_NAME: 'Pulse Market' });
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

async function rowOf(id: string) {
  const [row] = await testApp.database.orm.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

describe('the mail outbox', () => {
  it('keeps a mail only when the transaction that queued it commits', async () => {
    const content = passwordResetMail(testApp.config, { email: 'nobody@example.com', language: 'en' }, 'http://localhost:3000/reset-password?token=x');
    let rolledBackId = '';
    await expect(
      testApp.database.orm.transaction(async (tx) => {
        rolledBackId = await queueMail(tx, { kind: 'password_reset', category: 'security', to: 'nobody@example.com', content });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rowOf(rolledBackId)).toBeUndefined();

    const id = await testApp.database.orm.transaction((tx) => queueMail(tx, { kind: 'password_reset', category: 'security', to: 'nobody@example.com', content }));
    expect((await rowOf(id))?.status).toBe('queued');
  });

  it('sends through SMTP with From, To, Subject, Message-ID, an HTML and a text part, and marks the row sent', async () => {
    const to = `reader${Date.now()}@example.com`;
    const link = 'http://localhost:3000/reset-password?token=abc123';
    const id = await testApp.database.orm.transaction((tx) =>
      queueMail(tx, { kind: 'password_reset', category: 'security', to, content: passwordResetMail(testApp.config, { email: to, language: 'en' }, link) }),
    );
    await testApp.app.mailOutbox.sendDue();
    const mail = await smtp.waitFor(to);
    expect(mail.parsed.from?.text).toBe('"Pulse Market" <no-reply@market.test>');
    expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.text : '').toBe(to);
    expect(mail.parsed.subject).toBe('Reset your Pulse Market password');
    expect(mail.parsed.messageId).toBe(`<${id}@market.test>`);
    expect(mail.parsed.html).toContain(`href="${link}"`);
    expect(mail.parsed.html).toContain('#177a3b');
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.text).toContain('Choose a new password');
    const row = await rowOf(id);
    expect(row?.status).toBe('sent');
    expect(row?.sentAt).toBeInstanceOf(Date);

    // Sent once: another pass finds nothing to send.
    await testApp.app.mailOutbox.sendDue();
    expect(smtp.received.filter((received) => received.recipients.includes(to))).toHaveLength(1);
  });

  it('writes in the language kept for the recipient', async () => {
    const rendered = await renderMail(passwordResetMail(testApp.config, { email: 'a@example.com', language: 'fr' }, 'http://localhost:3000/r'));
    expect(rendered.subject).toBe('Réinitialisez votre mot de passe Pulse Market');
    expect(rendered.html).toContain('lang="fr"');
  });

  it('retries a refused mail with back-off, then marks it failed after the last try', async () => {
    const to = `refused${Date.now()}@example.com`;
    const id = await testApp.database.orm.transaction((tx) =>
      queueMail(tx, { kind: 'password_reset', category: 'security', to, content: passwordResetMail(testApp.config, { email: to, language: null }, 'http://localhost:3000/r') }),
    );
    smtp.refuseWith = 451;
    const counted = async (outcome: string) => (await mailsTotal.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
    const [retriedBefore, failedBefore] = [await counted('retried'), await counted('failed')];
    try {
      let now = Date.now();
      await testApp.app.mailOutbox.sendDue(new Date(now));
      let row = await rowOf(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row?.lastError).toContain('451');
      // Not retried before its back-off is over.
      await testApp.app.mailOutbox.sendDue(new Date(now + 1000));
      expect((await rowOf(id))?.attempts).toBe(1);
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
        now = (row?.nextAttemptAt.getTime() ?? now) + 1;
        await testApp.app.mailOutbox.sendDue(new Date(now));
        row = await rowOf(id);
        expect(row?.attempts).toBe(attempt);
      }
      expect(row?.status).toBe('failed');
      // pulse_mails_total: every refused try but the last was a retry, the last one a failure.
      expect(await counted('retried')).toBe(retriedBefore + MAIL_MAX_ATTEMPTS - 1);
      expect(await counted('failed')).toBe(failedBefore + 1);
    } finally {
      smtp.refuseWith = null;
    }
    expect(smtp.received.some((mail) => mail.recipients.includes(to))).toBe(false);

    // Admins see it under Failed with its error, and "Retry" sends it once the server takes mail again.
    const admin = await registerTestUser(testApp.app);
    await addUserRole(testApp.database.orm, admin.user.id, 'admin');
    const list = await testApp.app.inject({ method: 'GET', url: '/api/admin/mail?status=failed', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as { items: Array<{ id: string; to: string; attempts: number; lastError: string | null }> }).items.find((item) => item.id === id);
    expect(listed).toMatchObject({ to, attempts: MAIL_MAX_ATTEMPTS });
    expect(listed?.lastError).toContain('451');
    expect(list.body).not.toContain('token=');

    const retry = await testApp.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/retry`, headers: bearer(admin.token) });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'queued', attempts: 0 });
    await testApp.app.mailOutbox.sendDue();
    await smtp.waitFor(to);
    expect((await rowOf(id))?.status).toBe('sent');
    // A sent mail is not retried again: 404, and nothing more is sent.
    const again = await testApp.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/retry`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
    // A buyer is refused.
    const buyer = await registerTestUser(testApp.app);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/mail', headers: bearer(buyer.token) })).statusCode).toBe(403);
  });
});

describe('mail without SMTP_URL', () => {
  it('writes an .eml file to DATA_DIR/mail and logs the subject and the link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pulse-mail-'));
    try {
      const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir });
      const lines: string[] = [];
      const log = { info: (_object: unknown, line: string) => lines.push(line) } as unknown as Parameters<typeof createMailSender>[1];
      const sender = createMailSender(config, log);
      const link = 'http://localhost:3000/reset-password?token=fromthelog';
      const rendered = await renderMail(passwordResetMail(config, { email: 'buyer@demo.pulse.market', language: 'en' }, link));
      await sender.send({ id: '0190aaaa-0000-7000-8000-000000000001', to: 'buyer@demo.pulse.market', ...rendered });
      const files = readdirSync(join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-0190aaaa-0000-7000-8000-000000000001\.eml$/);
      const eml = readFileSync(join(dataDir, 'mail', files[0] ?? ''), 'utf8');
      expect(eml).toContain('Subject: Reset your Pulse Market password');
      expect(eml).toContain('Content-Type: text/html');
      expect(eml).toContain('Content-Type: text/plain');
      expect(lines.join('\n')).toContain('"Reset your Pulse Market password"');
      expect(lines.join('\n')).toContain(link);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
