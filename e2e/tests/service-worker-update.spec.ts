import { expect, test, type Page } from '@playwright/test';

/**
 * Decision 019: a new version of /sw.js installs and waits; the page offers "A new version is
 * available" with Reload, and only Reload lets it take over (then the page reloads).
 */

async function waitForOfflineReady(page: Page): Promise<void> {
  await expect(page.locator('html'), 'src/lib/service-worker.ts marks the page once the worker is ready').toHaveAttribute('data-offline-ready', 'true', {
    // The first install downloads the precache (about 210 files): 18-22 s on a loaded 2-core machine.
    timeout: 30_000,
  });
}

interface CountingWindow {
  controllerChanges: number;
}

test('a deploy while the app is open: the new worker waits, the banner offers Reload, Reload switches to it', async ({ page, context, request }) => {
  // The tab opens on the previous release: the first /sw.js it gets differs from the server's by a
  // line. Every later request (the browser's update checks) reaches the server: a new release.
  const served = await request.get('/sw.js');
  expect(served.ok(), 'GET /sw.js').toBe(true);
  const current = await served.text();
  await context.route(
    '**/sw.js',
    (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', headers: { 'cache-control': 'no-cache' }, body: `${current}\n// previous release\n` }),
    { times: 1 },
  );

  await page.goto('/product-listing');
  await waitForOfflineReady(page);
  await page.reload();
  await waitForOfflineReady(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), 'the page is controlled by /sw.js').toMatch(/\/sw\.js$/);
  await page.evaluate(() => {
    (window as unknown as CountingWindow).controllerChanges = 0;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      (window as unknown as CountingWindow).controllerChanges += 1;
    });
  });

  // The browser also checks on navigations; asking here makes the moment certain.
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const state = await page.evaluate(async () => ({
    waiting: (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
    controllerChanges: (window as unknown as CountingWindow).controllerChanges,
  }));
  expect(state, 'the new worker waits and has not taken the page over by itself').toEqual({ waiting: 'installed', controllerChanges: 0 });

  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await waitForOfflineReady(page);
  expect(await page.evaluate(() => 'controllerChanges' in window), 'the page was reloaded').toBe(false);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null), 'nothing waits any more').toBeNull();
  await expect(banner).toHaveCount(0);
});
