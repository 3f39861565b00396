import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addToBasketThroughApi, topUpThroughApi, usd } from '../support/basket-api';
import { FIXTURE_PASSWORD } from '../support/fixtures';
import { BASKET_PRODUCTS, BASKET_SHOPS } from '../support/fixtures-basket';
import { productCards, waitForResults } from '../support/catalogue';
import { getToast } from '../support/toasts';

/**
 * Decision 019: the Workbox service worker shows saved API answers offline (and says so in the
 * online indicator), and never answers a write, the basket or the checkout from a cache.
 */

const OFFLINE_TEXT = 'You are offline. Changes will be sent when you reconnect.';

function getOnlineIndicator(page: Page) {
  return page.getByRole('status').filter({ hasText: /You are offline|Back online/ });
}

/** The worker is active and holds what an offline reload of this page needs. */
async function waitForOfflineReady(page: Page): Promise<void> {
  await expect(page.locator('html'), 'src/lib/service-worker.ts marks the page once the worker is ready').toHaveAttribute('data-offline-ready', 'true', {
    // The first install downloads the precache (about 210 files): 18-22 s on a loaded 2-core machine.
    timeout: 30_000,
  });
}

async function readControllerUrl(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

async function findProductId(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/api/products?q=${encodeURIComponent(title)}`);
  expect(response.ok(), `search for ${title}`).toBe(true);
  const body = (await response.json()) as { items: Array<{ id: string; title: string }> };
  const product = body.items.find((item) => item.title === title);
  expect(product, `product "${title}" in the catalogue`).toBeDefined();
  return product!.id;
}

/** A new buyer of this run only (no other spec shares the basket or the orders); signs the page in. */
async function signUpNewBuyer(page: Page): Promise<string> {
  const stamp = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
  const person = { email: `offline.${stamp}@reading.e2e.example`, username: `offline_${stamp}`, password: FIXTURE_PASSWORD };
  const result = await page.evaluate(async (body) => {
    const response = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'include',
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { token?: string };
    if (answer.token) sessionStorage.setItem('jwt_token', answer.token);
    return { status: response.status, token: answer.token ?? null };
  }, person);
  expect(result.status, 'POST /api/auth/register').toBe(201);
  return result.token!;
}

test.describe('offline reading (service worker caches)', () => {
  test('a visitor who opened a product page reads its title and price offline, and the indicator says the data is saved', async ({ page, context, request }) => {
    const product = BASKET_PRODUCTS.tilapia;
    const productId = await findProductId(request, product.title);
    await page.goto(`/product-details/${productId}`);
    const title = page.getByRole('heading', { level: 1, name: product.title });
    await expect(title).toBeVisible();
    await waitForOfflineReady(page);
    // The first visit loaded everything itself; from the next page load on the worker answers.
    // The page comes rendered by the server with its product inline; once it is idle it asks for
    // that answer through the worker, which keeps it for reading offline (decision 056).
    const keptForOffline = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/products/${productId}`);
    await page.reload();
    await expect(title).toBeVisible();
    await keptForOffline;
    expect(await readControllerUrl(page), 'the page is controlled by /sw.js').toMatch(/\/sw\.js$/);

    await context.setOffline(true);
    const productAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/products/${productId}`);
    await page.reload();
    expect((await productAnswer).fromServiceWorker(), 'the product came from the worker, not the server').toBe(true);
    await expect(title).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(`${usd(product.priceMinor)} / ${product.unit}`);
    const indicator = getOnlineIndicator(page);
    await expect(indicator).toContainText(OFFLINE_TEXT);
    // en-US (Playwright's default locale) has a 12-hour clock: "7:05 PM", or "Wed, Nov 25, 7:05 PM" for an earlier day.
    await expect(indicator).toContainText(/Showing saved data from ([A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2}\s[AP]M\./);

    await context.setOffline(false);
    await expect(indicator).toHaveText('Back online');
    await expect(indicator).toHaveCount(0, { timeout: 6_000 });
  });

  test('a first visit: a product opened after the worker installed reads offline after a reload', async ({ page, context }) => {
    // A fresh context: no worker yet. The person looks at the listing, then opens a product.
    await page.goto('/');
    await waitForResults(page);
    await waitForOfflineReady(page);
    const card = productCards(page).first();
    const cardTitle = (await card.getByTestId('product-card-title').innerText()).trim();
    await card.click();
    const title = page.getByRole('heading', { level: 1, name: cardTitle });
    await expect(title).toBeVisible();
    const price = page.getByTestId('product-price');
    await expect(price).toBeVisible();
    const priceText = await price.innerText();

    // Signal lost; the person reloads the product.
    await context.setOffline(true);
    await page.reload();
    await expect(title).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(priceText);
    await expect(getOnlineIndicator(page)).toContainText(OFFLINE_TEXT);
  });

  test('a buyer who goes offline at the checkout gets the Network Error toast; nothing is answered from a cache and no order is made', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/home');
    await waitForOfflineReady(page);
    const token = await signUpNewBuyer(page);
    await topUpThroughApi(page, 5_000);
    await addToBasketThroughApi(page, 'cabbage', 1);
    await page.goto('/basket?step=checkout');
    expect(await readControllerUrl(page), 'the page is controlled by /sw.js').toMatch(/\/sw\.js$/);

    const farm = page.getByRole('region', { name: `${BASKET_SHOPS.farmA.name} checkout` });
    await farm.getByRole('radio', { name: 'Pickup at the farm', exact: true }).click();
    const firstSlot = farm.getByRole('radiogroup', { name: 'Pickup time' }).getByRole('radio').first();
    await firstSlot.click();
    await expect(firstSlot).toHaveAttribute('aria-checked', 'true');
    const pay = page.getByRole('button', { name: `Pay ${usd(BASKET_PRODUCTS.cabbage.priceMinor)}`, exact: true });
    await expect(pay).toBeEnabled();

    const checkoutAnswers: Array<{ status: number; fromServiceWorker: boolean }> = [];
    const failedCheckouts: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/checkout') checkoutAnswers.push({ status: response.status(), fromServiceWorker: response.fromServiceWorker() });
    });
    page.on('requestfailed', (failed) => {
      if (new URL(failed.url()).pathname === '/api/checkout') failedCheckouts.push(failed.method());
    });

    await context.setOffline(true);
    await pay.click();
    const toast = getToast(page, 'Network Error');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Could not connect to the server. Please check your internet connection.');
    expect(failedCheckouts, 'the checkout went to the network and failed there').toEqual(['POST']);
    expect(checkoutAnswers, 'no answer at all, least of all a saved one').toEqual([]);
    await expect(page).toHaveURL(/\/basket\?step=checkout$/);

    await context.setOffline(false);
    // Asked outside the browser, so no worker and no cache can stand between.
    const orders = await request.get('/api/orders?role=buyer', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    expect(orders.status()).toBe(200);
    expect(((await orders.json()) as { items: unknown[] }).items).toEqual([]);
  });
});
