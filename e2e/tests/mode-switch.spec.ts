import { expect, test, type Locator, type Page } from '@playwright/test';
import { APP_URL, FIXTURE_USERS } from '../support/fixtures';
import { signInThroughApi, signInThroughForm } from '../support/sign-in';
import { chooseMenuItem, getShell, openSideMenu, readBottomBarItems } from '../support/shell';

async function readTheme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.dataset.appTheme ?? null);
}

async function readStoredMode(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('userMode'));
}

/** A colour as the browser computes it (rgb(...)), from any CSS value, e.g. one of the theme's variables. */
async function resolveColour(page: Page, value: string): Promise<string> {
  return page.evaluate((cssValue) => {
    const probe = document.createElement('span');
    probe.style.color = cssValue;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, value);
}

/** What a person sees in the mode's colour: the logo mark, the app switch, a price, the active tab, the "All" chip. */
async function readModeColours(page: Page) {
  const shell = getShell(page);
  const price = page.getByTestId('product-card-price').first();
  await expect(price).toBeVisible();
  const read = (locator: Locator, property: 'color' | 'backgroundColor' | 'stopColor') =>
    locator.evaluate((element, name) => getComputedStyle(element)[name], property);
  return {
    logoMark: await read(shell.topBar.getByRole('img', { name: 'Pulse Market' }).locator('stop').first(), 'stopColor'),
    appSwitch: await read(shell.appSwitch, 'backgroundColor'),
    price: await read(price, 'color'),
    allChip: await read(page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'All' }), 'color'),
  };
}

async function expectModeColours(page: Page, colour: 'green' | 'orange') {
  await expect
    .poll(() => readModeColours(page), { message: `the listing in ${colour}` })
    .toEqual({
      logoMark: await resolveColour(page, `var(--mantine-color-${colour}-4)`),
      appSwitch: await resolveColour(page, `var(--mantine-color-${colour}-7)`),
      price: await resolveColour(page, `var(--mantine-color-${colour}-9)`),
      allChip: await resolveColour(page, `var(--mantine-color-${colour}-9)`),
    });
}

async function expectMenuItems(page: Page, names: string[]) {
  const menu = await openSideMenu(page);
  await expect(menu.getByRole('navigation', { name: 'Menu' }).getByRole('button')).toHaveText(names);
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
}

test.describe('buyer and seller mode', () => {
  test('an approved seller switches to seller mode and back', async ({ page }) => {
    await signInThroughForm(page, FIXTURE_USERS.approvedSeller);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.goto('/');
    const shell = getShell(page);
    await expect(shell.topBarTitle).toHaveText('Products');
    expect(await readTheme(page)).toBe('green');
    await expectMenuItems(page, ['Home', 'Start Selling', 'Switch to Seller', 'Wallet', 'Weekly baskets', 'Pulse Agent', 'Pulse Hub', 'Log Out']);

    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
    await expect.poll(() => readTheme(page)).toBe('orange');
    expect(await readStoredMode(page)).toBe('seller');
    expect(await readBottomBarItems(page)).toEqual(['Dashboard', 'Messages', 'Notifications', 'Wallet']);

    const menu = await openSideMenu(page);
    await expect(menu.getByTestId('menu-username')).toHaveText(FIXTURE_USERS.approvedSeller.username);
    await expect(menu.getByTestId('menu-mode-label')).toHaveText('Seller account');
    await expect(menu.getByRole('navigation', { name: 'Menu' }).getByRole('button')).toHaveText([
      'Home',
      'Start Selling',
      'Switch to Buyer',
      'Profile',
      'Pulse Agent',
      'Pulse Hub',
      'Log Out',
    ]);
    await menu.getByRole('button', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/seller-profile$/);
    await expect(menu).toBeHidden();

    // The switch replaced the history entry of "/", so "back" from the dashboard skips it.
    await page.goBack();
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/seller-dashboard$/);

    await chooseMenuItem(page, 'Switch to Buyer');
    await expect(page).toHaveURL(/\/buyer-dashboard$/);
    await expect.poll(() => readTheme(page)).toBe('green');
    expect(await readStoredMode(page)).toBe('buyer');
    expect(await readBottomBarItems(page)).toEqual(['Orders', 'Products', 'Messages', 'Notifications']);
    const buyerMenu = await openSideMenu(page);
    await expect(buyerMenu.getByTestId('menu-mode-label')).toHaveText('Buyer account');
  });

  test('seller mode survives a reload and resets to buyer on logout', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.approvedSeller, '/');
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
    expect(await readTheme(page)).toBe('orange');
    expect(await readBottomBarItems(page)).toEqual(['Dashboard', 'Messages', 'Notifications', 'Wallet']);
    const menu = await openSideMenu(page);
    await expect(menu.getByTestId('menu-mode-label')).toHaveText('Seller account');
    await menu.getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page).toHaveURL(`${APP_URL}/`);
    expect(await readStoredMode(page)).toBe('buyer');
    await expect.poll(() => readTheme(page)).toBe('green');

    await signInThroughForm(page, FIXTURE_USERS.approvedSeller);
    const again = await openSideMenu(page);
    await expect(again.getByTestId('menu-mode-label')).toHaveText('Buyer account');
    await expect(again.getByRole('button', { name: 'Switch to Seller', exact: true })).toBeVisible();
  });

  test('a seller with a pending application is sent to the application status and stays a buyer', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.pendingSeller, '/');
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-application-status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Application Status' })).toBeVisible();
    expect(await readStoredMode(page)).not.toBe('seller');
    expect(await readTheme(page)).toBe('green');
    await page.goto('/');
    const menu = await openSideMenu(page);
    await expect(menu.getByTestId('menu-mode-label')).toHaveText('Buyer account');
  });

  test('a seller without an application is sent to seller sign-up and stays a buyer', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.sellerWithoutApplication, '/');
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Sign-up' })).toBeVisible();
    expect(await readStoredMode(page)).not.toBe('seller');
    expect(await readTheme(page)).toBe('green');
    await page.goto('/');
    expect(await readBottomBarItems(page)).toEqual(['Orders', 'Products', 'Messages', 'Notifications']);
  });

  test('a buyer without the seller role has no switch item; Pulse Agent leads to the agent portal', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/');
    await expectMenuItems(page, ['Home', 'Start Selling', 'Wallet', 'Weekly baskets', 'Pulse Agent', 'Pulse Hub', 'Log Out']);
    await chooseMenuItem(page, 'Pulse Agent');
    await expect(page).toHaveURL(/\/pulse-agents$/);
  });

  test("an agent's Pulse Agent item leads to the agent dashboard", async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.agent, '/');
    await expectMenuItems(page, ['Home', 'Start Selling', 'Wallet', 'Weekly baskets', 'Pulse Agent', 'Pulse Hub', 'Log Out']);
    await chooseMenuItem(page, 'Pulse Agent');
    await expect(page).toHaveURL(/\/agent-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeVisible();
  });

  test('the signed-in menu items Home, Start Selling and Pulse Hub lead to their pages', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/');
    const TARGETS: Array<[string, RegExp]> = [
      ['Home', /\/home$/],
      ['Start Selling', /\/sellers$/],
      ['Pulse Hub', /\/hub\/feed$/],
    ];
    for (const [item, url] of TARGETS) {
      await page.goto('/');
      await chooseMenuItem(page, item);
      await expect(page).toHaveURL(url);
    }
  });

  test('seller mode is orange throughout (button, logo mark, prices, app switch, active tab), buyer mode green, Pulse Hub gold', async ({ page }) => {
    // Five pages and two mode switches: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    await signInThroughApi(page, FIXTURE_USERS.approvedSeller, '/product-listing');
    await expectModeColours(page, 'green');

    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    const addProduct = page.getByRole('link', { name: 'Add a product' });
    await expect(addProduct).toBeVisible();
    const orangeFill = await resolveColour(page, 'var(--mantine-color-orange-7)');
    await expect.poll(() => addProduct.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(orangeFill);
    await expect(getShell(page).appSwitch).toHaveCSS('background-color', orangeFill);
    const activeTab = getShell(page).bottomBar.getByRole('link', { name: 'Dashboard' });
    await expect(activeTab).toHaveAttribute('aria-current', 'page');
    await expect(activeTab).toHaveCSS('color', await resolveColour(page, 'var(--mantine-color-orange-9)'));
    // Not the buyer's green any more: a real difference a person sees, not just another variable.
    expect(orangeFill).not.toBe(await resolveColour(page, 'var(--mantine-color-green-7)'));

    await page.goto('/product-listing');
    await expectModeColours(page, 'orange');

    // Pulse Hub stays gold in seller mode.
    await page.goto('/hub/feed');
    await expect(page.getByRole('heading', { level: 1, name: 'Pulse Hub' })).toBeVisible();
    await expect(getShell(page).appSwitch).toHaveCSS('background-color', await resolveColour(page, 'var(--mantine-color-gold-7)'));

    await page.goto('/product-listing');
    await chooseMenuItem(page, 'Switch to Buyer');
    await expect(page).toHaveURL(/\/buyer-dashboard$/);
    await page.goto('/product-listing');
    await expectModeColours(page, 'green');
  });
});
