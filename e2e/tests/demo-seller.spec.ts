import { expect, test } from '@playwright/test';
import { DEMO_USERS, signInAsDemo } from '../support/fixtures-demo';
import { chooseMenuItem, getShell } from '../support/shell';

/**
 * The demo seller after `npm start` (issue 16): the seed's weeks of orders show as sales, a chart
 * with bars, money in escrow and a payout. Demo server (project "demo"); reads only.
 */

/** A money figure with a non-zero digit: "$0.00" (an empty history) has none. */
const NOT_ZERO = /[1-9]/;

test('the demo seller sees sales on the dashboard, bars in the 30-day chart, money in escrow and a payout in the wallet', async ({ page }) => {
  // Two pages and a mode switch.
  test.setTimeout(60_000);
  await signInAsDemo(page, DEMO_USERS.seller);
  await chooseMenuItem(page, 'Switch to Seller');
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();

  // "This month" holds today too: sales this month are never $0.00 with a few weeks of history.
  await expect(page.getByTestId('sales-month')).toHaveText(NOT_ZERO);
  const chart = page.getByRole('region', { name: 'Sales, last 30 days' });
  await expect(chart.getByText(/from orders paid in the last 30 days/)).toHaveText(NOT_ZERO);
  // One bar per day with sales (a day without sales draws none): history over weeks, not one day.
  await expect.poll(() => chart.locator('[data-value]:not([data-value="0"])').count(), { message: 'days with a sales bar' }).toBeGreaterThanOrEqual(5);

  await getShell(page).bottomBar.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('seller-pending')).toHaveText(NOT_ZERO);
  await expect(page.getByTestId('seller-paid-out')).toHaveText(NOT_ZERO);
  const sent = page.getByTestId('payout-row').filter({ hasText: 'Sent' });
  await expect(sent.first()).toBeVisible();
  await expect(sent.first()).toContainText(NOT_ZERO);

  // The history in the order of the days it tells of: the referral orders' releases were listed
  // last with the seed's own time (issue 22).
  const history = page.getByRole('list', { name: 'Wallet history' });
  await expect(history.getByTestId('wallet-entry').filter({ hasText: 'Payment released' }).first()).toBeVisible();
  const times = await history.locator('time').evaluateAll((elements) => elements.map((element) => Date.parse(element.getAttribute('datetime') ?? '')));
  expect(times.length).toBeGreaterThan(5);
  expect(times).toEqual([...times].sort((a, b) => b - a));
});
