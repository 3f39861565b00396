import { expect, test } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/fixtures-demo';
import { openSideMenu } from '../support/shell';

/**
 * "Try the demo" on the login page (issue 16 item 9), shown because the demo server seeded the demo.
 * (The suite's fixture server runs with SEED_DEMO=false, where the login page offers none.)
 */

test('"Try the demo" on the login page fills the form with a demo account, which then signs in', async ({ page }) => {
  await openLivePage(page, '/login');
  const tryTheDemo = page.getByRole('region', { name: 'Try the demo' });
  await expect(tryTheDemo.getByRole('button')).toHaveText([/^Demo buyer/, /^Demo seller/, /^Demo Pulse Agent/]);

  await tryTheDemo.getByRole('button', { name: /^Demo seller/ }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO_USERS.seller.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|#|$)/);
  // Signed in as the farm: its menu offers seller mode.
  const menu = await openSideMenu(page);
  await expect(menu.getByRole('button', { name: 'Switch to Seller', exact: true })).toBeVisible();
});
