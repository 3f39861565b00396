import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApiInPage, createSolidPng } from '../support/api-in-page';
import { productCards, waitForResults } from '../support/catalogue';
import { OTHER_SELLER_PRODUCT, SELLER_CATALOGUE_PRODUCTS, SELLER_CATALOGUE_USERS } from '../support/fixtures-seller-catalogue';
import { chooseMenuItem } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

/** The fixture seller, signed in and in seller mode (as after "Switch to Seller"), on `path`. */
async function openAsSeller(page: Page, path: string) {
  await signInThroughApi(page, SELLER_CATALOGUE_USERS.seller, '/home');
  await page.evaluate(() => sessionStorage.setItem('userMode', 'seller'));
  await page.goto(path);
}

/** Searches the public listing as a visitor in a fresh context; returns the page to keep asserting on. */
async function searchAsVisitor(browser: Browser, text: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/product-listing?q=${encodeURIComponent(text)}`);
  await waitForResults(page);
  return { page, close: () => context.close() };
}

/** Opens a product's edit page from Catalogue Search, as a seller would. */
async function openOwnProduct(page: Page, title: string) {
  await page.goto('/seller/catalogue-search');
  await page.getByRole('searchbox', { name: 'Search my products' }).fill(title);
  const row = page.getByTestId('seller-product-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/seller\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('seller catalogue', () => {
  test('an empty product form shows the schema messages under its fields and sends nothing', async ({ page }) => {
    await openAsSeller(page, '/add-product');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
    await expect(page).toHaveTitle('Add Product - Pulse Market');
    // Origin prefilled from the shop profile.
    const form = page.getByRole('form', { name: 'Add product' });
    await expect(form.getByLabel('Farm name')).toHaveValue('Sunrise Terraces');
    await expect(form.getByLabel('Region')).toHaveValue('Volta');
    await expect(form.getByLabel('Latitude')).toHaveValue('6.6');

    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/products')) posts += 1;
    });
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(form.getByText('The title needs at least 3 characters')).toBeVisible();
    await expect(form.getByText('Choose a category from the list')).toBeVisible();
    await expect(form.getByText('Choose a unit from the list')).toBeVisible();
    await expect(form.getByText('Enter a price')).toBeVisible();
    await expect(form.getByText('Enter the stock')).toBeVisible();
    await expect(form.getByText('Add at least one photo')).toBeVisible();
    await form.getByLabel('Title').fill('Sunrise');
    await expect(form.getByText('The title needs at least 3 characters')).toHaveCount(0);
    expect(posts).toBe(0);
  });

  test('a product added with a photo (double click: one product) is found by a visitor', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const title = 'Sunrise Purple Yams';
    await openAsSeller(page, '/add-product');
    const form = page.getByRole('form', { name: 'Add product' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Floury purple yams, dug this week.');
    await form.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Vegetables' }).click();
    await form.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'kg', exact: true }).click();
    await form.getByLabel('Price per kg').fill('6.25');
    await form.getByLabel('Stock').fill('40');
    await form.getByRole('switch', { name: /Organic/ }).check();

    const upload = page.waitForResponse((response) => response.url().endsWith('/api/uploads/images') && response.request().method() === 'POST');
    await form.getByTestId('photo-input').setInputFiles({ name: 'yams.png', mimeType: 'image/png', buffer: createSolidPng(64, [120, 60, 140]) });
    expect((await upload).status()).toBe(201);
    await expect(form.getByTestId('photo-tile').getByText('Cover', { exact: true })).toBeVisible();
    // The live preview reads the form.
    const preview = page.getByTestId('product-preview').first();
    await expect(preview).toContainText(title);
    await expect(preview).toContainText('$6.25 / kg');

    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/products')) posts += 1;
    });
    await form.getByRole('button', { name: 'Add product' }).dblclick();
    await expect(page).toHaveURL(/\/seller\/products\/[0-9a-f-]{36}$/);
    await expect(getToast(page, 'Product added')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} - Pulse Market`);
    expect(posts).toBe(1);
    const mine = await callApiInPage<{ items: Array<{ title: string }> }>(page, 'GET', `/api/seller/products?q=${encodeURIComponent(title)}`);
    expect(mine.body.items.filter((item) => item.title === title)).toHaveLength(1);

    const visitor = await searchAsVisitor(browser, 'purple yams');
    const card = productCards(visitor.page).filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('$6.25 / kg');
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
    await visitor.close();
  });

  test('a new price shows on the buyer details page', async ({ page, browser }) => {
    const { title } = SELLER_CATALOGUE_PRODUCTS.toReprice;
    await openAsSeller(page, '/seller/catalogue-search');
    await openOwnProduct(page, title);
    await expect(page).toHaveTitle(`${title} - Pulse Market`);
    const form = page.getByRole('form', { name: 'Edit product' });
    // A money field shows the currency's digits, as the price reads everywhere else (issue 22).
    const price = form.getByLabel('Price per litre');
    await expect(price).toHaveValue('12.00');
    await price.fill('9.5');
    await price.press('Tab');
    await expect(price).toHaveValue('9.50');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && /\/api\/products\//.test(request.url()));
    await price.fill('9.75');
    await form.getByRole('button', { name: 'Save changes' }).click();
    // Only the changed field is sent.
    expect((await patch).postDataJSON()).toEqual({ priceMinor: 975 });
    await expect(getToast(page, 'Changes saved')).toBeVisible();
    const productPath = new URL(page.url()).pathname.replace('/seller/products/', '/product-details/');

    const context = await browser.newContext();
    const buyer = await context.newPage();
    await buyer.goto(productPath);
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(buyer.getByTestId('product-price')).toHaveText('$9.75 / litre');
    await context.close();
  });

  test('a paused product leaves the public listing and comes back when resumed', async ({ page, browser }) => {
    const { title } = SELLER_CATALOGUE_PRODUCTS.toPause;
    await openAsSeller(page, '/seller/catalogue-search');
    await openOwnProduct(page, title);
    await expect(page.getByTestId('product-status')).toHaveText('Active');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByTestId('product-status')).toHaveText('Paused');
    await expect(getToast(page, 'Product paused')).toBeVisible();

    const visitor = await searchAsVisitor(browser, title);
    await expect(productCards(visitor.page).filter({ hasText: title })).toHaveCount(0);

    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByTestId('product-status')).toHaveText('Active');
    await visitor.page.reload();
    await waitForResults(visitor.page);
    await expect(productCards(visitor.page).filter({ hasText: title })).toHaveCount(1);
    await visitor.close();
  });

  test('archiving asks first, then the product is listed under Archived', async ({ page }) => {
    const { title } = SELLER_CATALOGUE_PRODUCTS.toArchive;
    await openAsSeller(page, '/seller/catalogue-search');
    await openOwnProduct(page, title);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive this product?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByTestId('product-status')).toHaveText('Active');

    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await dialog.getByRole('button', { name: 'Archive product' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('product-status')).toHaveText('Archived');
    await expect(getToast(page, 'Product archived')).toBeVisible();

    await page.goto('/seller/catalogue-search');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Archived' }).click();
    const rows = page.getByTestId('seller-product-row');
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
    await expect(rows.filter({ hasText: SELLER_CATALOGUE_PRODUCTS.archived.title })).toHaveCount(1);
    await expect(rows.filter({ hasText: SELLER_CATALOGUE_PRODUCTS.draft.title })).toHaveCount(0);
  });

  test('Catalogue Search lists every status; a bulk edit changes the price and stock of two products', async ({ page }) => {
    await openAsSeller(page, '/seller/catalogue-search');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue Search' })).toBeVisible();
    const rows = page.getByTestId('seller-product-row');
    for (const product of [SELLER_CATALOGUE_PRODUCTS.draft, SELLER_CATALOGUE_PRODUCTS.paused]) {
      await expect(rows.filter({ hasText: product.title })).toContainText(product.status === 'draft' ? 'Draft' : 'Paused');
    }

    const { bulkFirst, bulkSecond } = SELLER_CATALOGUE_PRODUCTS;
    await page.getByRole('searchbox', { name: 'Search my products' }).fill('Sunrise Bulk');
    await expect(rows.first()).toContainText('Sunrise Bulk');
    await page.getByRole('checkbox', { name: `Select ${bulkFirst.title}` }).check();
    await page.getByRole('checkbox', { name: `Select ${bulkSecond.title}` }).check();
    await expect(page.getByRole('region', { name: 'Selection' })).toContainText('2 selected');
    await page.getByRole('button', { name: 'Edit price and stock' }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit price and stock' });
    const first = dialog.getByRole('listitem', { name: bulkFirst.title });
    const second = dialog.getByRole('listitem', { name: bulkSecond.title });
    await expect(first).toContainText('stock 100 kg, 0 held by orders');
    // A negative stock is refused on its own line and nothing is sent.
    await first.getByLabel('New stock').fill('-3');
    await dialog.getByRole('button', { name: 'Save 2 products' }).click();
    await expect(first.getByText('Stock cannot be negative')).toBeVisible();

    // Prices read with the currency's digits once the field is left, and as applied to every line.
    await first.getByLabel('New price').fill('1.8');
    await first.getByLabel('New stock').fill('90');
    await expect(first.getByLabel('New price')).toHaveValue('1.80');
    await dialog.getByLabel('Set all prices to').fill('3.4');
    await second.getByLabel('New stock').fill('75');
    await expect(dialog.getByLabel('Set all prices to')).toHaveValue('3.40');
    await dialog.getByRole('button', { name: 'Apply' }).first().click();
    await expect(first.getByLabel('New price')).toHaveValue('3.40');
    await first.getByLabel('New price').fill('1.80');
    await dialog.getByRole('button', { name: 'Save 2 products' }).click();
    await expect(dialog).toBeHidden();
    await expect(getToast(page, 'Prices and stock updated')).toBeVisible();

    await expect(rows.filter({ hasText: bulkFirst.title }).getByTestId('seller-product-price')).toHaveText('$1.80 / kg');
    await expect(rows.filter({ hasText: bulkFirst.title }).getByTestId('seller-product-stock')).toHaveText('90 kg available');
    await expect(rows.filter({ hasText: bulkSecond.title }).getByTestId('seller-product-price')).toHaveText('$3.40 / kg');
    await expect(rows.filter({ hasText: bulkSecond.title }).getByTestId('seller-product-stock')).toHaveText('75 kg available');
  });

  test('a bulk edit the server refuses names the line and changes nothing', async ({ page }) => {
    const { archived, paused } = SELLER_CATALOGUE_PRODUCTS;
    await openAsSeller(page, '/seller/catalogue-search');
    await page.getByRole('checkbox', { name: `Select ${archived.title}` }).check();
    await page.getByRole('checkbox', { name: `Select ${paused.title}` }).check();
    await page.getByRole('button', { name: 'Edit price and stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit price and stock' });
    await dialog.getByLabel('Set all prices to').fill('9');
    await dialog.getByRole('button', { name: 'Apply' }).first().click();
    await dialog.getByRole('button', { name: 'Save 2 products' }).click();
    await expect(dialog.getByRole('listitem', { name: archived.title }).getByRole('alert')).toHaveText(`"${archived.title}" is archived: restore it before changing its price or stock.`);
    await expect(dialog.getByText('Nothing was saved: fix the lines marked in red.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const row = page.getByTestId('seller-product-row').filter({ hasText: paused.title });
    await expect(row.getByTestId('seller-product-price')).toHaveText('$4.00 / piece');
  });

  test('the shop name and story edited on Seller Profile show on the public shop', async ({ page }) => {
    await signInThroughApi(page, SELLER_CATALOGUE_USERS.seller, '/');
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await chooseMenuItem(page, 'Profile');
    await expect(page).toHaveURL(/\/seller-profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Profile' })).toBeVisible();
    await expect(page.getByTestId('shop-name')).toHaveText('Sunrise Terraces');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Shop name').fill('S');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByText('The shop name needs at least 2 characters')).toBeVisible();
    await form.getByLabel('Shop name').fill('Sunrise Ridge Farm');
    await form.getByLabel('Story').fill('Three generations of yam growers on the Volta terraces.');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(getToast(page, 'Profile saved')).toBeVisible();
    await expect(page.getByTestId('shop-name')).toHaveText('Sunrise Ridge Farm');

    await page.getByRole('link', { name: 'View public shop' }).click();
    await expect(page).toHaveURL(/\/product-listing\?seller=[0-9a-f-]{36}$/);
    const header = page.getByRole('region', { name: 'Shop' });
    await expect(header.getByRole('heading', { level: 1, name: 'Sunrise Ridge Farm' })).toBeVisible();
    await expect(header.getByTestId('shop-story')).toHaveText('Three generations of yam growers on the Volta terraces.');
    await expect(header).toContainText('Member since');
  });

  test("another seller's product and an unknown id both say Product not found", async ({ page }) => {
    await openAsSeller(page, '/home');
    const other = await callApiInPage<{ items: Array<{ id: string; title: string }> }>(page, 'GET', `/api/products?q=${encodeURIComponent(OTHER_SELLER_PRODUCT)}`);
    const otherId = other.body.items.find((item) => item.title === OTHER_SELLER_PRODUCT)?.id;
    expect(otherId).toBeTruthy();
    await page.goto(`/seller/products/${otherId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await page.goto('/seller/products/0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  });

  test('a buyer without the seller role is told the pages are for approved sellers', async ({ page }) => {
    await signInThroughApi(page, SELLER_CATALOGUE_USERS.buyer, '/seller/catalogue-search');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue Search' })).toBeVisible();
    await expect(page.getByText('This page is for approved sellers.', { exact: false })).toBeVisible();
    await page.goto('/add-product');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
    await expect(page.getByText('This page is for approved sellers.', { exact: false })).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
  });
});
