import { expect, test, type Route } from '@playwright/test';
import { getShell } from '../support/shell';

const ABOUT_CHUNK = '**/assets/about-page-*.js';
const CLOCK_START = new Date('2025-03-03T09:00:00Z').getTime();
/** Later than any moment the page clock can reach first (it runs in real time, a test lasts 30 s at most). */
const CLOCK_PAUSED_AT = CLOCK_START + 60_000;

test.describe('loading states', () => {
  test('a full-screen "Loading..." shows while the app asks who is signed in', async ({ page }) => {
    let releaseMe: () => void = () => {};
    const meHeld = new Promise<void>((resolve) => {
      releaseMe = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await meHeld;
      await route.continue();
    });
    await page.goto('/');
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await expect(loading).toBeVisible();
    await expect(getShell(page).topBar).toHaveCount(0);
    releaseMe();
    await expect(getShell(page).topBarTitle).toHaveText('Products');
    await expect(loading).toHaveCount(0);
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
    await page.goto('/about-us');
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
    // paused while the app still waits for /api/auth/me, i.e. before the page mounts and starts its
    // 120 s timer: from then on only this test moves time on.
    await page.clock.install({ time: CLOCK_START });
    let releaseMe: () => void = () => {};
    const meHeld = new Promise<void>((resolve) => {
      releaseMe = resolve;
    });
    let meRequested = false;
    await page.route('**/api/auth/me', async (route) => {
      meRequested = true;
      await meHeld;
      await route.continue();
    });
    const held: Route[] = [];
    let letThrough = false;
    await page.route(ABOUT_CHUNK, async (route) => {
      if (letThrough) await route.continue();
      else held.push(route);
    });
    await page.goto('/about-us');
    await expect.poll(() => meRequested).toBe(true);
    await page.clock.pauseAt(CLOCK_PAUSED_AT);
    releaseMe();
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
