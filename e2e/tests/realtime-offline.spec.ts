import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { getShell } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';

const OFFLINE_TEXT = 'You are offline. Changes will be sent when you reconnect.';

function getOnlineIndicator(page: Page) {
  return page.getByRole('status').filter({ hasText: /You are offline|Back online/ });
}

/** The service worker is active and holds what an offline reload of this page needs. */
async function waitForOfflineReady(page: Page): Promise<void> {
  await expect(page.locator('html'), 'src/lib/service-worker.ts marks the page once the worker is ready').toHaveAttribute(
    'data-offline-ready',
    'true',
    // The worker's first install caches about 210 files: 18-22 s on a loaded 2-core machine.
    { timeout: 30_000 },
  );
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test.describe('offline (service worker app shell and online indicator)', () => {
  test('a visitor goes offline: the indicator shows, a reload still renders the shell from the cache, back online it goes away', async ({ page, context }) => {
    await page.goto('/product-listing');
    const shell = getShell(page);
    await expect(shell.topBar).toBeVisible();
    await waitForOfflineReady(page);
    const indicator = getOnlineIndicator(page);
    await expect(indicator).toHaveCount(0);

    await context.setOffline(true);
    await expect(indicator).toHaveText(OFFLINE_TEXT);

    await page.reload();
    await expect(shell.topBar, 'the app shell came from the service worker').toBeVisible();
    await expect(shell.bottomBar.getByRole('link', { name: 'Marketplace' })).toBeVisible();
    // The worker may also have answered the listing from its cache: then it adds since when (decision 019).
    await expect(indicator, 'offline from the first render').toContainText(OFFLINE_TEXT);

    await context.setOffline(false);
    await expect(indicator).toHaveText('Back online');
    await expect(indicator).toHaveCount(0, { timeout: 6_000 });
  });

  test('a signed-in buyer reloading offline keeps the shell and the indicator', async ({ page, context }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/product-listing');
    const shell = getShell(page);
    await expect(shell.bottomBar.getByRole('link', { name: 'Orders' })).toBeVisible();
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await page.reload();
    await expect(shell.topBar).toBeVisible();
    await expect(getOnlineIndicator(page)).toContainText(OFFLINE_TEXT);

    await context.setOffline(false);
    await expect(getOnlineIndicator(page)).toHaveCount(0, { timeout: 6_000 });
  });
});
