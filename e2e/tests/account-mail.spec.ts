import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSpecServer, stopSpecServer } from '../support/spec-server';
import { expect, test, type Page } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import { startSmtpTestServer, type SmtpTestServer } from '../../apps/server/src/testing/smtp-test-server';
import { APP_PORT, FIXTURE_PASSWORD } from '../support/fixtures';
import { MAIL_BUYER } from '../support/mail-data';
import { chooseMenuItem, openSideMenu } from '../support/shell';
import { fillSignInForm, readStoredToken } from '../support/sign-in';

/**
 * Issue 25's mail walks on one server (support/start-mail-server.ts) sending through a real SMTP
 * server in this process (smtp-server, read by mailparser), with its own outbox worker as in
 * production.
 *
 * Item 3, e-mail verification as a new person lives it (decision 053): sign up, the banner under the
 * top bar names the address, the mailed link confirms it and the banner is gone.
 *
 * Item 7, the password reset as the person who forgot it lives it: "Forgot password?" on
 * /login, the e-mail, the mail arriving at a real SMTP server (smtp-server in this process, read by
 * mailparser), its button followed in the browser (a new tab, as from a mail program), a new password, signed in; then the old password
 * and the used link both fail with their messages. The server (support/start-mail-server.ts) sends
 * through that SMTP server with its own outbox worker, as in production.
 */

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A port beside the suite's own (E2E_APP_PORT + 9). */
const SERVER_PORT = APP_PORT + 9;
const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;
const SHOTS = resolve(e2eRoot, '.artifacts/password-reset');

let smtp: SmtpTestServer | null = null;
let server: ChildProcess | null = null;

/** E2E_SCREENSHOTS=1 keeps a picture of each step (e2e/.artifacts/password-reset/), to look at. */
async function picture(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: true });
}

function startServer(smtpUrl: string): Promise<ChildProcess> {
  return startSpecServer({ name: 'mail', script: 'support/start-mail-server.ts', port: SERVER_PORT, env: { SMTP_URL: smtpUrl, MAIL_DATA_DIR: resolve(e2eRoot, '.artifacts/mail-data') } });
}

test.use({ baseURL: SERVER_URL });

test.beforeAll(async () => {
  // The server's start (migrations, seed) is not part of the walk's time.
  test.setTimeout(180_000);
  smtp = await startSmtpTestServer();
  server = await startServer(smtp.url);
});

test.afterAll(async () => {
  await stopSpecServer(server);
  await smtp?.close();
});

test('forgot password: the mailed link sets a new password and signs in; the old password and the used link fail', async ({ context, page }) => {
  await openLivePage(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(MAIL_BUYER.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Check your mail' });
  await expect(sent).toContainText('If an account uses this address, we sent it a link to choose a new password.');
  await picture(page, '1-forgot-password-sent');

  // The mail as the buyer's mail program gets it (waitFor polls the SMTP server's inbox).
  const mail = await smtp!.waitFor(MAIL_BUYER.email, (arrived) => arrived.parsed.subject === 'Reset your Pulse Market password', 20_000);
  expect(mail.parsed.from?.value[0]?.address).toBe('no-reply@e2e.pulse.market');
  expect(mail.parsed.messageId).toMatch(/^<[0-9a-f-]+@e2e\.pulse\.market>$/);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.parsed.text ?? '')?.[0];
  expect(link, 'the plain-text part spells the link out').toBeTruthy();
  expect(link!.startsWith(`${SERVER_URL}/reset-password?token=`)).toBe(true);

  // The mail opened as a mail program shows it; its button opens the link in a new tab.
  const mailPage = await context.newPage();
  await mailPage.setContent(String(mail.parsed.html));
  await picture(mailPage, '2-reset-mail');
  const [resetPage] = await Promise.all([context.waitForEvent('page'), mailPage.getByRole('link', { name: 'Choose a new password' }).click()]);
  await mailPage.close();
  await page.close();
  await expect(resetPage).toHaveURL(link!);
  await expect(resetPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await resetPage.getByLabel('New password').fill(MAIL_BUYER.newPassword);
  await resetPage.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(resetPage).toHaveURL(`${SERVER_URL}/`);
  await expect.poll(() => readStoredToken(resetPage)).not.toBeNull();
  const menu = await openSideMenu(resetPage);
  await expect(menu.getByTestId('menu-username')).toHaveText(MAIL_BUYER.username);
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await picture(resetPage, '3-signed-in');
  // The account owner hears of the change too.
  await smtp!.waitFor(MAIL_BUYER.email, (arrived) => arrived.parsed.messageId !== mail.parsed.messageId, 20_000);

  // Signed out, the old password no longer opens the account.
  await chooseMenuItem(resetPage, 'Log Out');
  await expect.poll(() => readStoredToken(resetPage)).toBeNull();
  await openLivePage(resetPage, '/login');
  await fillSignInForm(resetPage, MAIL_BUYER.email, MAIL_BUYER.password);
  await expect(resetPage.getByText('Incorrect e-mail or password.')).toBeVisible();
  await expect(resetPage).toHaveURL(/\/login$/);
  expect(await readStoredToken(resetPage)).toBeNull();

  // The link worked once: followed again it is refused, and nobody is signed in.
  await resetPage.goto(link!);
  await resetPage.getByLabel('New password').fill('third-try-papaya-29');
  await resetPage.getByRole('button', { name: 'Save and sign in' }).click();
  const refused = resetPage.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(resetPage).toHaveURL(link!);
  expect(await readStoredToken(resetPage)).toBeNull();
  await picture(resetPage, '4-used-link');

  // Each of the two mails arrived once.
  const ids = smtp!.received.filter((arrived) => arrived.recipients.includes(MAIL_BUYER.email)).map((arrived) => arrived.parsed.messageId);
  expect(ids).toHaveLength(2);
  expect(new Set(ids).size).toBe(2);
});

test('sign up: the banner names the address; the mailed link confirms it and the banner is gone', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const person = { email: `newcomer.${suffix}@e2e.example`, username: `newcomer_${suffix}`.slice(0, 30) };
  await openLivePage(page, '/login');
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
