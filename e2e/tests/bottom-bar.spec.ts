import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { signInThroughApi } from '../support/sign-in';
import { chooseMenuItem, getShell, readBottomBarItems } from '../support/shell';

type Box = { x: number; y: number; width: number; height: number };

function boxesMeet(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The bar's items as drawn: each link, its label's text box, its count; and the floating buttons in the band. */
async function readBar(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | Range | null | undefined) => {
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    const bar = document.querySelector('nav[aria-label="Bottom navigation"]');
    const items = Array.from(bar?.querySelectorAll('a') ?? []).map((link) => {
      // The item's label: its one text span outside the icon (the count lives inside the aria-hidden icon).
      const label = Array.from(link.querySelectorAll('span')).find((span) => span.children.length === 0 && !span.closest('[aria-hidden]') && (span.textContent ?? '') !== '');
      // The text itself, not its box: what a person sees of the label.
      const range = document.createRange();
      if (label) range.selectNodeContents(label);
      return {
        name: label?.textContent ?? '',
        link: box(link)!,
        text: label ? box(range) : null,
        whole: label ? label.scrollWidth <= label.clientWidth : false,
        badge: box(link.querySelector('[data-testid$="-badge"]')),
      };
    });
    const buttons = Array.from(document.querySelectorAll('[data-testid="floating-buttons"] button')).map((button) => ({ name: button.getAttribute('aria-label') ?? '', box: box(button)! }));
    return { items, buttons };
  });
}

test.describe('bottom bar of a signed-in user', () => {
  test("a buyer's four labels never touch each other or the round buttons, on 360 and 390 px phones", async ({ page }) => {
    // The longest bar (Orders, Products, Messages, Notifications) with both counts shown ("7", "99+").
    await signInThroughApi(page, FIXTURE_USERS.busyBuyer, '/');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/product-listing');
      const shell = getShell(page);
      await expect(shell.notificationsBadge).toHaveText('99+');
      await expect(shell.assistantWidget).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const { items, buttons } = await readBar(page);
      expect(items.map((item) => item.name)).toEqual(['Orders', 'Products', 'Messages', 'Notifications']);
      expect(buttons, `both round buttons at ${width} px`).toHaveLength(2);
      items.forEach((item, index) => {
        const text = item.text;
        if (!text) throw new Error(`${item.name} has no label at ${width} px`);
        expect(item.whole, `"${item.name}" whole at ${width} px`).toBe(true);
        // Within its own link: what a tap on the label reaches is that item.
        expect(text.x, `"${item.name}" starts within its item at ${width} px`).toBeGreaterThanOrEqual(item.link.x);
        expect(text.x + text.width, `"${item.name}" ends within its item at ${width} px`).toBeLessThanOrEqual(item.link.x + item.link.width + 0.5);
        const next = items[index + 1];
        if (next?.text) {
          // Room a reader sees between two words: at least 6 px.
          expect(next.text.x - (text.x + text.width), `space between "${item.name}" and "${next.name}" at ${width} px`).toBeGreaterThanOrEqual(6);
          expect(boxesMeet(item.link, next.link), `the ${item.name} and ${next.name} items overlap at ${width} px`).toBe(false);
        }
        for (const button of buttons) {
          expect(boxesMeet(item.link, button.box), `${button.name} over the ${item.name} item at ${width} px`).toBe(false);
          if (item.badge) expect(boxesMeet(item.badge, button.box), `${button.name} over the ${item.name} count at ${width} px`).toBe(false);
        }
        for (const other of items) {
          if (other !== item && item.badge && other.text) expect(boxesMeet(item.badge, other.text), `the ${item.name} count over "${other.name}" at ${width} px`).toBe(false);
        }
      });
    }
  });

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
