/**
 * Issue 23's walks (decision 046): a visitor on a French browser reads French from the first page
 * to a paid order, a notification arrives in French, and English from the menu takes over at once
 * and after a reload; the same buying path in Twi, chosen in the side menu. Texts are looked up in
 * the app's own catalogs by their English source (support/catalog-text.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { catalogText } from '../support/catalog-text';
import { BASKET_PRODUCTS, BASKET_SHOPS, BASKET_USERS } from '../support/fixtures-basket';
import { FIXTURE_PASSWORD } from '../support/fixtures';
import { ApiActor } from '../support/orders-api';
import { openLivePage } from '../support/live-page';
import { getShell } from '../support/shell';

type Text = ReturnType<typeof catalogText>;
const { yams } = BASKET_PRODUCTS;

/** The bottom bar's item names, found by its test id (its accessible name is translated too). */
async function bottomBarItems(page: Page): Promise<string[]> {
  const links = page.getByTestId('bottom-bar').getByRole('link');
  await links.first().waitFor({ state: 'visible' });
  return links.evaluateAll((elements) => elements.map((element) => element.querySelector('[class*="label"]')?.textContent ?? element.textContent ?? ''));
}

/** The side menu's language choice (a native select), opened from the top bar in the page's language. */
async function chooseLanguage(page: Page, openMenuName: string, locale: string): Promise<void> {
  await page.getByTestId('top-bar').getByRole('button', { name: openMenuName }).click();
  const picker = getShell(page).sideMenu.getByTestId('language-picker');
  await picker.selectOption(locale);
  await page.keyboard.press('Escape');
}

/** E2E_SCREENSHOTS=1 keeps a picture of each step of the walks (e2e/.artifacts/languages/), to look at. */
async function picture(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `.artifacts/languages/${name}.png` });
}

function money(locale: string, minor: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(minor / 100);
}

/** From the product page as a visitor to a paid pickup order, every step read in `text`'s language. */
async function buyYamsSigningInOnTheWay(page: Page, text: Text, buyer: { email: string }, formatLocale: string): Promise<string> {
  const lang = formatLocale.slice(0, 2);
  const card = page.getByTestId('product-card').filter({ hasText: yams.title });
  await expect(card).toContainText(text('{price} / kg', { price: money(formatLocale, yams.priceMinor) }));
  await picture(page, `${lang}-1-listing`);
  await card.click();
  await expect(page.getByRole('button', { name: text('Add to basket'), exact: true })).toBeVisible();
  await picture(page, `${lang}-2-product`);
  await page.getByRole('button', { name: text('Add to basket'), exact: true }).click();

  // Signing in, asked for by the basket, in the same language.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(text('Sign in to add {product} to your basket', { product: yams.title }))).toBeVisible();
  await page.getByLabel(text('E-mail')).fill(buyer.email);
  await page.getByLabel(text('Password'), { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: text('Sign in'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // Back on the product page (it has no top bar), the yams now in the basket; the basket from the listing's top bar.
  await expect(page.getByRole('heading', { level: 1, name: yams.title })).toBeVisible();
  const api = await ApiActor.signIn(buyer);
  await expect.poll(async () => (await api.call<{ count: number }>('GET', '/api/baskets/count')).body.count, { message: 'the yams added after signing in' }).toBe(1);
  await page.goto('/');
  // Named "Basket" and the count its badge shows.
  await getShell(page).topBar.getByRole('link', { name: new RegExp(`^${text('Basket')}`) }).click();
  await expect(page.getByText(yams.title)).toBeVisible();
  await picture(page, `${lang}-3-basket`);
  await page.getByRole('button', { name: text('Checkout'), exact: true }).click();
  const farm = page.getByRole('region', { name: text('{shop} checkout', { shop: BASKET_SHOPS.farmA.name }) });
  await farm.getByRole('radio', { name: text('Pickup at the farm'), exact: true }).click();
  await farm.getByRole('radiogroup', { name: text('Pickup time') }).getByRole('radio').first().click();
  await picture(page, `${lang}-4-checkout`);
  await page.getByRole('button', { name: text('Pay {total}', { total: money(formatLocale, yams.priceMinor) }) }).click();
  await expect(page).toHaveURL(/\/(order|buyer-dashboard)/);
  const orders = await (await ApiActor.signIn(buyer)).call<{ items: Array<{ id: string }> }>('GET', '/api/orders?role=buyer&limit=1');
  return orders.body.items[0]!.id;
}

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('a French browser reads French from / to a paid order, a notification toast comes in French, and English from the menu takes over at once and after a reload', async ({ page }) => {
    test.slow();
    const fr = catalogText('fr');
    await (await ApiActor.signIn(BASKET_USERS.frenchBuyer)).topUp(5_000);

    await openLivePage(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const shell = getShell(page);
    await expect(shell.topBarTitle).toHaveText(fr('Products'));
    expect(await bottomBarItems(page)).toEqual([fr('Marketplace'), fr('Pulse Hub')]);
    await page.getByTestId('top-bar').getByRole('button', { name: fr('Open menu') }).click();
    await expect(shell.sideMenu.getByRole('button', { name: fr('Login'), exact: true })).toBeVisible();
    await expect(shell.sideMenu.getByTestId('language-picker')).toHaveValue('fr');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: new RegExp(`^${fr('Filters')}`) })).toBeVisible();

    const orderId = await buyYamsSigningInOnTheWay(page, fr, BASKET_USERS.frenchBuyer, 'fr-FR');

    // The farm accepts: the buyer's toast is written by the server in the buyer's language.
    const farm = await ApiActor.signIn(BASKET_USERS.farmA);
    await farm.orderAction(orderId, 'accept');
    const toast = page.getByTestId('notification-toast');
    await expect(toast).toBeVisible({ timeout: 10_000 });
    await expect(toast).toContainText(fr('{shopName} accepted your order', { shopName: BASKET_SHOPS.farmA.name }));

    // English from the side menu: the same page, not reloaded, now in English; kept after a reload.
    await page.goto('/');
    await expect(getShell(page).topBarTitle).toHaveText(fr('Products'));
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    await chooseLanguage(page, fr('Open menu'), 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await bottomBarItems(page)).toContain('Orders');
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await bottomBarItems(page)).toContain('Orders');
  });
});

test('the buying path in Twi, chosen in the side menu', async ({ page }) => {
  test.slow();
  const ak = catalogText('ak');
  await (await ApiActor.signIn(BASKET_USERS.twiBuyer)).topUp(5_000);

  await openLivePage(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const shell = getShell(page);
  await chooseLanguage(page, 'Open menu', 'ak');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
  await expect(shell.topBarTitle).toHaveText(ak('Products'));
  expect(await bottomBarItems(page)).toEqual([ak('Marketplace'), ak('Pulse Hub')]);

  const orderId = await buyYamsSigningInOnTheWay(page, ak, BASKET_USERS.twiBuyer, 'ak');
  await page.goto(`/order/${orderId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ak('Wallet'));
});
