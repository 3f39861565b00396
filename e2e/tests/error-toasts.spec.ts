import { expect, test } from '@playwright/test';
import { APP_URL, FIXTURE_PASSWORD, FIXTURE_USERS } from '../support/fixtures';
import { fillSignInForm, signInThroughApi } from '../support/sign-in';
import { chooseMenuItem } from '../support/shell';
import { getAllToasts, getToast } from '../support/toasts';

const ADMIN_ONLY_MESSAGE = 'You do not have permission to view the admin console.';

test.describe('error toasts (spec §8)', () => {
  test('a buyer opening /admin gets the real 403 as "Access Denied" with the server message, gone after about 5 s', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/home');
    // The page clocks the toast itself (when it appears, when it goes), so a slow test runner does not
    // change what is measured.
    await page.addInitScript(() => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { __toastTimes: typeof times }).__toastTimes = times;
      const findToast = () =>
        Array.from(document.querySelectorAll('[data-testid="toasts"] [role="alert"]')).find((element) => element.textContent?.includes('Access Denied'));
      new MutationObserver(() => {
        const present = findToast() !== undefined;
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined && times.hidden === undefined) times.hidden = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const overview = page.waitForResponse((response) => response.url().endsWith('/api/admin/overview'));
    await page.goto('/admin');
    expect((await overview).status()).toBe(403);

    const toast = getToast(page, 'Access Denied');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(ADMIN_ONLY_MESSAGE);
    // Above drawers and menus: the notifications layer sits at z-index 5500 (spec §9).
    const zIndex = await page.getByTestId('toasts').first().evaluate((element) => getComputedStyle(element).zIndex);
    expect(zIndex).toBe('5500');

    await expect(toast).toBeHidden({ timeout: 10_000 });
    const times = await page.evaluate(() => (window as unknown as { __toastTimes: { shown?: number; hidden?: number } }).__toastTimes);
    expect(times.shown).toBeDefined();
    expect(times.hidden).toBeDefined();
    // Spec §9: 5000 ms; the exit transition adds a little.
    const shownFor = (times.hidden ?? 0) - (times.shown ?? 0);
    expect(shownFor).toBeGreaterThanOrEqual(4900);
    expect(shownFor).toBeLessThan(7000);
  });

  test('the "Access Denied" toast can be closed by hand', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/admin');
    const toast = getToast(page, 'Access Denied');
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toBeHidden({ timeout: 1500 });
  });

  test('a 500 shows "Server Error" with the catalogue text', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.admin, '/home');
    // The one substituted response: a real server 500 would itself be a bug.
    await page.route('**/api/admin/overview', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'boom' } }) }),
    );
    await page.goto('/admin');
    const toast = getToast(page, 'Server Error');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('An unexpected error occurred on the server. Please try again later.');
    await expect(toast).not.toContainText('boom');
  });

  test('an admin sees the overview without any toast', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.admin, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(page.getByLabel(/^Users: \d+$/)).toBeVisible();
    await expect(getAllToasts(page)).toHaveCount(0);
  });

  test('no connection shows "Network Error" with the catalogue text', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await context.setOffline(true);
    await fillSignInForm(page, FIXTURE_USERS.emptyBasketBuyer.email, FIXTURE_PASSWORD);
    const toast = getToast(page, 'Network Error');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Could not connect to the server. Please check your internet connection.');
    await expect(page).toHaveURL(/\/login$/);

    // Back online, the same form signs in.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`${APP_URL}/`);
  });

  test('a 404 shows no toast', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.sellerWithoutApplication, '/');
    const lookup = page.waitForResponse((response) => response.url().includes('/api/sellers/'));
    await chooseMenuItem(page, 'Switch to Seller');
    expect((await lookup).status()).toBe(404);
    await expect(page).toHaveURL(/\/seller-signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Sign-up' })).toBeVisible();
    await expect(getAllToasts(page)).toHaveCount(0);
  });
});
