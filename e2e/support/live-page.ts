import { expect, type Page } from '@playwright/test';

/**
 * A page the server rendered is live once the browser has hydrated it and asked who is signed in
 * (spec §2); the app then marks <html data-live> (decision 056). The mark is the sign, not the
 * /api/auth/me answer: the page before this one may still be sending its own.
 */
export async function openLivePage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitUntilLive(page);
}

/** Waits until the page now open answers taps and knows who is signed in. */
export async function waitUntilLive(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live', 'true');
}

/**
 * Opens a page the way a link in the app does (React Router, no page load), so it renders in the
 * browser with its own requests and code loading, from a live page at `from`.
 */
export async function openInApp(page: Page, path: string, from = '/home'): Promise<void> {
  await openLivePage(page, from);
  await navigateInApp(page, path);
}

/** Moves the live page to `path` as a link in the app does. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({ idx: 1 }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?.*+^$()[\]{}|\\]/g, '\\$&')}$`));
}
