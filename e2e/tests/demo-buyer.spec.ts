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
