import { expect, test, type Page } from '@playwright/test';
import { addToBasketThroughApi, usd } from '../support/basket-api';
import { FIXTURE_USERS } from '../support/fixtures';
import { BASKET_PRODUCTS, BASKET_SHOPS, BASKET_USERS, PROBLEM_LINE_QUANTITY } from '../support/fixtures-basket';
import { getShell } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

const { yams, tilapia, lastMushrooms } = BASKET_PRODUCTS;

function farm(page: Page, name: string) {
  return page.getByRole('region', { name });
}

function line(page: Page, title: string) {
  return page.getByRole('listitem', { name: title });
}

test.describe('basket', () => {
  test('lines from two farms are grouped with their totals; quantity changes and removal follow everywhere', async ({ page }) => {
    await signInThroughApi(page, BASKET_USERS.linesBuyer, '/home');
    await addToBasketThroughApi(page, 'yams', 2);
    await addToBasketThroughApi(page, 'tilapia', 1);
    await page.goto('/basket');

    const shell = getShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible();
    await expect(page.getByText('2 items from 2 farms')).toBeVisible();
    await expect(farm(page, BASKET_SHOPS.farmA.name)).toBeVisible();
    await expect(farm(page, BASKET_SHOPS.farmB.name)).toBeVisible();
    await expect(line(page, yams.title).getByLabel(`Line total of ${yams.title}`, { exact: true })).toHaveText(usd(2 * yams.priceMinor));
    await expect(page.getByLabel(`Subtotal of ${BASKET_SHOPS.farmB.name}`, { exact: true })).toHaveText(usd(tilapia.priceMinor));
    await expect(page.getByTestId('basket-total')).toHaveText(usd(2 * yams.priceMinor + tilapia.priceMinor));

    // The top bar is not on /basket (spec: bars only on some pages); the badge is read where it shows.
    await page.goto('/');
    await expect(shell.basketBadge).toHaveText('2');
    await shell.basketLink.click();

    // + shows the new totals at once and saves once the taps settle.
    const saved = page.waitForResponse((response) => response.url().includes('/api/baskets/items/') && response.request().method() === 'PATCH');
    await line(page, yams.title).getByRole('button', { name: `Increase quantity of ${yams.title}` }).click();
    await expect(line(page, yams.title).getByRole('textbox', { name: `Quantity of ${yams.title}`, exact: true })).toHaveValue('3');
    await expect(line(page, yams.title).getByLabel(`Line total of ${yams.title}`, { exact: true })).toHaveText(usd(3 * yams.priceMinor));
    await expect(page.getByTestId('basket-total')).toHaveText(usd(3 * yams.priceMinor + tilapia.priceMinor));
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(line(page, yams.title).getByRole('textbox', { name: `Quantity of ${yams.title}`, exact: true })).toHaveValue('3');

    // Removing the only line of a farm removes the farm; Undo puts it back.
    await line(page, tilapia.title).getByRole('button', { name: `Remove ${tilapia.title}` }).click();
    await expect(farm(page, BASKET_SHOPS.farmB.name)).toHaveCount(0);
    await expect(page.getByTestId('basket-total')).toHaveText(usd(3 * yams.priceMinor));
    await expect(page.getByText('1 item from 1 farm')).toBeVisible();
    const toast = getToast(page, 'Removed from basket');
    await expect(toast).toContainText(tilapia.title);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(farm(page, BASKET_SHOPS.farmB.name)).toBeVisible();
    await expect(page.getByTestId('basket-total')).toHaveText(usd(3 * yams.priceMinor + tilapia.priceMinor));

    // Remove for good: the badge follows.
    await line(page, tilapia.title).getByRole('button', { name: `Remove ${tilapia.title}` }).click();
    await expect(farm(page, BASKET_SHOPS.farmB.name)).toHaveCount(0);
    await page.goto('/');
    await expect(shell.basketBadge).toHaveText('1');
  });

  test('a line asking for more than is left says so and is fixed in one click', async ({ page }) => {
    await signInThroughApi(page, BASKET_USERS.problemBuyer, '/basket');
    const problemLine = line(page, lastMushrooms.title);
    await expect(problemLine.getByRole('alert')).toContainText(`${lastMushrooms.stock}`);
    await expect(problemLine.getByRole('textbox', { name: `Quantity of ${lastMushrooms.title}`, exact: true })).toHaveValue(String(PROBLEM_LINE_QUANTITY));
    await expect(page.getByText('Fix the lines marked in red before checking out.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeDisabled();

    await problemLine.getByRole('button', { name: `Change to ${lastMushrooms.stock} kg` }).click();
    await expect(problemLine.getByRole('textbox', { name: `Quantity of ${lastMushrooms.title}`, exact: true })).toHaveValue(String(lastMushrooms.stock));
    await expect(problemLine.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeEnabled();
    await expect(problemLine.getByRole('button', { name: `Increase quantity of ${lastMushrooms.title}` })).toBeDisabled();
    await page.reload();
    await expect(problemLine.getByRole('textbox', { name: `Quantity of ${lastMushrooms.title}`, exact: true })).toHaveValue(String(lastMushrooms.stock));
    await expect(problemLine.getByRole('alert')).toHaveCount(0);
  });

  test('an empty basket says so and leads to the products', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/basket');
    await expect(page.getByText('Your basket is empty')).toBeVisible();
    await page.getByRole('link', { name: 'Browse products' }).click();
    await expect(page).toHaveURL(/\/product-listing$/);
  });
});
