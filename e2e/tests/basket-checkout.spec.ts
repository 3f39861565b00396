import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { addToBasketThroughApi, findBasketProductId, readBuyerOrders, readWalletThroughApi, topUpThroughApi, usd } from '../support/basket-api';
import { APP_URL, FIXTURE_PASSWORD } from '../support/fixtures';
import { BASKET_PRODUCTS, BASKET_SHOPS, BASKET_USERS } from '../support/fixtures-basket';
import { getShell } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

const { yams, cabbage, watercress, shortHoney } = BASKET_PRODUCTS;
/** DELIVERY_FEE_BANDS default: up to 5 km from the farm costs the first band. */
const FIRST_BAND_FEE_MINOR = 300;

function farmCheckout(page: Page, shopName: string) {
  return page.getByRole('region', { name: `${shopName} checkout` });
}

/** Pickup or delivery for one farm, then its first open time. */
async function chooseFulfilment(page: Page, shopName: string, method: 'Pickup at the farm' | 'Delivery') {
  const card = farmCheckout(page, shopName);
  await card.getByRole('radio', { name: method, exact: true }).click();
  const label = method === 'Delivery' ? 'Delivery time' : 'Pickup time';
  const firstSlot = card.getByRole('radiogroup', { name: label }).getByRole('radio').first();
  await firstSlot.click();
  await expect(firstSlot).toHaveAttribute('aria-checked', 'true');
}

test.describe('checkout', () => {
  test('delivery to a new address the server cannot place (a pin is asked for, then the first band) and pickup, topping up inline: one order per farm, badge 0, wallet down by the total', async ({ page }) => {
    // A long walk (several dialogs and saves, a map): three times the 30 s budget on a loaded 2-core CI machine.
    test.slow();
    await signInThroughApi(page, BASKET_USERS.checkoutBuyer, '/home');
    await addToBasketThroughApi(page, 'yams', 2);
    await addToBasketThroughApi(page, 'watercress', 3);
    await page.goto('/basket');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/basket\?step=checkout$/);

    await chooseFulfilment(page, BASKET_SHOPS.farmA.name, 'Delivery');
    await chooseFulfilment(page, BASKET_SHOPS.farmB.name, 'Pickup at the farm');

    // No saved address yet: the profile's form is right here.
    const addressSection = page.getByRole('region', { name: 'Delivery address' });
    await addressSection.getByRole('button', { name: 'Save address' }).click();
    await expect(addressSection.getByText('Enter the street and number')).toBeVisible();
    await addressSection.getByLabel('Recipient').fill('Abena Owusu');
    await addressSection.getByLabel('Phone').fill('+233 20 555 0199');
    await addressSection.getByLabel('Street and number').fill('7 Oxford Street');
    // A town no farm or address of the market names: the server cannot place it.
    await addressSection.getByLabel('Town or city').fill('Abokobi Hills');
    await addressSection.getByRole('button', { name: 'Save address' }).click();
    await expect(addressSection.getByRole('radio', { name: /Abena Owusu, 7 Oxford Street/ })).toHaveAttribute('aria-checked', 'true');

    // Not charged the top band: the checkout asks for a pin and Pay waits.
    const subtotal = 2 * yams.priceMinor + 3 * watercress.priceMinor;
    const pinRequest = page.getByRole('region', { name: 'Place a pin for this address' });
    await expect(pinRequest).toContainText('We could not find 7 Oxford Street, Abokobi Hills on the map');
    await expect(farmCheckout(page, BASKET_SHOPS.farmA.name).getByTestId('delivery-refusal')).toContainText('This address is not on the map yet');
    await expect(page.getByTestId('checkout-blockers')).toHaveText('Place a pin for the delivery address.');
    await expect(page.getByTestId('checkout-total')).toHaveText(usd(subtotal));
    await expect(page.getByRole('button', { name: /^Pay [^ ]+$/ })).toBeDisabled();

    // The map opens at the delivering farm (no tiles needed): a pin at its centre is in the first band.
    await pinRequest.getByRole('region', { name: 'Map: tap where the delivery should go' }).click();
    await expect(pinRequest.getByTestId('pin-request-status')).toHaveText(/^Pin at 5\.60\d\d, -0\.18\d\d\.$/);
    await pinRequest.getByRole('button', { name: 'Save this pin' }).click();
    await expect(pinRequest).toBeHidden();
    await expect(farmCheckout(page, BASKET_SHOPS.farmA.name).getByText(`Delivery fee ${usd(FIRST_BAND_FEE_MINOR)}`)).toBeVisible();

    const total = subtotal + FIRST_BAND_FEE_MINOR;
    await expect(page.getByTestId('checkout-total')).toHaveText(usd(total));
    await expect(page.getByTestId('checkout-wallet-balance')).toHaveText(usd(0));
    const pay = page.getByRole('button', { name: `Pay ${usd(total)}`, exact: true });
    await expect(pay).toBeDisabled();

    await page.getByRole('button', { name: `Top up ${usd(total)}` }).click();
    const topUp = page.getByRole('form', { name: 'Top up' });
    await expect(topUp.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await topUp.getByRole('button', { name: `Top up ${usd(total)}` }).click();
    await expect(getToast(page, 'Wallet topped up')).toBeVisible();
    await expect(page.getByTestId('checkout-wallet-balance')).toHaveText(usd(total));

    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByRole('heading', { name: 'Thank you! 2 orders placed' })).toBeVisible();
    await expect(page.getByRole('link', { name: BASKET_SHOPS.farmA.name, exact: true })).toHaveAttribute('href', /^\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: BASKET_SHOPS.farmB.name, exact: true })).toBeVisible();

    const orders = await readBuyerOrders(page);
    expect(orders).toHaveLength(2);
    expect(orders.map((order) => order.status)).toEqual(['paid', 'paid']);
    expect(orders.reduce((sum, order) => sum + order.totalMinor, 0)).toBe(total);
    expect(await readWalletThroughApi(page)).toEqual(expect.objectContaining({ availableMinor: 0, escrowMinor: total }));

    await page.goto('/');
    await expect(getShell(page).topBar).toBeVisible();
    await expect(getShell(page).basketBadge).toHaveCount(0);
  });

  test('a double click on Pay places the order once', async ({ page }) => {
    await signInThroughApi(page, BASKET_USERS.doublePayBuyer, '/home');
    await topUpThroughApi(page, 5000);
    await addToBasketThroughApi(page, 'cabbage', 2);
    let checkoutCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/checkout') checkoutCalls += 1;
    });
    await page.goto('/basket?step=checkout');
    await chooseFulfilment(page, BASKET_SHOPS.farmA.name, 'Pickup at the farm');
    const total = 2 * cabbage.priceMinor;
    await page.getByRole('button', { name: `Pay ${usd(total)}`, exact: true }).dblclick();

    // One farm, one order: straight to its page.
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const orders = await readBuyerOrders(page);
    expect(orders).toHaveLength(1);
    expect(checkoutCalls).toBe(1);
    expect((await readWalletThroughApi(page)).availableMinor).toBe(5000 - total);
  });

  test('a pickup order says where to collect it (address, directions, phone, time) at checkout, in the confirmation and on its page, and offers no delivery tracking', async ({ page }) => {
    const farm = BASKET_SHOPS.farmB;
    const directions = `https://www.google.com/maps/dir/?api=1&destination=${farm.lat.toFixed(6)}%2C${farm.lng.toFixed(6)}`;
    const phoneHref = `tel:${farm.phone.replace(/\s/g, '')}`;
    /** The pickup point as every screen shows it. */
    const expectPickupPoint = async (scope: Locator) => {
      const point = scope.getByTestId('pickup-point');
      await expect(point).toContainText(farm.name);
      await expect(point).toContainText(farm.region);
      await expect(point.getByRole('link', { name: `Directions to ${farm.name}` })).toHaveAttribute('href', directions);
      const call = point.getByRole('link', { name: `Call ${farm.name} on ${farm.phone}` });
      await expect(call).toHaveAttribute('href', phoneHref);
      await expect(call).toHaveText(farm.phone);
    };

    await signInThroughApi(page, BASKET_USERS.pickupBuyer, '/home');
    await topUpThroughApi(page, 5000);
    await addToBasketThroughApi(page, 'watercress', 2);
    await addToBasketThroughApi(page, 'yams', 1);
    await page.goto('/basket?step=checkout');
    await chooseFulfilment(page, farm.name, 'Pickup at the farm');
    const card = farmCheckout(page, farm.name);
    await expectPickupPoint(card);
    const slotWindow = (await card.getByRole('radiogroup', { name: 'Pickup time' }).getByRole('radio', { checked: true }).getAttribute('aria-label')) ?? '';
    expect(slotWindow).not.toBe('');
    await chooseFulfilment(page, BASKET_SHOPS.farmA.name, 'Pickup at the farm');
    const total = 2 * watercress.priceMinor + yams.priceMinor;
    await page.getByRole('button', { name: `Pay ${usd(total)}`, exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Thank you! 2 orders placed' })).toBeVisible();
    const confirmation = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: farm.name, exact: true }) });
    await expectPickupPoint(confirmation);
    await expect(confirmation).toContainText(slotWindow);

    await page.getByRole('link', { name: farm.name, exact: true }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const pickup = page.getByRole('region', { name: 'Pickup' });
    await expectPickupPoint(pickup);
    await expect(pickup).toContainText(slotWindow);
    await expect(page.getByRole('link', { name: 'Track delivery' })).toHaveCount(0);
  });

  test('when the answer to Pay is lost, paying again returns the same order instead of paying twice', async ({ page }) => {
    await signInThroughApi(page, BASKET_USERS.lostAnswerBuyer, '/home');
    await topUpThroughApi(page, 5000);
    await addToBasketThroughApi(page, 'watercress', 1);
    const keys: string[] = [];
    let dropped = false;
    await page.route('**/api/checkout', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (dropped) return route.continue();
      dropped = true;
      // The server places the order, but its answer never reaches the browser.
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.goto('/basket?step=checkout');
    await chooseFulfilment(page, BASKET_SHOPS.farmB.name, 'Pickup at the farm');
    const pay = page.getByRole('button', { name: `Pay ${usd(watercress.priceMinor)}`, exact: true });
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Press Pay again' })).toBeVisible();

    await pay.click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await readBuyerOrders(page)).toHaveLength(1);
    expect((await readWalletThroughApi(page)).availableMinor).toBe(5000 - watercress.priceMinor);
  });

  test('stock that runs short before Pay is reported in place, and the basket offers the fix', async ({ page }) => {
    await signInThroughApi(page, BASKET_USERS.stockBuyer, '/home');
    await topUpThroughApi(page, 10_000);
    await addToBasketThroughApi(page, 'shortHoney', 3);
    const productId = await findBasketProductId(page, 'shortHoney');
    await page.goto('/basket?step=checkout');
    await chooseFulfilment(page, BASKET_SHOPS.farmA.name, 'Pickup at the farm');

    // Meanwhile the farm sells most of it elsewhere and lowers its stock.
    const farm = await playwrightRequest.newContext({ baseURL: APP_URL });
    const login = await farm.post('/api/auth/login', { data: { email: BASKET_USERS.farmA.email, password: FIXTURE_PASSWORD } });
    const { token } = (await login.json()) as { token: string };
    const patched = await farm.patch(`/api/products/${productId}`, { data: { stockQuantity: 2 }, headers: { Authorization: `Bearer ${token}` } });
    expect(patched.status()).toBe(200);
    await farm.dispose();

    await page.getByRole('button', { name: `Pay ${usd(3 * shortHoney.priceMinor)}`, exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Your orders were not placed' });
    await expect(refusal).toContainText(`Only 2 left of ${shortHoney.title}`);
    await expect(refusal).toContainText('Go back to the basket');
    expect(await readBuyerOrders(page)).toHaveLength(0);
    expect((await readWalletThroughApi(page)).availableMinor).toBe(10_000);

    await refusal.getByRole('button', { name: 'Back to basket' }).click();
    const line = page.getByRole('listitem', { name: shortHoney.title });
    await line.getByRole('button', { name: 'Change to 2 litres' }).click();
    await expect(line.getByRole('textbox', { name: `Quantity of ${shortHoney.title}`, exact: true })).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeEnabled();
  });
});
