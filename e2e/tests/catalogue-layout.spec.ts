import { expect, test, type Page } from '@playwright/test';
import { CATALOGUE_USERS, REVIEWED_PRODUCT } from '../support/fixtures-catalogue';
import { findShopId, productCards, waitForResults } from '../support/catalogue';
import { signInThroughApi } from '../support/sign-in';

// Runs on the phone and the desktop (playwright.config.ts LAYOUT_SPECS). With CATALOGUE_SHOTS_DIR
// set, it also keeps a screenshot of each screen for a person to look at.
const SHOTS_DIR = process.env.CATALOGUE_SHOTS_DIR;

async function shoot(page: Page, name: string, projectName: string) {
  if (!SHOTS_DIR) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${projectName}.png`, fullPage: false });
}

async function expectNoHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${what} (px)`).toBeLessThanOrEqual(0);
}

test.describe('catalogue layout', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the listing fits the screen: filters in a drawer on the phone, beside the results on the desktop', async ({ page, isMobile }, testInfo) => {
    await page.goto('/product-listing');
    await waitForResults(page);
    await expect(productCards(page).first()).toBeVisible();
    await expectNoHorizontalScroll(page, 'the listing');
    await shoot(page, 'listing', testInfo.project.name);

    const sidePanel = page.getByRole('complementary', { name: 'Filters' });
    if (isMobile) {
      await expect(sidePanel).toBeHidden();
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      await shoot(page, 'listing-filters-open', testInfo.project.name);
    } else {
      await expect(sidePanel).toBeVisible();
      await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
      await expect(sidePanel.getByRole('checkbox', { name: 'Organic only' })).toBeVisible();
    }
  });

  test('an empty search and a shop fit the screen', async ({ page, request }, testInfo) => {
    await page.goto('/product-listing?q=zzqxv');
    await expect(page.getByText('No produce matches “zzqxv”.')).toBeVisible();
    await expectNoHorizontalScroll(page, 'the empty search');
    await shoot(page, 'listing-empty', testInfo.project.name);

    await page.goto(`/product-listing?seller=${await findShopId(request, REVIEWED_PRODUCT)}`);
    await waitForResults(page);
    await expect(page.getByRole('region', { name: 'Shop' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'the shop');
    await shoot(page, 'shop', testInfo.project.name);
  });

  test('product details fit the screen', async ({ page }, testInfo) => {
    await signInThroughApi(page, CATALOGUE_USERS.buyer, `/product-listing?q=${encodeURIComponent(REVIEWED_PRODUCT)}`);
    await productCards(page).filter({ hasText: REVIEWED_PRODUCT }).first().click();
    await expect(page.getByTestId('review').first()).toBeVisible();
    await expectNoHorizontalScroll(page, 'product details');
    await shoot(page, 'details', testInfo.project.name);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shoot(page, 'details-bottom', testInfo.project.name);
  });
});
