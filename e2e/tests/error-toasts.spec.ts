import { expect, test, type BrowserContext, type Page, type Request, type Response } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import { APP_URL, FIXTURE_PASSWORD, FIXTURE_USERS } from '../support/fixtures';
import { fillSignInForm, signInThroughApi } from '../support/sign-in';
import { chooseMenuItem } from '../support/shell';
import { getAllToasts, getToast } from '../support/toasts';

const ADMIN_ONLY_MESSAGE = 'You do not have permission to view the admin console.';
const NETWORK_ERROR_TEXT = 'Could not connect to the server. Please check your internet connection.';

/** The notifications list read (GET /api/notifications?page=...), which the worker answers network-first. */
const isNotificationsRead = (url: URL) => url.pathname === '/api/notifications';

/** The page's answer to the notifications read, whoever gave it. */
function waitForNotificationsAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((response) => isNotificationsRead(new URL(response.url())) && response.request().method() === 'GET');
}

/** The page is controlled by /sw.js and the worker holds this page's reads (decision 019). */
async function openControlledNotifications(page: Page): Promise<void> {
  await signInThroughApi(page, FIXTURE_USERS.busyBuyer, '/notifications');
  // The first install downloads the precache (about 210 files): 18-22 s on a loaded 2-core machine.
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
  const answered = waitForNotificationsAnswer(page);
  await page.reload();
  expect((await answered).fromServiceWorker(), 'the list came through the worker').toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), 'the page is controlled by /sw.js').toMatch(/\/sw\.js$/);
}

/**
 * From here on the worker's own requests for the notifications list are answered by `handler`
 * (context.route sees them in Chromium; page.route does not), replacing any earlier handler.
 */
async function routeWorkerReads(context: BrowserContext, handler: Parameters<BrowserContext['route']>[1]): Promise<void> {
  await context.unrouteAll({ behavior: 'wait' });
  await context.route(isNotificationsRead, handler);
}

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
    await openLivePage(page, '/login');
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

  test.describe('with the service worker in the path', () => {
    test('a read the network refuses shows the saved list and "Network Error"; a slow answer in time shows no toast', async ({ page, context }) => {
      await openControlledNotifications(page);
      const firstItem = page.getByTestId('notification-item').first();
      await expect(firstItem).toBeVisible();
      // Its message, not its age ("1 min. ago" moves on).
      const firstText = (await firstItem.innerText()).split('\n').filter((line) => line.trim() !== '').at(-1) ?? '';
      expect(firstText).not.toBe('');

      // Slow, but inside the worker's 4 s: the server's answer, no toast.
      const held: Request[] = [];
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await routeWorkerReads(context, async (route) => {
        held.push(route.request());
        await released;
        await route.continue();
      });
      const slowAnswer = waitForNotificationsAnswer(page);
      await page.reload();
      await expect.poll(() => held.length, 'the worker asked the network').toBeGreaterThan(0);
      release();
      const slow = await slowAnswer;
      expect(slow.status()).toBe(200);
      expect(await slow.headerValue('x-pulse-from-cache'), 'the server answered, not the cache').toBeNull();
      await expect(page.getByTestId('notification-item').first()).toContainText(firstText);
      await expect(getAllToasts(page)).toHaveCount(0);

      // The network refuses: the saved list stays on screen and spec §8's toast says why it is not fresh.
      await routeWorkerReads(context, (route) => route.abort('connectionrefused'));
      const savedAnswer = waitForNotificationsAnswer(page);
      await page.reload();
      const saved = await savedAnswer;
      expect(saved.fromServiceWorker(), 'answered by the worker').toBe(true);
      expect(await saved.headerValue('x-pulse-from-cache'), 'from its cache').not.toBeNull();
      await expect(page.getByTestId('notification-item').first()).toContainText(firstText);
      const toast = getToast(page, 'Network Error');
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(NETWORK_ERROR_TEXT);
      await expect(getAllToasts(page)).toHaveCount(1);
    });

    test('a 500 and a 403 reach the page through the worker with their toasts', async ({ page, context }) => {
      await openControlledNotifications(page);
      // The substituted answers: a real server 500 would itself be a bug, and the list has no real 403.
      await routeWorkerReads(context, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'boom' } }) }),
      );
      let answer = waitForNotificationsAnswer(page);
      await page.reload();
      let response = await answer;
      expect({ status: response.status(), fromServiceWorker: response.fromServiceWorker() }).toEqual({ status: 500, fromServiceWorker: true });
      const serverError = getToast(page, 'Server Error');
      await expect(serverError).toBeVisible();
      await expect(serverError).toContainText('An unexpected error occurred on the server. Please try again later.');
      await expect(serverError).not.toContainText('boom');
      await expect(getToast(page, 'Network Error')).toHaveCount(0);

      const forbidden = 'You may not read these notifications.';
      await routeWorkerReads(context, (route) =>
        route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 'forbidden', message: forbidden } }) }),
      );
      answer = waitForNotificationsAnswer(page);
      await page.reload();
      response = await answer;
      expect({ status: response.status(), fromServiceWorker: response.fromServiceWorker() }).toEqual({ status: 403, fromServiceWorker: true });
      const accessDenied = getToast(page, 'Access Denied');
      await expect(accessDenied).toBeVisible();
      await expect(accessDenied).toContainText(forbidden);
      await expect(getToast(page, 'Network Error')).toHaveCount(0);
    });
  });
});
