import { expect, test, type Route } from '@playwright/test';
import { navigateInApp, openInApp, openLivePage } from '../support/live-page';
import { getShell } from '../support/shell';

const ABOUT_CHUNK = '**/assets/about-page-*.js';
const CLOCK_START = new Date('2025-03-03T09:00:00Z').getTime();
/** Later than any moment the page clock can reach first (it runs in real time, a test lasts 30 s at most). */
const CLOCK_PAUSED_AT = CLOCK_START + 60_000;

test.describe('loading states', () => {
  // The service worker would fetch the held page chunk for its cache after the first page, past page.route.
  test.use({ serviceWorkers: 'block' });

  test('a full-screen "Loading..." shows while the app asks who is signed in, on a page the browser renders', async ({ page }) => {
    let releaseMe: () => void = () => {};
    const meHeld = new Promise<void>((resolve) => {
      releaseMe = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await meHeld;
      await route.continue();
    });
    // A guarded page is rendered in the browser (decision 056): it waits to know who is asking.
    await page.goto('/basket');
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await expect(loading).toBeVisible();
    await expect(getShell(page).topBar).toHaveCount(0);
    releaseMe();
    await expect(page).toHaveURL(/\/login$/);
    await expect(loading).toHaveCount(0);
  });

  test('a page the server rendered for a visitor has nothing to wait for: no "Loading..." while the app asks who is signed in', async ({ page }) => {
    let meRequested = false;
    await page.route('**/api/auth/me', async (route) => {
      meRequested = true;
      // Held for good: the visitor's page must not need the answer.
      await new Promise(() => undefined);
      await route.continue();
    });
    await page.goto('/');
    await expect(getShell(page).topBarTitle).toHaveText('Products');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect.poll(() => meRequested).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  });

  test('a slow page chunk shows the page spinner, then the page', async ({ page }) => {
    let releaseChunk: () => void = () => {};
    const chunkHeld = new Promise<void>((resolve) => {
      releaseChunk = resolve;
    });
    await page.route(ABOUT_CHUNK, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    // A page opened from another one loads its code on demand (opened directly, the server renders it).
    await openInApp(page, '/about-us', '/');
    const spinner = page.getByLabel('Loading page');
    await expect(spinner).toBeVisible();
    releaseChunk();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(spinner).toHaveCount(0);
    await expect(page).toHaveTitle('About Us - Pulse Market');
  });

  test('a chunk that never arrives shows the time-out message after 120 s; Retry loads the page', async ({ page }) => {
    // After install() the page clock keeps running in real time, so the seconds a loaded machine
    // spends between the chunk request and fastForward() would be added to the 119 s. The clock is
    // paused before the page is opened and starts its 120 s timer: from then on only this test
    // moves time on.
    await page.clock.install({ time: CLOCK_START });
    const held: Route[] = [];
    let letThrough = false;
    await page.route(ABOUT_CHUNK, async (route) => {
      if (letThrough) await route.continue();
      else held.push(route);
    });
    await openLivePage(page, '/');
    await page.clock.pauseAt(CLOCK_PAUSED_AT);
    await navigateInApp(page, '/about-us');
    await expect(page.getByLabel('Loading page')).toBeVisible();
    await expect.poll(() => held.length).toBe(1);

    await page.clock.fastForward(119_000);
    await expect(page.getByLabel('Loading page')).toBeVisible();
    await expect(page.getByText('This page is taking too long to load.')).toHaveCount(0);
    await page.clock.fastForward(1_500);
    await expect(page.getByText('This page is taking too long to load.')).toBeVisible();
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();

    // The connection recovers: the stalled request completes and later ones pass.
    letThrough = true;
    for (const route of held.splice(0)) await route.continue();
    await retry.click();
    await expect(page.getByText('This page is taking too long to load.')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page).toHaveTitle('About Us - Pulse Market');
  });
});
