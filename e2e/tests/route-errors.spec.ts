import { expect, test } from '@playwright/test';
import { openInApp } from '../support/live-page';
import { getShell } from '../support/shell';

/**
 * A page that breaks while it renders (here: the listing handed a product without its fields)
 * must leave the user a way out, not a blank screen: "Unexpected Application Error!" (spec §8) in
 * place of the page, the bars still there, and the next page or "Back to home" working again.
 */
test('a page that breaks while rendering shows "Unexpected Application Error!" inside the shell; the next page and Back to home work', async ({ page }) => {
  let broken = true;
  await page.route('**/api/products?*', async (route) => {
    if (broken) await route.fulfill({ json: { items: [{ id: 'broken-product' }], nextCursor: null } });
    else await route.continue();
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // The listing's products come from the browser's request (the server would render its own answer).
  await openInApp(page, '/');
  const errorHeading = page.getByRole('heading', { name: 'Unexpected Application Error!' });
  await expect(errorHeading).toBeVisible();
  const shell = getShell(page);
  await expect(shell.topBarTitle).toHaveText('Products');
  await expect(shell.bottomBar).toBeVisible();
  expect(errors.some((text) => text.includes('Unexpected application error'))).toBe(true);

  // Another page renders again (Pulse Hub sends a visitor to the login page).
  await shell.bottomBar.getByRole('link', { name: 'Pulse Hub' }).click();
  await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  await expect(errorHeading).toHaveCount(0);

  // Back to the broken listing, then "Back to home" loads the app afresh, with the real list.
  await page.goBack();
  await expect(errorHeading).toBeVisible();
  broken = false;
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(errorHeading).toHaveCount(0);
});
