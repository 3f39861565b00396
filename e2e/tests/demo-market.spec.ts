import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/fixtures-demo';
import { chooseMenuItem, getShell } from '../support/shell';
import { signInThroughForm } from '../support/sign-in';

/**
 * The demo marketplace a newcomer finds after `npm start` (issue 16): the demo seed's history shows
 * on the pages, as the demo seller, the demo buyer and a visitor see them. Runs against the demo
 * server (project "demo", support/start-demo-server.ts); nothing here changes its data.
 */

/** A money figure with a non-zero digit: "$0.00" (an empty history) has none. */
const NOT_ZERO = /[1-9]/;

async function signInAsDemo(page: Page, user: { email: string }) {
  await signInThroughForm(page, user, { password: DEMO_PASSWORD });
}

/** The cards of the listing in the order a person reads them, each with whether it is sold out. */
async function readCards(cards: Locator): Promise<Array<{ title: string; soldOut: boolean }>> {
  return cards.evaluateAll((elements) =>
    elements.map((element) => ({
      title: element.querySelector('[data-testid="product-card-title"]')?.textContent ?? '',
      soldOut: /\bSold out\b/.test(element.textContent ?? ''),
    })),
  );
}

test('the demo seller sees sales on the dashboard, bars in the 30-day chart, money in escrow and a payout in the wallet', async ({ page }) => {
  await signInAsDemo(page, DEMO_USERS.seller);
  await chooseMenuItem(page, 'Switch to Seller');
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();

  // "This month" holds today too: sales this month are never $0.00 with a few weeks of history.
  await expect(page.getByTestId('sales-month')).toHaveText(NOT_ZERO);
  const chart = page.getByRole('region', { name: 'Sales, last 30 days' });
  await expect(chart.getByText(/from orders paid in the last 30 days/)).toHaveText(NOT_ZERO);
  // One bar per day with sales (a day without draws none): history over weeks, not one day.
  await expect.poll(() => chart.locator('path.recharts-rectangle').count(), { message: 'days with a sales bar' }).toBeGreaterThanOrEqual(5);

  await getShell(page).bottomBar.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('seller-pending')).toHaveText(NOT_ZERO);
  await expect(page.getByTestId('seller-paid-out')).toHaveText(NOT_ZERO);
  const sent = page.getByTestId('payout-row').filter({ hasText: 'Sent' });
  await expect(sent.first()).toBeVisible();
  await expect(sent.first()).toContainText(NOT_ZERO);
});

test('the demo buyer has active, completed and refunded orders on the orders dashboard', async ({ page }) => {
  await signInAsDemo(page, DEMO_USERS.buyer);
  const statusesOf = async (tab: string | null): Promise<string[]> => {
    await page.goto(tab ? `/buyer-dashboard?tab=${tab}` : '/buyer-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const cards = page.getByTestId('order-card');
    await expect(cards.first(), `an order under the ${tab ?? 'active'} tab`).toBeVisible();
    return cards.getByTestId('order-status').allInnerTexts();
  };

  const active = await statusesOf(null);
  expect(active.length).toBeGreaterThan(0);
  expect(active).not.toContain('Completed');
  expect(await statusesOf('completed')).toContain('Completed');
  expect(await statusesOf('cancelled')).toContain('Refunded');
});

test('the default listing shows sold-out products after the available ones, and cards carry ratings', async ({ page }) => {
  await page.goto('/product-listing');
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const firstPage = await readCards(cards);
  expect(firstPage[0]?.soldOut, `the first card (${firstPage[0]?.title}) is for sale`).toBe(false);

  // Ratings from the seeded reviews: not every card says "No ratings yet".
  const rated = await cards.getByRole('img', { name: /^Rated [\d.]+ out of 5 from \d+ ratings?$/ }).count();
  expect(rated, `cards with a rating among the first ${firstPage.length}`).toBeGreaterThanOrEqual(Math.ceil(firstPage.length / 4));

  // A category small enough to fit one page, with the demo's sold-out goat milk in it: every
  // available card comes before the first sold-out one.
  await page.goto('/product-listing?category=dairy_and_eggs');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: 'Sold out' }).first()).toBeVisible();
  const dairy = await readCards(cards);
  const firstSoldOut = dairy.findIndex((card) => card.soldOut);
  const availableAfter = dairy.slice(firstSoldOut).filter((card) => !card.soldOut).map((card) => card.title);
  expect(firstSoldOut, 'sold-out cards come last').toBeGreaterThan(0);
  expect(availableAfter, 'available products listed after a sold-out one').toEqual([]);
});
