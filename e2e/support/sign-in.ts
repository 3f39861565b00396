import { openLivePage } from './live-page';
import { expect, type Page } from '@playwright/test';
import { FIXTURE_PASSWORD } from './fixtures';

/**
 * Signs in through the /login form as a person would. Starts from `from` (default /login) and
 * waits until the app has left the login page, i.e. the session is established. Any seeded user:
 * support/fixtures.ts or a lane's support/fixtures-*.ts.
 */
export async function signInThroughForm(page: Page, user: { email: string }, options: { password?: string; from?: string } = {}) {
  await openLivePage(page, options.from ?? '/login');
  await expect(page).toHaveURL(/\/login(\?|#|$)/);
  await fillSignInForm(page, user.email, options.password ?? FIXTURE_PASSWORD);
  await expect(page).not.toHaveURL(/\/login(\?|#|$)/);
}

/** Fills and submits the "Sign in" tab of the login page already open. */
export async function fillSignInForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * For specs about something other than signing in: calls POST /api/auth/login from the page and
 * stores the token under jwt_token as the app does, then loads `path`.
 */
export async function signInThroughApi(page: Page, user: { email: string }, path = '/') {
  // The visitor's page asks who is signed in once it is live (after hydrating a page the server
  // rendered): signing in before that answer would let that page, not `path`, be the first one signed in.
  await openLivePage(page, '/home');
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ email, password }),
      });
      if (response.ok) {
        const body = (await response.json()) as { token: string };
        sessionStorage.setItem('jwt_token', body.token);
      }
      return response.status;
    },
    { email: user.email, password: FIXTURE_PASSWORD },
  );
  expect(status, `sign-in of ${user.email} through the API`).toBe(200);
  await page.goto(path);
}

/** The token the app keeps in session storage (spec §9 jwt_token). */
export async function readStoredToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('jwt_token'));
}
