import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSmtpTestServer, type SmtpTestServer } from '../../apps/server/src/testing/smtp-test-server';
import { APP_PORT, FIXTURE_PASSWORD } from '../support/fixtures';

/**
 * Issue 25 item 3, e-mail verification as a new person lives it (decision 053): sign up, the banner
 * under the top bar names the address, the mail arrives at a real SMTP server (smtp-server in this
 * process), its link confirms the address and the banner is gone. The server is the password-reset
 * walk's (support/start-mail-server.ts) on a port of its own, sending with its outbox worker.
 */

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = resolve(e2eRoot, '../node_modules/.bin/tsx');

/** A port beside the suite's own (E2E_APP_PORT + 10; the password-reset walk has + 9). */
const SERVER_PORT = APP_PORT + 10;
const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;

let smtp: SmtpTestServer | null = null;
let server: ChildProcess | null = null;

async function startServer(smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(tsx, ['support/start-mail-server.ts'], {
    cwd: e2eRoot,
    env: { ...process.env, PORT: String(SERVER_PORT), SMTP_URL: smtpUrl, MAIL_DATA_DIR: resolve(e2eRoot, '.artifacts/verify-mail-data') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The mail server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${SERVER_URL}/api/health`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('The mail server did not answer /api/health within 150 s');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

test.use({ baseURL: SERVER_URL });

test.beforeAll(async () => {
  // The server's start (migrations, seed) is not part of the walk's time.
  test.setTimeout(180_000);
  smtp = await startSmtpTestServer();
  server = await startServer(smtp.url);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise<void>((done) => server!.once('exit', () => done()));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  await smtp?.close();
});

test('sign up: the banner names the address; the mailed link confirms it and the banner is gone', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const person = { email: `newcomer.${suffix}@e2e.example`, username: `newcomer_${suffix}`.slice(0, 30) };
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${SERVER_URL}/`);

  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`Confirm your e-mail address: we sent a link to ${person.email}.`);
  // Under the top bar, not over it.
  const bannerBox = await banner.boundingBox();
  const topBarBox = await page.getByTestId('top-bar').boundingBox();
  expect(bannerBox && topBarBox && bannerBox.y >= topBarBox.y + topBarBox.height - 1).toBe(true);

  const mail = await smtp!.waitFor(person.email, (arrived) => arrived.parsed.subject === 'Confirm your e-mail address for Pulse Market', 20_000);
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.parsed.text ?? '')?.[0];
  expect(link, 'the plain-text part spells the link out').toBeTruthy();
  expect(link!.startsWith(`${SERVER_URL}/verify-email?token=`)).toBe(true);

  await page.goto(link!);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed. Thank you!' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(`${SERVER_URL}/`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(banner).toHaveCount(0);
});
