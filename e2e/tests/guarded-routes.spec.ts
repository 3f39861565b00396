import { expect, test, type Page } from '@playwright/test';
import { APP_URL, FIXTURE_PASSWORD, FIXTURE_USERS } from '../support/fixtures';
import { fillSignInForm, signInThroughForm } from '../support/sign-in';
import { getShell } from '../support/shell';
import { openLivePage } from '../support/live-page';

const buyer = FIXTURE_USERS.emptyBasketBuyer;

async function readRedirectDestination(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('auth_redirect_destination'));
}

test.describe('guarded routes', () => {
  test('a visitor opening /basket signs in and is back on the basket; the destination is used once', async ({ page }) => {
    await page.goto('/basket');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
    expect(await readRedirectDestination(page)).toBe('/basket');

    await fillSignInForm(page, buyer.email, FIXTURE_PASSWORD);
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible();
    expect(await readRedirectDestination(page)).toBeNull();

    // Used once: a later visit to /login (still signed in) goes home, not back to the basket.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(getShell(page).topBarTitle).toHaveText('Products');
  });

  test('a deep link to /order/abc survives the detour through /login', async ({ page }) => {
    await page.goto('/order/abc');
    await expect(page).toHaveURL(/\/login$/);
    await fillSignInForm(page, buyer.email, FIXTURE_PASSWORD);
    await expect(page).toHaveURL(/\/order\/abc$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order' })).toBeVisible();
  });

  test('a visitor is sent to /login from every guarded page', async ({ page }) => {
    for (const path of ['/messages', '/wallet', '/hub/feed', '/seller-dashboard', '/profile/addresses']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
  });

  test('the redirect parameter on /login takes a signed-in user there, replacing the history entry', async ({ page }) => {
    await signInThroughForm(page, buyer);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto('/login?redirect=/messages');
    await expect(page).toHaveURL(/\/messages$/);
    await expect(getShell(page).topBarTitle).toHaveText('Messages');
    await page.goBack();
    // The /login?redirect=... entry was replaced, so "back" skips it.
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the redirect parameter on any page works too: /?redirect=/wallet', async ({ page }) => {
    await signInThroughForm(page, buyer);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto('/?redirect=/wallet');
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an external redirect target is ignored', async ({ page }) => {
    await signInThroughForm(page, buyer);
    await page.goto('/?redirect=//evil.example');
    await expect(getShell(page).topBarTitle).toHaveText('Products');
    await expect(page).toHaveURL(new RegExp(`^${APP_URL.replaceAll('.', '\\.')}/\\?redirect=`));

    await page.goto('/login?redirect=//evil.example/steal');
    await expect(page).toHaveURL(`${APP_URL}/`);
  });

  test('a visitor signing in with ?redirect= on /login lands on the target', async ({ page }) => {
    // As a person would: the form is filled once the page is live (knows no one is signed in).
    await openLivePage(page, '/login?redirect=/notifications');
    await fillSignInForm(page, buyer.email, FIXTURE_PASSWORD);
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(getShell(page).topBarTitle).toHaveText('Notifications');
  });
});
