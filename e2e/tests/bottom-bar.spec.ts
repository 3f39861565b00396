import { expect, test } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { signInThroughApi } from '../support/sign-in';
import { chooseMenuItem, getShell, readBottomBarItems } from '../support/shell';

test.describe('bottom bar of a signed-in user', () => {
  test('buyer mode: Orders, Products, Messages, Notifications, each highlighted on its own page', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/');
    const { bottomBar } = getShell(page);
    await expect(bottomBar.getByRole('link', { name: 'Orders' })).toBeVisible();
    expect(await readBottomBarItems(page)).toEqual(['Orders', 'Products', 'Messages', 'Notifications']);

    const ITEMS: Array<[string, RegExp]> = [
      ['Orders', /\/buyer-dashboard$/],
      ['Products', /\/product-listing$/],
      ['Messages', /\/messages$/],
      ['Notifications', /\/notifications$/],
    ];
    for (const [name, url] of ITEMS) {
      await bottomBar.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(bottomBar.getByRole('link', { name }), `${name} is the current item`).toHaveAttribute('aria-current', 'page');
      await expect(bottomBar.locator('[aria-current="page"]'), `only ${name} is current`).toHaveCount(1);
    }
  });

  test('unread badges read "99+" for 150 notifications and "7" for messages', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.busyBuyer, '/');
    const shell = getShell(page);
    // On the first page and on a later one (Mantine's full stylesheet, loaded with it, restyles badges).
    for (const path of ['/', '/buyer-dashboard']) {
      await page.goto(path);
      await expect(shell.notificationsBadge).toHaveText('99+');
      await expect(shell.messagesBadge).toHaveText('7');
      // The counts sit at the icons' corners: at most a quarter of an icon lies under its badge.
      for (const [name, badge] of [
        ['Notifications', shell.notificationsBadge],
        ['Messages', shell.messagesBadge],
      ] as const) {
        const icon = await shell.bottomBar.getByRole('link', { name }).locator('svg').boundingBox();
        const badgeBox = await badge.boundingBox();
        if (!icon || !badgeBox) throw new Error(`the ${name} icon or its badge has no box on ${path}`);
        const overlapWidth = Math.max(0, Math.min(icon.x + icon.width, badgeBox.x + badgeBox.width) - Math.max(icon.x, badgeBox.x));
        const overlapHeight = Math.max(0, Math.min(icon.y + icon.height, badgeBox.y + badgeBox.height) - Math.max(icon.y, badgeBox.y));
        expect((overlapWidth * overlapHeight) / (icon.width * icon.height), `the share of the ${name} icon under its badge on ${path}`).toBeLessThanOrEqual(0.25);
        // And the count itself is whole: nothing of its text cut off.
        const whole = await badge.evaluate((element) => [element, ...element.querySelectorAll('*')].every((part) => part.scrollWidth <= part.clientWidth));
        expect(whole, `the ${name} count shown whole on ${path}`).toBe(true);
      }
    }
  });

  test('a user with nothing unread sees no badges', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/home');
    const countsAnswered = Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/messages/unread/count')),
      page.waitForResponse((response) => response.url().endsWith('/api/notifications/unread-count')),
    ]);
    await page.goto('/');
    const shell = getShell(page);
    await countsAnswered;
    await expect(shell.bottomBar.getByRole('link', { name: 'Messages' })).toBeVisible();
    await expect(shell.messagesBadge).toHaveCount(0);
    await expect(shell.notificationsBadge).toHaveCount(0);
  });

  test('seller mode: Dashboard, Messages, Notifications, Wallet', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.approvedSeller, '/');
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    const { bottomBar } = getShell(page);
    await expect(bottomBar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(await readBottomBarItems(page)).toEqual(['Dashboard', 'Messages', 'Notifications', 'Wallet']);
    await bottomBar.getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  });
});
