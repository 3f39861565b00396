import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSpecServer, stopSpecServer } from '../support/spec-server';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { startPaystackDouble, type PaystackDouble } from '@pulse/paystack-double';
import type { TPayoutResponse, TTopUpResponse } from '@pulse/contract/wallet';
import { APP_PORT, FIXTURE_PASSWORD } from '../support/fixtures';
import { PAYMENTS_BUYER, PAYMENTS_CHECKOUT_BUYER, PAYMENTS_FARM, PAYMENTS_PRODUCT, PAYMENTS_SECRET_KEY } from '../support/payments-data';

/**
 * Real money through Paystack, as the people who move it see it (issue 24, item 6): the buyer tops
 * up with mobile money without leaving the app and through Paystack's page (declined, then paid),
 * the farm pays its earnings out to MTN mobile money, and a second buyer pays a basket directly on
 * Paystack's page (declined: the basket stays; cancelled on the page: straight back, the basket is
 * back at once; approved: the order is paid). The server runs with
 * PAYMENT_PROVIDER=paystack (support/start-payments-server.ts) against the Paystack double started
 * here, which checks every request the app sends against Paystack's OpenAPI document: afterAll fails
 * the file on any that was off the document. One server and one double for the whole file, so the
 * walks run in order; each reads the balance it starts from.
 */

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Two ports beside the suite's own (E2E_APP_PORT + 7 and + 8). */
const SERVER_PORT = APP_PORT + 7;
const DOUBLE_PORT = APP_PORT + 8;
const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;

const SHOTS = resolve(e2eRoot, '.artifacts/payments-paystack');

/** GH₵ as the app writes it in English: "GH₵1,250.00". */
function cedis(minor: number): string {
  return `GH₵${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The pesewas of an amount the page shows ("GH₵1,250.00" -> 125000). */
function pesewasOf(text: string | null): number {
  const match = /GH₵\s?([\d,]+\.\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`No GH₵ amount in "${text}"`);
  return Math.round(Number(match[1]!.replaceAll(',', '')) * 100);
}

/** E2E_SCREENSHOTS=1 keeps a picture of each step (e2e/.artifacts/payments-paystack/), to look at. */
async function picture(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** Starts the payments server against the double and waits for its health check; stopped in afterAll. */
function startServer(doubleUrl: string): Promise<ChildProcess> {
  return startSpecServer({
    name: 'payments',
    script: 'support/start-payments-server.ts',
    port: SERVER_PORT,
    env: { PAYSTACK_BASE_URL: doubleUrl, PAYMENTS_DATA_DIR: resolve(e2eRoot, '.artifacts/payments-data') },
  });
}

/**
 * Opens `path` signed in as `person`, in `mode`: the token and the mode are put in session storage
 * before the app's scripts run (as the app keeps a session), on the app's pages only, so the first
 * page load is already signed in and the way back from Paystack's page too.
 */
async function openAs(page: Page, person: { email: string }, path: string, mode: 'buyer' | 'seller' = 'buyer'): Promise<void> {
  const response = await fetch(`${SERVER_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: FIXTURE_PASSWORD }),
  });
  expect(response.status, `sign-in of ${person.email}`).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript(
    ({ origin, jwt, userMode }) => {
      if (window.location.origin !== origin) return;
      sessionStorage.setItem('jwt_token', jwt);
      sessionStorage.setItem('userMode', userMode);
    },
    { origin: SERVER_URL, jwt: token, userMode: mode },
  );
  await page.goto(path);
}

/** The buyer's wallet, signed in. */
async function openBuyerWallet(page: Page): Promise<void> {
  await openAs(page, PAYMENTS_BUYER, '/wallet');
  await expect(page.getByRole('heading', { name: 'Top up' })).toBeVisible();
}

/** The farm's wallet in seller mode. */
async function openFarmWallet(page: Page): Promise<void> {
  await openAs(page, PAYMENTS_FARM, '/wallet', 'seller');
  await expect(page.getByRole('heading', { name: 'Request a payout' })).toBeVisible();
}

async function amountIn(locator: Locator): Promise<number> {
  await expect(locator).toContainText('GH₵');
  return pesewasOf(await locator.textContent());
}

function topUpForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Top up' });
}

/** Holds the wallet's first look at a top-up (GET /api/wallet/top-ups/{id}) until `release` is called. */
async function holdFirstTopUpLook(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(
    '**/api/wallet/top-ups/*',
    async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** A wallet at 1280x800, opened by `open` in a context of its own (only with E2E_SCREENSHOTS). */
async function desktopPicture(browser: Browser, name: string, open: (page: Page) => Promise<void>): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const context = await browser.newContext({ baseURL: SERVER_URL, viewport: { width: 1280, height: 800 }, locale: 'en-GH' });
  try {
    const page = await context.newPage();
    await open(page);
    await expect(page.getByTestId('payout-row').or(page.getByTestId('wallet-entry')).first()).toBeVisible();
    await picture(page, name, { fullPage: true });
  } finally {
    await context.close();
  }
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: SERVER_URL, locale: 'en-GH' });

let double: PaystackDouble | null = null;
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  double = await startPaystackDouble({
    port: DOUBLE_PORT,
    secretKey: PAYMENTS_SECRET_KEY,
    webhookUrl: `${SERVER_URL}/api/payments/paystack/webhook`,
  });
  server = await startServer(double.url);
});

test.afterAll(async () => {
  try {
    // Every request the app sent Paystack during the walks, checked against Paystack's OpenAPI document.
    double?.assertNoViolations();
  } finally {
    await double?.close();
    await stopSpecServer(server);
  }
});

function paystack(): PaystackDouble {
  if (!double) throw new Error('The Paystack double is not running');
  return double;
}

test('the buyer tops up GH₵50 with mobile money without leaving the app, approves on the phone, and the balance moves', async ({ page }) => {
  await openBuyerWallet(page);
  const available = page.getByTestId('wallet-available');
  const before = await amountIn(available);

  const form = topUpForm(page);
  await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('50');
  await form.getByRole('radio', { name: 'Mobile money (MTN, Telecel, AirtelTigo)' }).check();
  await form.getByLabel('Mobile money number').fill('024 123 4567');
  await form.getByText('MTN', { exact: true }).click();
  // Only Paystack's ways to pay, and no word of a sandbox: real money moves here.
  await expect(form.getByRole('radio', { name: 'Card', exact: true })).toHaveCount(0);
  await expect(form.getByRole('radio', { name: /Card or mobile money on Paystack.s page/ })).toBeVisible();
  await expect(form.getByText('Your phone will ask you to approve the payment with your mobile money PIN.')).toBeVisible();
  await expect(form.getByText(/sandbox/i)).toHaveCount(0);
  await picture(page, '1-top-up-choices', { fullPage: true });

  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/wallet/top-ups');
  await form.getByRole('button', { name: `Top up ${cedis(5_000)}` }).click();
  const topUp = (await (await answered).json()) as TTopUpResponse;
  expect(topUp.status).toBe('pending');

  const waiting = page.getByRole('status').filter({ hasText: 'Approve the payment on your phone' });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByTestId('top-up-pending-amount')).toHaveText(cedis(5_000));
  await picture(page, '2-approve-on-your-phone');

  // The charge Paystack received: MTN mobile money for the number typed, in pesewas.
  const reference = topUp.reference!;
  expect(paystack().transaction(reference)).toMatchObject({ amount: 5_000, currency: 'GHS', status: 'pending', mobileMoney: { provider: 'mtn' } });
  expect(paystack().transaction(reference)?.mobileMoney?.phone.replace(/\D/g, '')).toMatch(/0?241234567$/);

  await paystack().approve(reference);

  await expect(available).toHaveText(cedis(before + 5_000));
  await expect(page.getByTestId('top-up-outcome')).toContainText(`${cedis(5_000)} added to your wallet`);
  await expect(waiting).toBeHidden();
  const entry = page.getByTestId('wallet-entry').first();
  await expect(entry).toContainText('Top-up');
  await expect(entry).toContainText(`+${cedis(5_000)}`);
});

test("the buyer pays on Paystack's page: declined says why and moves nothing; approved credits the wallet", async ({ page, browser }) => {
  await openBuyerWallet(page);
  const available = page.getByTestId('wallet-available');
  const before = await amountIn(available);
  const form = topUpForm(page);
  const payOnPaystack = async () => {
    await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('25');
    await form.getByRole('radio', { name: /Card or mobile money on Paystack.s page/ }).check();
    await form.getByRole('button', { name: `Pay ${cedis(2_500)} on Paystack` }).click();
    await page.waitForURL(`${paystack().url}/checkout/**`);
    await expect(page.getByRole('heading', { name: /Paystack double/ })).toBeVisible();
    await expect(page.getByText(/^GH₵\s?25\.00$/)).toBeVisible();
  };

  await payOnPaystack();
  await picture(page, '3-paystack-hosted-page');
  // What Paystack was asked for: the amount from the server, in pesewas, and the way back to this top-up.
  const initialize = paystack()
    .requests()
    .findLast((request) => request.method === 'POST' && request.path === '/transaction/initialize');
  expect(initialize?.body).toMatchObject({ amount: 2_500, currency: 'GHS', email: PAYMENTS_BUYER.email, channels: ['card', 'mobile_money'] });
  expect((initialize?.body as { callback_url?: string }).callback_url).toMatch(new RegExp(`^${SERVER_URL}/wallet\\?topUp=[0-9a-f-]{36}$`));
  const release = await holdFirstTopUpLook(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/wallet\?topUp=/);
  await expect(page.getByText('Confirming your payment...')).toBeVisible();
  release();
  const outcome = page.getByTestId('top-up-outcome');
  await expect(outcome).toContainText('Declined by your bank');
  await expect(page).toHaveURL(`${SERVER_URL}/wallet`);
  // Where the person is looking at 390x844, not below the fields: no scrolling needed to read why.
  await expect(outcome).toBeInViewport();
  await picture(page, '4-declined-reason');
  await expect(available).toHaveText(cedis(before));

  await payOnPaystack();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/wallet/);
  await expect(outcome).toContainText(`${cedis(2_500)} added to your wallet`);
  await expect(available).toHaveText(cedis(before + 2_500));
  await expect(page.getByTestId('wallet-entry').first()).toContainText(`+${cedis(2_500)}`);
  await picture(page, '5-paid-on-paystack-page', { fullPage: true });

  await desktopPicture(browser, '9-desktop-buyer-wallet', openBuyerWallet);
});

test('the farm pays its earnings out to MTN mobile money: pending, then sent', async ({ page, browser }) => {
  await openFarmWallet(page);
  const available = page.getByTestId('seller-available');
  await expect(available).toHaveText(cedis(PAYMENTS_FARM.availableMinor));
  await expect(page.getByTestId('payout-destination')).toHaveText('MTN Mobile Money ****4987');

  const payout = page.getByRole('form', { name: 'Request a payout' });
  await payout.getByRole('textbox', { name: 'Amount', exact: true }).fill('120');
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/wallet/payouts');
  await payout.getByRole('button', { name: `Pay out ${cedis(12_000)}` }).click();
  const sent = (await (await answered).json()) as TPayoutResponse;

  const row = page.getByTestId('payout-row').first();
  await expect(row).toContainText(cedis(12_000));
  // The whole destination on a phone: the network and the last digits, nothing cut off.
  const destination = row.getByTestId('payout-row-destination');
  await expect(destination).toHaveText('MTN Mobile Money ****4987');
  expect(await destination.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await destination.scrollIntoViewIfNeeded();
  const digits = await destination.getByText('****4987', { exact: true }).boundingBox();
  expect((digits?.x ?? Infinity) + (digits?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(available).toHaveText(cedis(PAYMENTS_FARM.availableMinor - 12_000));
  await picture(page, '6-payout-pending', { fullPage: true });

  // Paystack got a recipient for the farm's MTN number and a transfer under the payout's own reference.
  const reference = sent.providerReference!;
  const requests = paystack().requests();
  expect(requests.find((request) => request.method === 'POST' && request.path === '/transferrecipient')?.body).toMatchObject({
    type: 'mobile_money',
    bank_code: 'MTN',
    account_number: PAYMENTS_FARM.payout.accountNumber,
  });
  expect(requests.find((request) => request.method === 'POST' && request.path === '/transfer')?.body).toMatchObject({ amount: 12_000, reference });

  await paystack().completeTransfer(reference, 'success');

  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('seller-paid-out')).toHaveText(cedis(12_000));
  await picture(page, '7-payout-sent', { fullPage: true });

  await desktopPicture(browser, '9-desktop-farm-wallet', openFarmWallet);
});

test("the buyer pays a basket directly on Paystack's page: declined, the basket is kept and says why; cancelled, back at once; approved, the order is paid", async ({ page }) => {
  const total = PAYMENTS_PRODUCT.priceMinor * PAYMENTS_PRODUCT.basketQuantity;
  const payDirectly = async () => {
    await expect(page.getByTestId('basket-total')).toHaveText(cedis(total));
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const farm = page.getByRole('region', { name: `${PAYMENTS_FARM.name} checkout` });
    await farm.getByRole('radio', { name: 'Pickup at the farm', exact: true }).click();
    await farm.getByRole('radiogroup', { name: 'Pickup time' }).getByRole('radio').first().click();
    await expect(page.getByTestId('checkout-total')).toHaveText(cedis(total));
    await expect(page.getByTestId('checkout-wallet-balance')).toHaveText(cedis(0));
    await page.getByRole('radio', { name: `Pay ${cedis(total)} with mobile money or card` }).check();
    await page.getByRole('radio', { name: /Card or mobile money on Paystack.s page/ }).check();
    await page.getByRole('button', { name: `Pay ${cedis(total)} on Paystack` }).click();
    await page.waitForURL(`${paystack().url}/checkout/**`);
    await expect(page.getByText(/^GH₵\s?54\.20$/)).toBeVisible();
  };

  await openAs(page, PAYMENTS_CHECKOUT_BUYER, '/basket');
  await payDirectly();
  await page.getByRole('button', { name: 'Decline' }).click();
  const failure = page.getByTestId('payment-failure');
  await expect(failure).toContainText('Declined by your bank');
  await expect(failure).toContainText('Nothing was charged');
  // The basket lists the garden eggs again, at the same total.
  await expect(page).toHaveURL(`${SERVER_URL}/basket`);
  await expect(page.getByText(PAYMENTS_PRODUCT.title).first()).toBeVisible();
  await picture(page, '8-checkout-declined', { fullPage: true });

  // Cancel on Paystack's page: straight back to the basket (cancel_action), which gives the payment up at once and lists the lines again.
  await payDirectly();
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(failure).toContainText('You cancelled the payment');
  await expect(page).toHaveURL(`${SERVER_URL}/basket`);
  await expect(page.getByTestId('basket-total')).toHaveText(cedis(total));
  await picture(page, '8-checkout-cancelled', { fullPage: true });

  await payDirectly();
  await page.getByRole('button', { name: 'Approve' }).click();
  // One farm, one order: its page.
  await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByTestId('order-total')).toContainText(cedis(total));
  await picture(page, '8-checkout-paid', { fullPage: true });
});
