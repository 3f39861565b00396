import { expect, test } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { signInThroughApi, signInThroughForm } from '../support/sign-in';
import { chooseMenuItem, getShell } from '../support/shell';

test.describe('basket badge', () => {
  test('an empty basket shows no badge', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/home');
    // Wait for the count call itself, then check nothing appeared.
    const countResponse = page.waitForResponse((response) => response.url().endsWith('/api/baskets/count'));
    await page.goto('/');
    const shell = getShell(page);
    await expect(shell.topBarTitle).toHaveText('Products');
    expect(await (await countResponse).json()).toEqual({ count: 0 });
    await expect(shell.basketLink).toBeVisible();
    await expect(shell.basketBadge).toHaveCount(0);
  });

  test('five basket lines read "5"', async ({ page }) => {
    await signInThroughForm(page, FIXTURE_USERS.fiveLineBuyer);
    await expect(getShell(page).basketBadge).toHaveText('5');
  });

  test('120 basket lines read "99+"', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.bigBasketBuyer, '/product-listing');
    await expect(getShell(page).basketBadge).toHaveText('99+');
  });

  test('the badge hides in seller mode and comes back in buyer mode', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.approvedSeller, '/');
    const shell = getShell(page);
    await expect(shell.basketBadge).toHaveText('3');
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(shell.topBar).toBeVisible();
    await expect(shell.basketBadge).toHaveCount(0);
    await chooseMenuItem(page, 'Switch to Buyer');
    await expect(page).toHaveURL(/\/buyer-dashboard$/);
    await expect(shell.basketBadge).toHaveText('3');
  });

  test('the basket button leads to /basket', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.fiveLineBuyer, '/');
    await getShell(page).basketLink.click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible();
  });
});
