import { expect, test } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import { OIDC_CLIENT, OIDC_ISSUER_URL, OIDC_PERSON } from '../support/fixtures';
import { readStoredToken } from '../support/sign-in';
import { getShell, openSideMenu } from '../support/shell';

test.describe('OpenID Connect sign-in', () => {
  test('"Continue with ..." goes through the real provider and comes back signed in', async ({ page }) => {
    await openLivePage(page, '/login');
    const button = page.getByRole('link', { name: `Continue with ${OIDC_CLIENT.name}` });
    await expect(button).toBeVisible();

    const providerVisits: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${OIDC_ISSUER_URL}/`)) providerVisits.push(new URL(request.url()).pathname);
    });
    await button.click();

    await expect(getShell(page).topBarTitle).toHaveText('Products', { timeout: 15_000 });
    expect(providerVisits, 'the browser went through the provider').toContain('/authorize');
    expect(page.url()).not.toContain('token=');

    const menu = await openSideMenu(page);
    await expect(menu.getByTestId('menu-username')).toHaveText(OIDC_PERSON.username);
    await expect(menu.getByTestId('menu-mode-label')).toHaveText('Buyer account');

    // The app keeps the token it was handed (#token=...) in session storage, as after a form sign-in.
    expect(await readStoredToken(page), 'jwt_token in session storage').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // A reload keeps the session (the server knows the token).
    await page.reload();
    await expect(getShell(page).bottomBar.getByRole('link', { name: 'Orders' })).toBeVisible();
  });
});

test.describe('tokens handed to /login', () => {
  test('an expired token in the #token fragment is refused with the expiry message', async ({ page }) => {
    const now = Math.floor(Date.now() / 1000);
    const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment({ sub: 'someone', exp: now - 60 })}.c2ln`;
    await page.goto(`/login#token=${expired}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Your session has expired. Please log in again.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStoredToken(page)).toBeNull();
    await page.goto('/basket');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an #error fragment from the provider is shown on /login', async ({ page }) => {
    await page.goto(`/login#error=${encodeURIComponent('Single sign-on was cancelled.')}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Single sign-on was cancelled.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
