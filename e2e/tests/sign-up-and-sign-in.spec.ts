import { expect, test, type Page } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import { APP_URL, FIXTURE_USERS } from '../support/fixtures';
import { fillSignInForm, readStoredToken, signInThroughForm } from '../support/sign-in';
import { chooseMenuItem, getShell, openSideMenu } from '../support/shell';

let counter = 0;
function uniquePerson(prefix: string) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}${test.info().workerIndex}`;
  return { email: `${prefix}.${suffix}@e2e.example`, username: `${prefix}_${suffix}`, password: 'copper-kettle-rain-58' };
}

async function openSignUp(page: Page) {
  await openLivePage(page, '/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
}

async function fillSignUp(page: Page, person: { email: string; username: string; password: string }) {
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
}

test.describe('sign up', () => {
  test('a short password is refused under the field, nothing is sent', async ({ page }) => {
    await openSignUp(page);
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) registerCalls += 1;
    });
    await fillSignUp(page, { ...uniquePerson('short'), password: 'abc12' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    expect(registerCalls).toBe(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a badly formed e-mail is refused under the field', async ({ page }) => {
    await openSignUp(page);
    await fillSignUp(page, { ...uniquePerson('bademail'), email: 'not-an-address' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a common password is refused by the server, shown under the field', async ({ page }) => {
    await openSignUp(page);
    await fillSignUp(page, { ...uniquePerson('common'), password: 'password1' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This password is too common. Choose a less predictable one.')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/This password is too common/);
    await expect(page).toHaveURL(/\/login$/);
    // A form message, not a toast: 4xx answers belong to the form.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  });

  test('an e-mail that already has an account is refused by the server, shown under the field', async ({ page }) => {
    await openSignUp(page);
    await fillSignUp(page, { ...uniquePerson('dup'), email: FIXTURE_USERS.emptyBasketBuyer.email });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this e-mail already exists.')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('An account with this e-mail already exists.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a new account lands signed in; a double click creates exactly one account', async ({ page }) => {
    const person = uniquePerson('newbie');
    await openSignUp(page);
    const registerStatuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/register')) registerStatuses.push(response.status());
    });
    await fillSignUp(page, person);
    await page.getByRole('button', { name: 'Create account' }).dblclick();

    await expect(page).toHaveURL(`${APP_URL}/`);
    await expect(getShell(page).topBarTitle).toHaveText('Products');
    expect(registerStatuses).toEqual([201]);
    expect(await readStoredToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const menu = await openSideMenu(page);
    await expect(menu.getByTestId('menu-username')).toHaveText(person.username);
    await expect(menu.getByTestId('menu-mode-label')).toHaveText('Buyer account');
  });
});

test.describe('sign in and log out', () => {
  test('a wrong password is refused with a message and the visitor stays on /login', async ({ page }) => {
    await openLivePage(page, '/login');
    await fillSignInForm(page, FIXTURE_USERS.sessionBuyer.email, 'not-the-right-one-42');
    await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStoredToken(page)).toBeNull();
  });

  test('signing in shows the user in the menu; logging out ends the session, also after a reload', async ({ page }) => {
    await signInThroughForm(page, FIXTURE_USERS.sessionBuyer);
    await expect(page).toHaveURL(`${APP_URL}/`);
    const menu = await openSideMenu(page);
    await expect(menu.getByTestId('menu-username')).toHaveText(FIXTURE_USERS.sessionBuyer.username);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await page.goto('/messages');
    await expect(getShell(page).topBarTitle).toHaveText('Messages');
    await chooseMenuItem(page, 'Log Out');
    await expect(page).toHaveURL(`${APP_URL}/`);
    expect(await readStoredToken(page)).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('userMode'))).toBe('buyer');

    const visitorMenu = await openSideMenu(page);
    await expect(visitorMenu.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();
    await expect(visitorMenu.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

    await page.reload();
    await expect(getShell(page).topBarTitle).toHaveText('Products');
    expect(await readStoredToken(page)).toBeNull();
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a failed logout call still signs the user out locally, without a toast', async ({ page }) => {
    await signInThroughForm(page, FIXTURE_USERS.sessionBuyer);
    await page.route('**/api/auth/logout', (route) => route.abort('connectionrefused'));
    await chooseMenuItem(page, 'Log Out');
    await expect(page).toHaveURL(`${APP_URL}/`);
    // The page was on / already: the token goes when the logout has run, which on a first visit
    // waits (up to 2 s) for the service worker to finish installing before it drops the push subscription.
    await expect.poll(() => readStoredToken(page)).toBeNull();
    const menu = await openSideMenu(page);
    await expect(menu.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByTestId('toasts').getByRole('alert')).toHaveCount(0);
  });

  test('when the current-user call fails, a stored unexpired token keeps the user signed in', async ({ page }) => {
    await signInThroughForm(page, FIXTURE_USERS.fiveLineBuyer);
    await page.route('**/api/auth/me', (route) => route.abort('connectionrefused'));
    await page.goto('/buyer-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(getShell(page).bottomBar.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(getShell(page).basketBadge).toHaveText('5');
  });
});

test.describe('try the demo', () => {
  // This server runs with SEED_DEMO=false (the demo project walks the seeded case).
  test('without demo data the login page offers no demo accounts', async ({ page }) => {
    const answer = await page.request.get('/api/auth/providers');
    expect(answer.status()).toBe(200);
    expect((await answer.json()) as { demoAccounts: unknown[] }).toMatchObject({ demoAccounts: [] });
    // The page comes rendered with that answer (decision 056).
    await openLivePage(page, '/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Try the demo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Demo (buyer|seller|Pulse Agent)\b/ })).toHaveCount(0);
  });
});
