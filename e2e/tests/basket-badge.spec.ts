import { expect, test, type Locator } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { signInThroughApi, signInThroughForm } from '../support/sign-in';
import { chooseMenuItem, getShell } from '../support/shell';

/** What cuts `badge` off: the screen's edge, or a box around it whose overflow clips it. */
async function whatClips(badge: Locator): Promise<string[]> {
  return badge.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const clips: string[] = [];
    if (rect.top < 0 || rect.left < 0 || rect.right > window.innerWidth) clips.push('the screen');
    for (let box = element.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const outer = box.getBoundingClientRect();
      if (rect.top < outer.top || rect.left < outer.left || rect.right > outer.right || rect.bottom > outer.bottom) {
        clips.push(`${box.tagName.toLowerCase()}.${box.className}`);
      }
    }
    return clips;
  });
}

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
    const badge = getShell(page).basketBadge;
    await expect(badge).toHaveText('99+');
    // Shown whole, on the first page and on a later one (Mantine's full stylesheet comes with it):
    // inside the screen and inside every box around it that clips (the button, the bar).
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(await whatClips(badge), 'what cuts the badge off on the product listing').toEqual([]);
    await getShell(page).bottomBar.getByRole('link', { name: 'Messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(badge).toHaveText('99+');
    expect(await whatClips(badge), 'what cuts the badge off on Messages').toEqual([]);
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
