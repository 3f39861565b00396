import { expect, test } from '@playwright/test';
import { CATALOGUE_REVIEWS, CATALOGUE_SHOPS, CATALOGUE_USERS, COASTAL_PRODUCTS, GREEN_VALLEY_PRODUCTS, REVIEWED_PRODUCT } from '../support/fixtures-catalogue';
import { findShopId, parseUnitPrice, productCards, readCardTitles, waitForResults } from '../support/catalogue';
import { getShell } from '../support/shell';
import { fillSignInForm, signInThroughApi } from '../support/sign-in';
import { FIXTURE_PASSWORD } from '../support/fixtures';
import { getToast } from '../support/toasts';

const sorted = (values: readonly string[]) => [...values].sort((a, b) => a.localeCompare(b));

test.describe('catalogue listing', () => {
  test('a typo still finds the produce: "tomatos" finds Heirloom Tomatoes', async ({ page }) => {
    await page.goto('/product-listing');
    await page.getByRole('searchbox', { name: 'Search produce' }).fill('tomatos');
    // No Enter: the search runs after a pause in typing.
    await expect(page).toHaveURL(/[?&]q=tomatos(&|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “tomatos”' })).toBeVisible();
    await expect(productCards(page).filter({ hasText: 'Heirloom Tomatoes' })).toBeVisible();
  });

  test('a category and "Organic only" narrow the results', async ({ page, request }) => {
    const shopId = await findShopId(request, 'Sweet Pineapples');
    await page.goto(`/product-listing?seller=${shopId}`);
    await expect(page.getByRole('heading', { level: 1, name: CATALOGUE_SHOPS.greenValley.name })).toBeVisible();
    await waitForResults(page);
    await expect(productCards(page)).toHaveCount(24);

    await page.getByRole('group', { name: 'Categories' }).getByText('Fruits', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]category=fruits(&|$)/);
    const fruits = GREEN_VALLEY_PRODUCTS.filter((product) => product.category === 'fruits');
    await expect.poll(async () => sorted(await readCardTitles(page))).toEqual(sorted(fruits.map((product) => product.title)));

    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('checkbox', { name: 'Organic only' }).click();
    await expect(page).toHaveURL(/[?&]organic=true(&|$)/);
    await expect(drawer.getByRole('checkbox', { name: 'Organic only' })).toBeChecked();
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await expect(drawer).toBeHidden();
    const organicFruits = fruits.filter((product) => product.organic).map((product) => product.title);
    expect(organicFruits.length).toBeLessThan(fruits.length);
    await expect.poll(async () => sorted(await readCardTitles(page))).toEqual(sorted(organicFruits));
    await expect(page.getByRole('button', { name: 'Filters, 2 on' })).toBeVisible();
    // The sold-out berries stay listed, marked as such.
    await expect(productCards(page).filter({ hasText: 'Wild Strawberries' })).toContainText('Sold out');
  });

  test('sorting by price low to high orders the cards by price', async ({ page, request }) => {
    const shopId = await findShopId(request, 'Smoked Mackerel');
    await page.goto(`/product-listing?seller=${shopId}`);
    await waitForResults(page);
    await expect(productCards(page)).toHaveCount(COASTAL_PRODUCTS.length);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);
    const expected = [...COASTAL_PRODUCTS].sort((a, b) => a.priceMinor - b.priceMinor).map((product) => product.priceMinor / 100);
    await expect
      .poll(async () => (await productCards(page).getByTestId('product-card-price').allInnerTexts()).map(parseUnitPrice))
      .toEqual(expected);
  });

  test('the address holds the search and Back returns to the previous results', async ({ page }) => {
    await page.goto('/product-listing');
    const search = page.getByRole('searchbox', { name: 'Search produce' });
    await search.fill('pineapples');
    await search.press('Enter');
    await expect(page).toHaveURL(/[?&]q=pineapples(&|$)/);
    await expect(productCards(page).filter({ hasText: 'Sweet Pineapples' })).toBeVisible();

    await search.fill('mackerel');
    await search.press('Enter');
    await expect(page).toHaveURL(/[?&]q=mackerel(&|$)/);
    await expect(productCards(page).filter({ hasText: 'Smoked Mackerel' })).toBeVisible();
    await expect(productCards(page).filter({ hasText: 'Sweet Pineapples' })).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/[?&]q=pineapples(&|$)/);
    await expect(search).toHaveValue('pineapples');
    await expect(productCards(page).filter({ hasText: 'Sweet Pineapples' })).toBeVisible();
    await expect(productCards(page).filter({ hasText: 'Smoked Mackerel' })).toHaveCount(0);

    // The address alone is enough: a shared link opens the same search.
    await page.goto('/product-listing?q=mackerel&sort=price_desc');
    await expect(search).toHaveValue('mackerel');
    await expect(page.getByLabel('Sort by')).toHaveValue('price_desc');
  });

  test('scrolling to the end loads the next page', async ({ page, request }) => {
    const shopId = await findShopId(request, 'Sweet Pineapples');
    await page.goto(`/product-listing?seller=${shopId}`);
    await waitForResults(page);
    await expect(productCards(page)).toHaveCount(24);
    const nextPage = page.waitForResponse((response) => response.url().includes('/api/products?') && response.url().includes('cursor='));
    await productCards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await nextPage;
    await expect(productCards(page)).toHaveCount(GREEN_VALLEY_PRODUCTS.length);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    expect(new Set(await readCardTitles(page)).size).toBe(GREEN_VALLEY_PRODUCTS.length);
  });

  test('a search with no results says what to do, and Clear filters brings results back', async ({ page }) => {
    await page.goto('/product-listing?q=tomatoes&category=nature-crafts');
    await expect(page.getByText('No produce matches “tomatoes”.')).toBeVisible();
    await expect(page.getByText('Check the spelling, remove a filter or browse all produce.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/product-listing\?q=tomatoes$/);
    await expect(productCards(page).filter({ hasText: 'Heirloom Tomatoes' })).toBeVisible();
  });
});

test.describe('product details', () => {
  // Sign-in, listing and details in one test: more than 30 s when the 2-core machine is busy.
  test.describe.configure({ timeout: 60_000 });

  test('shows price, stock, seller and reviews; adding to the basket raises the badge by 1', async ({ page }) => {
    await signInThroughApi(page, CATALOGUE_USERS.buyer, `/product-listing?q=${encodeURIComponent(REVIEWED_PRODUCT)}`);
    const shell = getShell(page);
    await expect(shell.topBarTitle).toHaveText('Products');
    await expect(shell.basketBadge).toHaveCount(0);

    await productCards(page).filter({ hasText: REVIEWED_PRODUCT }).first().click();
    await expect(page).toHaveURL(/\/product-details\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: REVIEWED_PRODUCT })).toBeVisible();
    await expect(page).toHaveTitle(`${REVIEWED_PRODUCT} - Pulse Market`);
    await expect(page.getByTestId('product-price')).toHaveText('$4.50 / kg');
    await expect(page.getByTestId('product-stock')).toHaveText('38 kg left');
    await expect(page.getByText('Minimum order 2 kg')).toBeVisible();
    await expect(page.getByTestId('seller-name')).toHaveText(CATALOGUE_SHOPS.greenValley.name);
    const reviews = page.getByTestId('review');
    await expect(reviews).toHaveCount(CATALOGUE_REVIEWS.length);
    for (const review of CATALOGUE_REVIEWS) await expect(reviews.filter({ hasText: review.body })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('img', { name: /Rated 4\.5 out of 5 from 2 ratings/ })).toBeVisible();

    // The minimum order is the least one can pick.
    const quantity = page.getByRole('textbox', { name: 'Quantity (kg)' });
    await expect(quantity).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'Less' })).toBeDisabled();
    await page.getByRole('button', { name: 'More' }).click();
    await expect(quantity).toHaveValue('3');

    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(getToast(page, 'Added to basket')).toBeVisible();
    await expect(getToast(page, 'Added to basket')).toContainText(`3 kg of ${REVIEWED_PRODUCT}`);

    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/product-listing\?q=/);
    await expect(shell.basketBadge).toHaveText('1');
  });

  test('a double click adds to the basket once', async ({ page }) => {
    await signInThroughApi(page, CATALOGUE_USERS.doubleClickBuyer, '/product-listing?q=rainbow%20chard');
    await productCards(page).filter({ hasText: 'Rainbow Chard' }).first().click();
    await page.getByRole('button', { name: 'Add to basket' }).dblclick();
    await expect(getToast(page, 'Added to basket')).toHaveCount(1);
    const basket = await page.evaluate(async () => {
      const response = await fetch('/api/baskets', { headers: { Authorization: `Bearer ${sessionStorage.getItem('jwt_token') ?? ''}` } });
      return (await response.json()) as { groups: Array<{ items: Array<{ title: string; quantity: number }> }> };
    });
    expect(basket.groups.flatMap((group) => group.items).map((item) => [item.title, item.quantity])).toEqual([['Rainbow Chard', 1]]);
  });

  test('a visitor is told why sign-in is asked, comes back to the product and finds it in the basket with the quantity chosen', async ({ page }) => {
    const basketLines = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/baskets', { headers: { Authorization: `Bearer ${sessionStorage.getItem('jwt_token') ?? ''}` } });
        const basket = (await response.json()) as { groups: Array<{ items: Array<{ title: string; quantity: number }> }> };
        return basket.groups.flatMap((group) => group.items).map((item) => [item.title, item.quantity]);
      });
    await page.goto('/product-listing?q=sweet%20basil');
    await productCards(page).filter({ hasText: 'Sweet Basil' }).first().click();
    const productUrl = page.url();
    await page.getByRole('button', { name: 'More' }).click();
    await expect(page.getByLabel(/^Quantity/)).toHaveValue('2');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to add Sweet Basil to your basket' })).toBeVisible();
    // The spec's key still carries the way back.
    expect(await page.evaluate(() => sessionStorage.getItem('auth_redirect_destination'))).toBe(new URL(productUrl).pathname);
    await fillSignInForm(page, CATALOGUE_USERS.visitorBuyer.email, FIXTURE_PASSWORD);
    await expect(page).toHaveURL(productUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Sweet Basil' })).toBeVisible();
    await expect(getToast(page, 'Added to basket')).toContainText('2 bunches of Sweet Basil');
    expect(await basketLines()).toEqual([['Sweet Basil', 2]]);
    // Used once: both keys are gone, so a reload adds nothing more.
    expect(await page.evaluate(() => [sessionStorage.getItem('auth_redirect_destination'), sessionStorage.getItem('pending_basket_add')])).toEqual([null, null]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
    expect(await basketLines()).toEqual([['Sweet Basil', 2]]);
  });

  test('the seller card leads to the shop', async ({ page }) => {
    await page.goto('/product-listing?q=smoked%20mackerel');
    await productCards(page).filter({ hasText: 'Smoked Mackerel' }).first().click();
    await page.getByRole('link', { name: 'Visit shop' }).click();
    await expect(page).toHaveURL(/\/product-listing\?seller=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: CATALOGUE_SHOPS.coastal.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Message seller' })).toBeVisible();
    await expect(productCards(page)).toHaveCount(COASTAL_PRODUCTS.length);
  });

  test('a product that does not exist says it is no longer available', async ({ page }) => {
    await page.goto('/product-details/0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c9d');
    await expect(page.getByRole('heading', { level: 1, name: 'This product is no longer available' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse produce' }).click();
    await expect(page).toHaveURL(/\/product-listing$/);
  });
});

test.describe('nearest first', () => {
  test('refused location: says so and keeps the previous sort', async ({ page }) => {
    await page.goto('/product-listing?q=mackerel&sort=price_asc');
    await expect(productCards(page).first()).toBeVisible();
    await page.getByLabel('Sort by').selectOption({ label: 'Nearest' });
    await expect(page.getByText(/We could not get your location, so the results stay sorted by price: low to high\./)).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);
  });

  test('shared location: the nearest farm comes first, with its distance', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    // Standing in Cape Coast: the coastal co-op is next door, Green Valley (Kumasi) some 180 km away.
    await context.setGeolocation({ latitude: 5.1053, longitude: -1.2466 });
    await page.goto('/product-listing?q=coconut');
    await expect(productCards(page).first()).toBeVisible();
    await page.getByLabel('Sort by').selectOption({ label: 'Nearest' });
    await expect(page).toHaveURL(/[?&]sort=distance(&|$)/);
    await expect(productCards(page).first()).toContainText('Coastal Harvest Co-op');
    await expect(productCards(page).first()).toContainText('0 km away');
  });
});
