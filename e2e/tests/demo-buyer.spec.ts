import { expect, test } from '@playwright/test';
import { DEMO_USERS, signInAsDemo } from '../support/fixtures-demo';

/**
 * The demo buyer after `npm start` (issue 16): orders in several states on the orders dashboard.
 * Demo server (project "demo"); reads only.
 */

test('the demo buyer has active, completed and refunded orders on the orders dashboard', async ({ page }) => {
  // Three tabs, each a page load.
  test.setTimeout(60_000);
  await signInAsDemo(page, DEMO_USERS.buyer);
  const statusesOf = async (tab: 'completed' | 'cancelled' | null): Promise<string[]> => {
    await page.goto(tab ? `/buyer-dashboard?tab=${tab}` : '/buyer-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const cards = page.getByTestId('order-card');
    await expect(cards.first(), `an order under the ${tab ?? 'active'} tab`).toBeVisible();
    // The badge's text, not its upper-case rendering.
    return cards.getByTestId('order-status').allTextContents();
  };

  const active = await statusesOf(null);
  expect(active.length).toBeGreaterThan(0);
  expect(active).not.toContain('Completed');
  expect(await statusesOf('completed')).toContain('Completed');
  expect(await statusesOf('cancelled')).toContain('Refunded');
});

test("the demo buyer's wallet lists each order payment once, newest first: held until delivery or paid to the farm, never a second minus line", async ({ page }) => {
  await signInAsDemo(page, DEMO_USERS.buyer);
  await page.goto('/wallet');
  const history = page.getByRole('list', { name: 'Wallet history' });
  const entries = history.getByTestId('wallet-entry');
  await expect(entries.first()).toBeVisible({ timeout: 15_000 });
  await expect(entries.filter({ hasText: /held until delivery/i }).first()).toBeVisible();
  // The farm being paid is the payment's state, not a "Payment released" line of its own (issue 22).
  await expect(entries.filter({ hasText: 'Payment released' })).toHaveCount(0);
  const times = await history.locator('time').evaluateAll((elements) => elements.map((element) => Date.parse(element.getAttribute('datetime') ?? '')));
  expect(times.length).toBeGreaterThan(5);
  expect(times).toEqual([...times].sort((a, b) => b - a));
  for (;;) {
    if ((await entries.filter({ hasText: 'Paid to the farm' }).count()) > 0) break;
    const more = page.getByRole('button', { name: 'Load more' });
    await expect(more, 'a completed order within the history').toBeVisible();
    const before = await entries.count();
    await more.click();
    await expect.poll(() => entries.count()).toBeGreaterThan(before);
  }
});

test("the demo buyer's weekly basket from Green Valley Farm shows its next pickup and three weeks of history, the latest ordered without a sold-out item", async ({ page }) => {
  await signInAsDemo(page, DEMO_USERS.buyer);
  await page.goto('/standing-orders');
  const card = page.getByTestId('standing-order-card').filter({ hasText: 'Green Valley Farm' });
  await expect(card).toHaveCount(1);
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekly basket from Green Valley Farm');
  await expect(page.getByTestId('following-cycle-date')).toBeVisible();
  const history = page.getByTestId('standing-cycle');
  await expect(history).toHaveCount(3);
  // Newest first: the latest week went without one line, the two before were ordered whole; each has its order.
  await expect(history.first().getByText('Ordered without some items')).toBeVisible();
  await expect(history.first()).toContainText('sold out');
  await expect(history.nth(1).getByText('Ordered', { exact: true })).toBeVisible();
  await expect(history.getByRole('link', { name: 'See the order' })).toHaveCount(3);
});
