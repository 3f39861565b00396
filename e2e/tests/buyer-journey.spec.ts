import { expect, test, type Page } from '@playwright/test';
import { ORDERS_PRODUCTS, ORDERS_SHOPS, ORDERS_USERS } from '../support/fixtures-orders';
import { ApiActor, openSignedIn } from '../support/orders-api';
import { getShell } from '../support/shell';
import { getToast } from '../support/toasts';

/**
 * The "Done when", on a phone: find produce despite a typo, fill the basket from two farms,
 * top up, check out with delivery, then follow one order live while the farm works on it, and
 * get a refund.
 */
const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
/** Both farms are within 5 km of the buyer's saved address: the first delivery band. */
const FIRST_BAND_FEE_MINOR = 300;

async function searchAndAdd(page: Page, query: string, title: string) {
  const search = page.getByRole('searchbox', { name: 'Search produce' });
  await search.fill(query);
  // The results of this search, not the listing that showed before it.
  await expect(page.getByRole('heading', { level: 1, name: `Results for “${query}”` })).toBeVisible();
  const card = page.getByRole('list', { name: 'Products' }).getByTestId('product-card').filter({ hasText: title });
  await expect(card.first()).toBeVisible();
  await card.first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(getToast(page, 'Added to basket')).toBeVisible();
  await page.goto('/');
}

/** Picks the farm's first delivery window and returns it as checkout writes it. */
async function chooseDelivery(page: Page, shopName: string): Promise<string> {
  const card = page.getByRole('region', { name: `${shopName} checkout` });
  await card.getByRole('radio', { name: 'Delivery', exact: true }).click();
  const firstSlot = card.getByRole('radiogroup', { name: 'Delivery time' }).getByRole('radio').first();
  await firstSlot.click();
  await expect(firstSlot).toHaveAttribute('aria-checked', 'true');
  return (await firstSlot.getAttribute('aria-label')) ?? '';
}

test('a buyer finds produce with a typo, buys from two farms with delivery and follows an order to a refund', async ({ page }) => {
  test.setTimeout(120_000);
  const farm = await ApiActor.signIn(ORDERS_USERS.farmA);
  const buyer = await ApiActor.signIn(ORDERS_USERS.journeyBuyer);
  try {
    await openSignedIn(page, ORDERS_USERS.journeyBuyer, '/');
    const shell = getShell(page);
    await expect(shell.basketBadge).toHaveCount(0);

    // "bambra" for Bambara: the search forgives the typo.
    await searchAndAdd(page, 'bambra groundnuts', ORDERS_PRODUCTS.bambara.title);
    await searchAndAdd(page, 'moringa', ORDERS_PRODUCTS.moringa.title);
    await expect(shell.basketBadge).toHaveText('2');

    const total = ORDERS_PRODUCTS.bambara.priceMinor + ORDERS_PRODUCTS.moringa.priceMinor + 2 * FIRST_BAND_FEE_MINOR;
    await page.goto('/wallet');
    const topUp = page.getByRole('form', { name: 'Top up' });
    await topUp.getByRole('textbox', { name: 'Amount' }).fill('50');
    await topUp.getByRole('button', { name: `Top up ${usd(5000)}` }).click();
    await expect(getToast(page, 'Wallet topped up')).toBeVisible();
    await expect(page.getByTestId('wallet-available')).toHaveText(usd(5000));

    await page.goto('/basket');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const slotWindow = await chooseDelivery(page, ORDERS_SHOPS.farmA.name);
    // en-US, Playwright's default locale: "Wed, Nov 25, 2:00 – 5:00 PM" (12-hour, the day once).
    expect(slotWindow).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}(\s[AP]M)?\s–\s\d{1,2}:\d{2}\s[AP]M$/);
    await chooseDelivery(page, ORDERS_SHOPS.farmB.name);
    // The saved default address is already chosen.
    const address = page.getByRole('region', { name: 'Delivery address' });
    await expect(address.getByRole('radio', { name: /Home/ })).toHaveAttribute('aria-checked', 'true');
    await expect(address).toContainText('Efua Boateng, 14 Prempeh II Street');
    await expect(page.getByTestId('checkout-total')).toHaveText(usd(total));
    await page.getByRole('button', { name: `Pay ${usd(total)}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! 2 orders placed' })).toBeVisible();

    await page.getByRole('link', { name: ORDERS_SHOPS.farmA.name }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;
    const status = page.getByTestId('order-status');
    const timeline = page.getByTestId('order-timeline');
    await expect(status).toHaveText('Paid');
    // The order page writes the window exactly as checkout did (one format helper).
    await expect(page.getByText(slotWindow, { exact: true }).first()).toBeVisible();
    const code = (await page.getByTestId('confirmation-code').innerText()).trim();
    await expect(page.getByText('Give this code to the driver on hand-over.').first()).toBeVisible();

    // The farm works on the order; the open page follows each step.
    await farm.orderAction(orderId, 'accept');
    await expect(status).toHaveText('Accepted by the farm');
    await farm.orderAction(orderId, 'mark_ready');
    await expect(status).toHaveText('Ready');
    await farm.orderAction(orderId, 'hand_over');
    await expect(status).toHaveText('On its way');
    await expect(timeline.getByText('On its way')).toBeVisible();
    await farm.orderAction(orderId, 'mark_delivered', { confirmationCode: code });
    await expect(status).toHaveText('Delivered');
    await expect(timeline.getByText('Delivered')).toBeVisible();

    // The delivery view tells the same story.
    await page.getByRole('link', { name: 'Track delivery' }).click();
    await expect(page.getByTestId('delivery-step').filter({ hasText: 'Delivered' })).toHaveAttribute('data-state', 'current');
    await expect(page.getByText('Not assigned yet')).toBeVisible();
    await page.getByRole('link', { name: 'Back to order' }).click();

    const walletBeforeRefund = await buyer.walletAvailable();
    await page.getByRole('button', { name: 'Request refund' }).click();
    await page.getByRole('dialog').getByLabel('What went wrong?').fill('The groundnuts were damp and mouldy.');
    await page.getByRole('dialog').getByRole('button', { name: 'Request refund' }).click();
    await expect(status).toHaveText('Refund requested');

    await farm.orderAction(orderId, 'approve_refund');
    await expect(status).toHaveText('Refunded');
    await expect(timeline.getByText('Refunded')).toBeVisible();
    const orderTotal = ORDERS_PRODUCTS.bambara.priceMinor + FIRST_BAND_FEE_MINOR;
    await expect(page.getByTestId('order-refunded')).toContainText(usd(orderTotal));
    expect(await buyer.walletAvailable()).toBe(walletBeforeRefund + orderTotal);
  } finally {
    await farm.dispose();
    await buyer.dispose();
  }
});
