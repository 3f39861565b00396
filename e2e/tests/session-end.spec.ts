import { expect, test, type Page } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import { FIXTURE_PASSWORD, FIXTURE_USERS } from '../support/fixtures';
import { fillSignInForm, readStoredToken, signInThroughForm } from '../support/sign-in';
import { chooseMenuItem, getShell, readBottomBarItems } from '../support/shell';

const EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/**
 * Signs in through the form and waits until the shell's first signed-in calls have been answered:
 * a session revoked while they are still in flight would end here, before the step under test.
 */
async function signInAndSettle(page: Page, user: { email: string }): Promise<void> {
  const settled = ['/api/baskets/count', '/api/messages/unread/count', '/api/notifications/unread-count'].map((path) =>
    page.waitForResponse((response) => response.url().endsWith(path) && response.status() === 200),
  );
  await signInThroughForm(page, user);
  await Promise.all(settled);
}

function encodeSegment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

test.describe('session end', () => {
  test('a session revoked on the server ends at the next API call with the expiry message on /login', async ({ page, request }) => {
    await signInAndSettle(page, FIXTURE_USERS.approvedSeller);
    await expect(getShell(page).topBarTitle).toHaveText('Products');
    const token = await readStoredToken(page);
    if (!token) throw new Error('No token was stored after signing in');

    const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(200);

    // Switching to seller mode asks the server for the seller record: that call now gets 401.
    const sellerLookup = page.waitForResponse((response) => response.url().includes('/api/sellers/'));
    await chooseMenuItem(page, 'Switch to Seller');
    expect((await sellerLookup).status()).toBe(401);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: EXPIRED_MESSAGE })).toBeVisible();
    expect(await readStoredToken(page)).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('userMode'))).toBe('buyer');
    // The message is shown once.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(EXPIRED_MESSAGE)).toHaveCount(0);
  });

  test('a revoked session found at reload sends the user to /login with the expiry message', async ({ page, request }) => {
    await signInAndSettle(page, FIXTURE_USERS.sessionBuyer);
    const token = await readStoredToken(page);
    if (!token) throw new Error('No token was stored after signing in');
    const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(200);

    await page.goto('/messages');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: EXPIRED_MESSAGE })).toBeVisible();
    expect(await readStoredToken(page)).toBeNull();
  });

  test('an expired token left in session storage is dropped at load: the visitor shell shows', async ({ page }) => {
    await page.goto('/home');
    const now = Math.floor(Date.now() / 1000);
    const expired = [
      encodeSegment({ alg: 'HS256', typ: 'JWT' }),
      encodeSegment({ sub: '0190f5a0-0000-7000-8000-000000000000', jti: '0190f5a0-0000-7000-8000-000000000001', iat: now - 7200, exp: now - 3600 }),
      'c2lnbmF0dXJl',
    ].join('.');
    await page.evaluate((token) => {
      sessionStorage.setItem('jwt_token', token);
      sessionStorage.setItem('userMode', 'seller');
    }, expired);
    await page.goto('/');
    await expect(getShell(page).topBarTitle).toHaveText('Products');
    expect(await readBottomBarItems(page)).toEqual(['Marketplace', 'Pulse Hub']);
    expect(await readStoredToken(page)).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('userMode'))).toBe('buyer');
    await expect(page.getByTestId('basket-badge')).toHaveCount(0);
    await page.goto('/basket');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('keep me signed in survives a new tab; sign out everywhere ends the other browser’s session', async ({ browser, page, request }) => {
    // A person of its own: signing out everywhere must not end the sessions of other specs.
    const name = `keep${Date.now().toString(36)}`;
    const person = { email: `${name}@e2e.example` };
    expect((await request.post('/api/auth/register', { data: { ...person, username: name, password: FIXTURE_PASSWORD } })).status()).toBe(201);

    await openLivePage(page, '/login');
    await page.getByLabel('Keep me signed in').check();
    await fillSignInForm(page, person.email, FIXTURE_PASSWORD);
    await expect(page).not.toHaveURL(/\/login(\?|#|$)/);

    // A new tab starts with empty session storage: the kept session gives it a token.
    const secondTab = await page.context().newPage();
    await secondTab.goto('/account');
    await expect(secondTab.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
    expect(await readStoredToken(secondTab)).not.toBeNull();
    await secondTab.close();

    const otherBrowser = await browser.newContext();
    const otherPage = await otherBrowser.newPage();
    await signInThroughForm(otherPage, person);

    await page.goto('/account');
    await expect(page.getByTestId('device-row')).toHaveCount(3);
    await expect(page.getByText('This device')).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await otherPage.goto('/messages');
    await expect(otherPage).toHaveURL(/\/login$/);
    await expect(otherPage.getByRole('alert').filter({ hasText: EXPIRED_MESSAGE })).toBeVisible();
    await otherBrowser.close();
  });
});
