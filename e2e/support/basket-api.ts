import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { callApiInPage } from './api-in-page';
import { BASKET_PRODUCTS, type BasketProductKey } from './fixtures-basket';

/** The id of a basket-lane fixture product, found through the catalogue search like a buyer would. */
export async function findBasketProductId(page: Page, key: BasketProductKey): Promise<string> {
  const title = BASKET_PRODUCTS[key].title;
  const response = await callApiInPage<{ items: Array<{ id: string; title: string }> }>(page, 'GET', `/api/products?q=${encodeURIComponent(title)}`);
  expect(response.status, `GET /api/products?q=${title}`).toBe(200);
  const product = response.body.items.find((item) => item.title === title);
  expect(product, `product "${title}" in the catalogue`).toBeDefined();
  return product!.id;
}

/** Adds a product to the signed-in buyer's basket through the API (the details page is another lane's). */
export async function addToBasketThroughApi(page: Page, key: BasketProductKey, quantity: number): Promise<void> {
  const productId = await findBasketProductId(page, key);
  const response = await callApiInPage(page, 'POST', '/api/baskets/items', { productId, quantity });
  expect(response.status, `POST /api/baskets/items ${JSON.stringify(response.body)}`).toBeLessThan(300);
}

export async function readWalletThroughApi(page: Page): Promise<{ availableMinor: number; escrowMinor: number }> {
  const response = await callApiInPage<{ availableMinor: number; escrowMinor: number }>(page, 'GET', '/api/wallet');
  expect(response.status, 'GET /api/wallet').toBe(200);
  return response.body;
}

/** Tops up with the page's session; what the page does itself is tested in wallet.spec.ts. */
export async function topUpThroughApi(page: Page, amountMinor: number): Promise<void> {
  const response = await page.evaluate(
    async ({ amountMinor, key }) => {
      const token = sessionStorage.getItem('jwt_token');
      const result = await fetch('/api/wallet/top-ups', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'include',
        body: JSON.stringify({ amountMinor }),
      });
      return { status: result.status, body: (await result.json()) as { status: string } };
    },
    { amountMinor, key: randomUUID() },
  );
  expect(response.status, 'POST /api/wallet/top-ups').toBeLessThan(300);
  expect(response.body.status).toBe('succeeded');
}

export async function readBuyerOrders(page: Page): Promise<Array<{ id: string; totalMinor: number; shopName: string; status: string }>> {
  const response = await callApiInPage<{ items: Array<{ id: string; totalMinor: number; shopName: string; status: string }> }>(page, 'GET', '/api/orders?role=buyer');
  expect(response.status, 'GET /api/orders').toBe(200);
  return response.body.items;
}

/** "$12.50" as the app formats minor units in USD. */
export function usd(minor: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
}
