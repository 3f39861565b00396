import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ORDERS_USERS } from '../support/fixtures-orders';
import { ApiActor, openSignedIn } from '../support/orders-api';

/**
 * Documents for the books (issue 27): the buyer saves an order's receipt from the order page and
 * the farm its month's statement from the wallet. What they contain is checked by the API tests
 * (modules/documents/documents.test.ts); here: the buttons download a PDF under the right name.
 */
test.describe.configure({ mode: 'serial' });

let buyer: ApiActor;

test.beforeAll(async () => {
  buyer = await ApiActor.signIn(ORDERS_USERS.buyer);
  await buyer.topUp(5_000);
});

test.afterAll(async () => {
  await buyer.dispose();
});

async function expectPdf(path: string | null): Promise<void> {
  expect(path).not.toBeNull();
  const bytes = await readFile(path!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
}

test('the buyer downloads the receipt of an order from its page', async ({ page }) => {
  const orderId = await buyer.placeOrder('cassava', 1, 'pickup');
  const number = orderId.replace(/-/g, '').slice(-8).toUpperCase();
  await openSignedIn(page, ORDERS_USERS.buyer, `/order/${orderId}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receipt-${number}.pdf`);
  await expectPdf(await file.path());
});

test('the farm downloads a monthly statement from its wallet', async ({ page }) => {
  await openSignedIn(page, ORDERS_USERS.farmA, '/home');
  await page.evaluate(() => sessionStorage.setItem('userMode', 'seller'));
  await page.goto('/wallet');
  const section = page.getByRole('region', { name: 'Statements and exports' });
  const month = new Date().toISOString().slice(0, 7);
  await section.getByLabel('Month').fill(month);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download statement' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`statement-${month}.pdf`);
  await expectPdf(await file.path());
});
