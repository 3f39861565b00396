import type { ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSpecServer, stopSpecServer } from '../support/spec-server';
import { expect, test, type Page } from '@playwright/test';
import { APP_PORT, FIXTURE_PASSWORD } from '../support/fixtures';
import { MONEY_BUYER, MONEY_PRODUCT } from '../support/money-formats-data';

/**
 * Money as a buyer reads it (issue 23, items 4 and 5): a deployment in Ghana cedis (2 digits, the
 * sign before the number in English) and one in West African CFA francs (no minor unit, the sign
 * after the number in French). Each runs its own server (support/start-currency-server.ts) with
 * CURRENCY set, a farm selling garden eggs at 4250 minor units a kilo and a buyer with two kilos in
 * the basket; the spec reads the product card and the basket total.
 */

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Two ports beside the suite's own (E2E_APP_PORT + 5 and + 6). */
const PORTS = { GHS: APP_PORT + 5, XOF: APP_PORT + 6 } as const;
const PRICE_MINOR = 4250;

/** Starts the currency's server and waits for its health check; the child is stopped in afterAll. */
function startServer(currency: keyof typeof PORTS): Promise<ChildProcess> {
  return startSpecServer({
    name: currency,
    script: 'support/start-currency-server.ts',
    port: PORTS[currency],
    env: { CURRENCY: currency, MONEY_PRICE_MINOR: String(PRICE_MINOR), MONEY_DATA_DIR: resolve(e2eRoot, `.artifacts/money-${currency.toLowerCase()}`) },
  });
}

/** Signs the buyer in through the API (the token where the app keeps it), then opens `path`. */
async function signInAsBuyer(page: Page, path: string): Promise<void> {
  await page.goto('/home');
  const status = await page.evaluate(async ({ email, password }) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.ok) sessionStorage.setItem('jwt_token', ((await response.json()) as { token: string }).token);
    return response.status;
  }, { email: MONEY_BUYER.email, password: FIXTURE_PASSWORD });
  expect(status).toBe(200);
  await page.goto(path);
}

/** The garden eggs' card in the listing. */
function gardenEggsCard(page: Page) {
  return page.getByTestId('product-card').filter({ hasText: MONEY_PRODUCT }).first();
}

test.describe('a market in Ghana cedis, read in English', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  test.use({ baseURL: `http://127.0.0.1:${PORTS.GHS}`, locale: 'en-GH' });
  let server: ChildProcess | null = null;
  test.beforeAll(async () => {
    test.setTimeout(200_000);
    server = await startServer('GHS');
  });
  test.afterAll(async () => {
    await stopSpecServer(server);
  });

  test('the card says GH₵42.50 a kilo and the basket GH₵85.00 for two', async ({ page }) => {
    await page.goto('/product-listing');
    const price = gardenEggsCard(page).getByTestId('product-card-price');
    await expect(price).toContainText(/^GH₵42\.50\b/);
    await expect(price).not.toContainText('$');

    await signInAsBuyer(page, '/basket');
    await expect(page.getByTestId('basket-total')).toHaveText('GH₵85.00');
    await expect(page.getByText(MONEY_PRODUCT).first()).toBeVisible();
  });
});

test.describe('a market in CFA francs (no minor unit), read in French', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  test.use({ baseURL: `http://127.0.0.1:${PORTS.XOF}`, locale: 'fr-CI' });
  let server: ChildProcess | null = null;
  test.beforeAll(async () => {
    test.setTimeout(200_000);
    server = await startServer('XOF');
  });
  test.afterAll(async () => {
    await stopSpecServer(server);
  });

  // French groups thousands with a narrow no-break space and writes the sign after the number.
  test('the card says 4 250 F CFA a kilo and the basket 8 500 F CFA for two', async ({ page }) => {
    await page.goto('/product-listing');
    const price = gardenEggsCard(page).getByTestId('product-card-price');
    await expect(price).toContainText(/^4[\s\u202f]250[\s\u00a0]F[\s\u202f]CFA/);
    await expect(price).not.toContainText(',');

    await signInAsBuyer(page, '/basket');
    await expect(page.getByTestId('basket-total')).toHaveText(/^8[\s\u202f]500[\s\u00a0]F[\s\u202f]CFA$/);
  });
});
