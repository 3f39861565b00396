/**
 * The mail of the suite's fixture server: it has no SMTP_URL, so every mail is an .eml file in its
 * data folder (decision 050), as on a newcomer's `npm start`. A walk reads the link a person would
 * follow from there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** support/start-server.ts's DATA_DIR, mail folder. */
const FIXTURE_MAIL_DIR = resolve(e2eRoot, '.artifacts/data/mail');

/** The first link matching `pattern` in the plain-text part of a mail to `to`, waiting up to 20 s for it. */
export async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = existsSync(FIXTURE_MAIL_DIR) ? readdirSync(FIXTURE_MAIL_DIR).filter((name) => name.endsWith('.eml')) : [];
    for (const name of files) {
      const raw = readFileSync(resolve(FIXTURE_MAIL_DIR, name), 'utf8');
      if (!raw.includes(to)) continue;
      const parsed = await simpleParser(raw);
      const link = pattern.exec(parsed.text ?? '')?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link like ${pattern} in ${FIXTURE_MAIL_DIR}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Follows the address check sign-up mailed to `email` and confirms it, as its owner would (decision 053). */
export async function confirmAddressFromMail(page: Page, email: string): Promise<void> {
  await page.goto(await mailedLink(email, /https?:\/\/\S+\/verify-email\?token=[\w-]+/));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed. Thank you!' })).toBeVisible();
}
