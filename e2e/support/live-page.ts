import { expect, type Page } from '@playwright/test';

/**
 * A page the server rendered is live once the browser has hydrated it: it then asks who is signed
 * in (spec §2), so that answer is the sign (decision 056).
 */
export async function openLivePage(page: Page, path: string): Promise<void> {
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me');
  await page.goto(path);
  await checked;
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
