import { expect, test } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { signInThroughApi } from '../support/sign-in';
import { getShell, openSideMenu, readBottomBarItems } from '../support/shell';

const SOCIAL_NAMES = ['X', 'Instagram', 'LinkedIn', 'YouTube', 'Facebook', 'TikTok'];

test.describe('visitor shell', () => {
  for (const path of ['/', '/product-listing']) {
    test(`${path} shows the product listing with both bars and no basket badge`, async ({ page }) => {
      await page.goto(path);
      const shell = getShell(page);
      await expect(shell.topBar).toBeVisible();
      await expect(shell.topBarTitle).toHaveText('Products');
      await expect(page).toHaveTitle('Products - Pulse Market');
      await expect(page.getByRole('link', { name: 'Pulse Market home' }).first()).toBeVisible();
      await expect(shell.basketLink).toHaveAttribute('href', '/basket');
      await expect(shell.basketBadge).toHaveCount(0);
      await expect(shell.bottomBar).toBeVisible();
      expect(await readBottomBarItems(page)).toEqual(['Marketplace', 'Pulse Hub']);
      await expect(shell.bottomBar.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('aria-current', 'page');
      await expect(shell.bottomBar.getByRole('link', { name: 'Pulse Hub' })).not.toHaveAttribute('aria-current', 'page');
      await expect(shell.messagesBadge).toHaveCount(0);
      await expect(shell.notificationsBadge).toHaveCount(0);
      await expect(shell.assistantWidget).toBeVisible();
    });
  }

  test('the side menu opens from the right at 70% of the width and lists the visitor items', async ({ page }) => {
    await page.goto('/');
    const menu = await openSideMenu(page);
    await expect(menu.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();
    await expect(page.getByTestId('menu-username')).toHaveCount(0);
    await expect(page.getByTestId('menu-mode-label')).toHaveCount(0);

    const items = menu.getByRole('navigation', { name: 'Menu' }).getByRole('button');
    await expect(items).toHaveText(['Login', 'Home', 'Start Selling', 'Agent Portal', 'Pulse Hub']);

    await expect(menu.getByText('Follow Us', { exact: true })).toBeVisible();
    for (const name of SOCIAL_NAMES) {
      const link = menu.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }

    // Measure once the slide-in transition has finished: the box stops moving.
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('The project has no viewport');
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box ? Math.round(box.x + box.width) : null;
      })
      .toBe(viewport.width);
    const box = await menu.boundingBox();
    expect(box?.width).toBeCloseTo(viewport.width * 0.7, 0);
  });

  const MENU_TARGETS: Array<[string, RegExp]> = [
    ['Login', /\/login$/],
    ['Home', /\/home$/],
    ['Start Selling', /\/sellers$/],
    ['Agent Portal', /\/pulse-agents$/],
    // Pulse Hub needs an account: the visitor is sent to sign in.
    ['Pulse Hub', /\/login$/],
  ];
  for (const [item, target] of MENU_TARGETS) {
    test(`choosing "${item}" in the menu closes it and leads to ${target.source}`, async ({ page }) => {
      await page.goto('/');
      const menu = await openSideMenu(page);
      await menu.getByRole('button', { name: item, exact: true }).click();
      await expect(page).toHaveURL(target);
      await expect(menu).toBeHidden();
    });
  }

  const NO_BAR_PAGES: Array<[string, string]> = [
    ['/home', 'Home - Pulse Market'],
    ['/login', 'Login - Pulse Market'],
    ['/terms-of-service', 'Terms of Service - Pulse Market'],
    ['/privacy-policy', 'Privacy Policy - Pulse Market'],
    ['/about-us', 'About Us - Pulse Market'],
    ['/sellers', 'Start Selling - Pulse Market'],
    ['/pulse-agents', 'Pulse Agents - Pulse Market'],
    ['/seller-signup', 'Seller Sign-up - Pulse Market'],
  ];
  test('public pages off the bar list have no bars and no assistant, and their own document title', async ({ page }) => {
    for (const [path, title] of NO_BAR_PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
      await expect(page.locator('main')).toBeVisible();
      const shell = getShell(page);
      await expect(shell.topBar, `top bar on ${path}`).toHaveCount(0);
      await expect(shell.bottomBar, `bottom bar on ${path}`).toHaveCount(0);
      await expect(shell.assistantWidget, `assistant on ${path}`).toHaveCount(0);
    }
  });
});

test.describe('shell of a signed-in buyer, by path', () => {
  // Spec §2 "Where bars show" (plus the root path) and the top-bar titles of spec §2 "Top bar".
  const BAR_PAGES: Array<[string, string, string]> = [
    ['/', 'Products', 'Products'],
    ['/product-listing', 'Products', 'Products'],
    ['/messages', 'Messages', 'Messages'],
    ['/notifications', 'Notifications', 'Notifications'],
    ['/buyer-dashboard', '', 'Buyer Dashboard'],
    ['/seller-dashboard', '', 'Seller Dashboard'],
    ['/chat/fixture-chat', '', 'Chat'],
    ['/seller-profile', '', 'Seller Profile'],
    ['/seller/catalogue-search', '', 'Catalogue Search'],
    ['/profile/addresses', '', 'Addresses'],
  ];
  const PAGES_WITHOUT_BARS: Array<[string, string]> = [
    ['/basket', 'Basket'],
    ['/wallet', 'Wallet'],
    ['/hub/feed', 'Pulse Hub'],
    ['/pulse', 'Pulse'],
    ['/pulse-assistant', 'Pulse Assistant'],
    ['/order/abc', 'Order'],
  ];

  test('bar pages show both bars, the assistant and the title of their path', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/');
    const shell = getShell(page);
    for (const [path, topTitle, pageName] of BAR_PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`${pageName} - Pulse Market`);
      await expect(shell.topBar, `top bar on ${path}`).toBeVisible();
      await expect(shell.topBarTitle, `top bar title on ${path}`).toHaveText(topTitle);
      await expect(shell.bottomBar, `bottom bar on ${path}`).toBeVisible();
      await expect(shell.assistantWidget, `assistant on ${path}`).toBeVisible();
    }
  });

  test('guarded pages off the bar list have no bars and no assistant', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/');
    const shell = getShell(page);
    for (const [path, pageName] of PAGES_WITHOUT_BARS) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`${pageName} - Pulse Market`);
      await expect(page.getByRole('heading', { level: 1, name: pageName })).toBeVisible();
      await expect(shell.topBar, `top bar on ${path}`).toHaveCount(0);
      await expect(shell.bottomBar, `bottom bar on ${path}`).toHaveCount(0);
      await expect(shell.assistantWidget, `assistant on ${path}`).toHaveCount(0);
    }
  });
});
