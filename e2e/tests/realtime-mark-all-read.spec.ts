import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { FIXTURE_COUNTS, FIXTURE_USERS } from '../support/fixtures';
import { callApiInPage } from '../support/api-in-page';
import { openLive, waitForRealtimeAnnounce } from '../support/realtime';
import { getShell } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';

const LIVE_MS = 5_000;

async function readUnreadCount(page: Page, path: string): Promise<number> {
  const response = await callApiInPage<{ unreadCount: number }>(page, 'GET', path);
  expect(response.status, `GET ${path}`).toBe(200);
  return response.body.unreadCount;
}

/** Opens `path` in a new tab of `context` and waits until its socket receives the user's events. */
async function openTab(context: BrowserContext, path: string): Promise<Page> {
  const tab = await context.newPage();
  const announced = waitForRealtimeAnnounce(tab);
  await tab.goto(path);
  await announced;
  return tab;
}

/** How many times the tab loads a document from now on. */
function countNavigations(tab: Page): () => number {
  let count = 0;
  tab.on('framenavigated', (frame) => {
    if (frame === tab.mainFrame()) count += 1;
  });
  return () => count;
}

test.describe('mark all as read (two tabs of one person)', () => {
  // The Pulse Hub has no API that creates its notifications yet, so its count starts from seeded
  // unread rows; clearing it is the real allNotificationsRead event.
  test('"Mark all as read" zeroes the marketplace and Pulse Hub counts in this tab and in the other tabs, without reload', async ({ page, context }) => {
    const marketplaceUnread = FIXTURE_COUNTS.readAllMarketplaceUnread;
    const hubUnread = FIXTURE_COUNTS.readAllPulseHubUnread;

    await openLive(page, FIXTURE_USERS.readAllBuyer, '/notifications');
    const shell = getShell(page);
    await expect(shell.notificationsBadge).toHaveText(String(marketplaceUnread));
    await expect(page.getByTestId('notifications-unread-summary')).toHaveText(`${marketplaceUnread} unread`);
    const items = page.locator('li[data-testid=notification-item]');
    await expect(items).toHaveCount(marketplaceUnread);
    await expect(items.filter({ hasText: 'Unread' })).toHaveCount(marketplaceUnread);

    // Two more tabs of the same browser (they share the session cookie): one on a page with the
    // bottom bar (the general count), one on the Pulse Hub list (the Hub count has no badge of its
    // own in the shell; its list shows "N unread" and the Unread marks).
    const secondTab = await openTab(context, '/product-listing');
    const secondShell = getShell(secondTab);
    await expect(secondShell.notificationsBadge).toHaveText(String(marketplaceUnread));
    const hubTab = await openTab(context, '/hub/notifications');
    await expect(hubTab.getByTestId('notifications-unread-summary')).toHaveText(`${hubUnread} unread`);
    await expect(hubTab.locator('li[data-testid=notification-item]').filter({ hasText: 'Unread' })).toHaveCount(hubUnread);
    expect(await readUnreadCount(hubTab, '/api/notifications/pulse-hub/unread-count')).toBe(hubUnread);

    const navigations = countNavigations(secondTab);
    const hubNavigations = countNavigations(hubTab);

    await page.bringToFront();
    await page.getByRole('button', { name: 'Mark all as read' }).click();

    // This tab: badge gone, list all read.
    await expect(shell.notificationsBadge).toHaveCount(0);
    await expect(page.getByTestId('notifications-unread-summary')).toHaveText('You are all caught up.');
    await expect(items.filter({ hasText: 'Unread' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    // The other tabs follow the event without a reload: both counts at 0.
    await expect(secondShell.notificationsBadge).toHaveCount(0, { timeout: LIVE_MS });
    await expect(hubTab.getByTestId('notifications-unread-summary')).toHaveText('You are all caught up.', { timeout: LIVE_MS });
    await expect(hubTab.locator('li[data-testid=notification-item]').filter({ hasText: 'Unread' })).toHaveCount(0);
    await expect(hubTab.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(navigations(), 'the second tab was not reloaded').toBe(0);
    expect(hubNavigations(), 'the Hub tab was not reloaded').toBe(0);

    // What the server counts agrees, for both sources.
    expect(await readUnreadCount(page, '/api/notifications/unread-count')).toBe(0);
    expect(await readUnreadCount(page, '/api/notifications/pulse-hub/unread-count')).toBe(0);

    // This tab's Pulse Hub list reads the same once opened.
    await page.goto('/hub/notifications');
    await expect(page.getByTestId('notifications-unread-summary')).toHaveText('You are all caught up.');
    await expect(page.locator('li[data-testid=notification-item]')).toHaveCount(hubUnread);
  });

  test('the list pages by 10 with "Load more" (read only: the busy buyer keeps its 150 unread)', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.busyBuyer, '/notifications');
    const items = page.locator('li[data-testid=notification-item]');
    await expect(page.getByTestId('notifications-unread-summary')).toHaveText(`${FIXTURE_COUNTS.busyMarketplaceUnread} unread`);
    await expect(items).toHaveCount(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(items).toHaveCount(20);
    await expect(items.filter({ hasText: 'Unread' })).toHaveCount(20);
  });
});
