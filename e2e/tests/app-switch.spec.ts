import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { signInThroughApi } from '../support/sign-in';
import { getShell } from '../support/shell';

async function readBackground(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

async function readTheme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.dataset.appTheme ?? null);
}

test.describe('app switch', () => {
  test('a round button at the bottom right opens "Switch App" with the current app highlighted', async ({ page }) => {
    await page.goto('/');
    const { appSwitch } = getShell(page);
    await expect(appSwitch).toBeVisible();
    await expect(appSwitch).toHaveAttribute('data-app', 'marketplace');

    const viewport = page.viewportSize();
    const box = await appSwitch.boundingBox();
    if (!viewport || !box) throw new Error('The app switch has no box');
    expect(box.width).toBe(box.height);
    const radius = await appSwitch.evaluate((element) => parseFloat(getComputedStyle(element).borderTopLeftRadius));
    expect(radius).toBeGreaterThanOrEqual(box.width / 2 - 0.5);
    // Bottom right: in the right-hand and lower quarter of the screen.
    expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.75);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

    await appSwitch.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Switch App', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['Marketplace', 'Pulse Hub']);
    await expect(menu.getByRole('menuitem', { name: 'Marketplace' })).toHaveAttribute('data-active', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Pulse Hub' })).not.toHaveAttribute('data-active', 'true');
  });

  test('Pulse Hub opens /hub/feed after the 400 ms pause and turns gold; Marketplace goes back', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/');
    const { appSwitch, topBarTitle } = getShell(page);
    await expect(topBarTitle).toHaveText('Products');
    expect(await readTheme(page)).toBe('green');
    const greenBackground = await readBackground(appSwitch);

    await appSwitch.click();
    const hubItem = page.getByRole('menuitem', { name: 'Pulse Hub' });
    await expect(hubItem).toBeVisible();
    // Timed inside the page, so the test runner's own latency does not blur the 400 ms.
    await page.evaluate(() => {
      const timing = { chosenAt: 0, pathAt100: '', navigatedAt: 0 };
      Object.assign(window, { appSwitchTiming: timing });
      document.addEventListener(
        'click',
        () => {
          timing.chosenAt = performance.now();
          setTimeout(() => {
            timing.pathAt100 = location.pathname;
          }, 100);
        },
        { capture: true, once: true },
      );
      const check = () => {
        if (location.pathname === '/hub/feed') timing.navigatedAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await hubItem.click();
    await expect(page).toHaveURL(/\/hub\/feed$/, { timeout: 1500 });
    const timing = await page.evaluate(
      () => (window as unknown as { appSwitchTiming: { chosenAt: number; pathAt100: string; navigatedAt: number } }).appSwitchTiming,
    );
    expect(timing.pathAt100, 'still on the marketplace 100 ms after choosing').toBe('/');
    const delay = timing.navigatedAt - timing.chosenAt;
    expect(delay, 'navigation delay (ms)').toBeGreaterThanOrEqual(395);
    expect(delay, 'navigation delay (ms)').toBeLessThan(1000);

    await expect(page.getByRole('heading', { level: 1, name: 'Pulse Hub' })).toBeVisible();
    await expect(appSwitch).toHaveAttribute('data-app', 'hub');
    await expect.poll(() => readTheme(page)).toBe('gold');
    await expect.poll(() => readBackground(appSwitch)).not.toBe(greenBackground);

    await appSwitch.click();
    await expect(page.getByRole('menuitem', { name: 'Pulse Hub' })).toHaveAttribute('data-active', 'true');
    await page.getByRole('menuitem', { name: 'Marketplace' }).click();
    await expect(page).toHaveURL(/\/product-listing$/, { timeout: 1500 });
    await expect(appSwitch).toHaveAttribute('data-app', 'marketplace');
    await expect.poll(() => readTheme(page)).toBe('green');
    await expect.poll(() => readBackground(appSwitch)).toBe(greenBackground);
  });

  test('Pulse Hub is the current app on any /hub path', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/hub/notifications');
    const { appSwitch } = getShell(page);
    await expect(appSwitch).toHaveAttribute('data-app', 'hub');
    expect(await readTheme(page)).toBe('gold');
    await appSwitch.click();
    await expect(page.getByRole('menuitem', { name: 'Pulse Hub' })).toHaveAttribute('data-active', 'true');
  });
});
