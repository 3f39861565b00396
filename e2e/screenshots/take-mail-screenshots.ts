/**
 * Screenshots of the mails people receive, as a phone's mail app shows them (390 px wide): the
 * password reset, the buyer's receipt and the farm's new order. Starts the demo server (no SMTP, so
 * every mail is an .eml file in its data folder), asks for a reset of the demo buyer's password and
 * places an order as the demo buyer, then opens each new mail's HTML part in Chromium.
 *
 *   npm run screenshots:mail -w @pulse/e2e
 *
 * Shots go to docs/screenshots/mail-<name>-phone.png (text: PNG stays sharp and small). Needs the web app built and Chromium at
 * /usr/bin/chromium (CHROMIUM_PATH overrides).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { chromium } from '@playwright/test';
import { DEMO_URL, DEMO_USERS } from '../support/fixtures-demo';
import { DEMO_DATA_DIR, startDemoServerProcess, stopDemoServerProcess } from '../support/demo-server-process';
import { demoApi, signInDemoUsers } from '../support/route-walk';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docsDir = resolve(repoRoot, 'docs/screenshots');
const mailDir = resolve(DEMO_DATA_DIR, 'mail');

interface Mail {
  file: string;
  to: string;
  subject: string;
  html: string;
}

/** The mails written since `since` (ms), oldest first. */
async function mailsSince(since: number): Promise<Mail[]> {
  if (!existsSync(mailDir)) return [];
  const files = readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => resolve(mailDir, name))
    .filter((file) => statSync(file).mtimeMs >= since)
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  const mails: Mail[] = [];
  for (const file of files) {
    const parsed = await simpleParser(readFileSync(file));
    const to = Array.isArray(parsed.to) ? parsed.to.map((address) => address.text).join(', ') : (parsed.to?.text ?? '');
    mails.push({ file, to, subject: parsed.subject ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' });
  }
  return mails;
}

async function waitForMail(since: number, what: string, matches: (mail: Mail) => boolean): Promise<Mail> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = (await mailsSince(since)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail ${what} in ${mailDir} within 60 s`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

async function placeDemoOrder(buyerToken: string): Promise<void> {
  const api = <T>(path: string, init?: { method?: string; body?: unknown }) => demoApi<T>(DEMO_URL, path, buyerToken, init);
  const products = await api<{ items: Array<{ id: string; availableQuantity: number; minOrderQuantity: number }> }>('/api/products?limit=24');
  const product = products.items.find((item) => item.availableQuantity >= item.minOrderQuantity * 2);
  if (!product) throw new Error('No demo product in stock');
  await api('/api/baskets', { method: 'DELETE' });
  await api('/api/baskets/items', { method: 'POST', body: { productId: product.id, quantity: product.minOrderQuantity * 2 } });
  const addresses = await api<{ items: Array<{ id: string; isDefault: boolean }> }>('/api/addresses');
  const addressId = addresses.items.find((address) => address.isDefault)?.id ?? null;
  const quote = await api<{ totalMinor: number; sellers: Array<{ sellerUserId: string; slots: Array<{ id: string; method: string }> }> }>('/api/checkout/quote', {
    method: 'POST',
    body: { addressId },
  });
  const sellers = quote.sellers.map((seller) => {
    const slot = seller.slots.find((candidate) => candidate.method === 'pickup') ?? seller.slots[0];
    if (!slot) throw new Error('The demo farm has no slot');
    return { sellerUserId: seller.sellerUserId, fulfilment: slot.method, slotId: slot.id };
  });
  const wallet = await api<{ availableMinor: number }>('/api/wallet');
  if (wallet.availableMinor < quote.totalMinor) {
    await demoApi(DEMO_URL, '/api/wallet/top-ups', buyerToken, { method: 'POST', body: { amountMinor: quote.totalMinor } });
  }
  const withDelivery = sellers.some((seller) => seller.fulfilment === 'delivery');
  const response = await fetch(`${DEMO_URL}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyerToken}`, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ addressId: withDelivery ? addressId : null, sellers, payNow: true }),
  });
  if (!response.ok) throw new Error(`POST /api/checkout: ${response.status} ${await response.text()}`);
}

async function main(): Promise<void> {
  const server = await startDemoServerProcess(DEMO_URL);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const tokens = await signInDemoUsers(DEMO_URL);
    const since = Date.now() - 1_000;
    await demoApi(DEMO_URL, '/api/auth/password-reset', null, { method: 'POST', body: { email: DEMO_USERS.buyer.email } });
    const reset = await waitForMail(since, 'resetting the password', (mail) => mail.to.includes(DEMO_USERS.buyer.email) && /password/i.test(mail.subject));
    const ordered = Date.now() - 1_000;
    await placeDemoOrder(tokens.buyer);
    const receipt = await waitForMail(ordered, 'to the buyer about the order', (mail) => mail.to.includes(DEMO_USERS.buyer.email) && mail.file !== reset.file);
    const farm = await waitForMail(ordered, 'to the farm about the order', (mail) => !mail.to.includes(DEMO_USERS.buyer.email));

    mkdirSync(docsDir, { recursive: true });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' });
    for (const [name, mail] of [
      ['password-reset', reset],
      ['receipt', receipt],
      ['farm-new-order', farm],
    ] as const) {
      await page.setContent(mail.html, { waitUntil: 'load' });
      const path = resolve(docsDir, `mail-${name}-phone.png`);
      await page.screenshot({ path, fullPage: true });
      console.log(`${name}: "${mail.subject}" to ${mail.to} -> ${path}`);
    }
  } finally {
    await browser.close();
    await stopDemoServerProcess(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
