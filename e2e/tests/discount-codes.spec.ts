import { expect, test } from '@playwright/test';
import { addToBasketThroughApi, topUpThroughApi, usd } from '../support/basket-api';
import { BASKET_PRODUCTS, BASKET_SHOPS, BASKET_USERS } from '../support/fixtures-basket';
import { signInThroughApi } from '../support/sign-in';

const { yams } = BASKET_PRODUCTS;

test.describe('discount codes', () => {
  test('a farm creates a code; a buyer applies it at checkout, sees the discounted total, pays from the wallet, and the order shows the discount', async ({ browser }) => {
    test.slow();
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;

    const farmContext = await browser.newContext();
    const farmPage = await farmContext.newPage();
    await signInThroughApi(farmPage, BASKET_USERS.farmA, '/seller/discount-codes');
    await expect(farmPage.getByRole('heading', { name: 'Discount codes', level: 1 })).toBeVisible();
    await farmPage.getByRole('textbox', { name: /^Code/ }).fill(code.toLowerCase());
    await farmPage.getByLabel('Percent off').fill('15');
    await farmPage.getByRole('button', { name: 'Create code' }).click();
    const row = farmPage.getByTestId('discount-code-row').filter({ hasText: code });
    await expect(row).toContainText('15% off');
    await expect(row.getByTestId('discount-code-usage')).toHaveText(`Used 0 times · cost ${usd(0)}`);
    await farmPage.screenshot({ path: '/tmp/discounts-shots/seller-codes-phone.png', fullPage: true });
    await farmPage.setViewportSize({ width: 1280, height: 800 });
    await farmPage.screenshot({ path: '/tmp/discounts-shots/seller-codes-desktop.png', fullPage: true });
    await farmContext.close();

    const page = await browser.newPage();
    await signInThroughApi(page, BASKET_USERS.discountBuyer, '/home');
    await topUpThroughApi(page, 5000);
    await addToBasketThroughApi(page, 'yams', 2);
    await page.goto('/basket?step=checkout');
    const card = page.getByRole('region', { name: `${BASKET_SHOPS.farmA.name} checkout` });
    await card.getByRole('radio', { name: 'Pickup at the farm', exact: true }).click();
    await card.getByRole('radiogroup', { name: 'Pickup time' }).getByRole('radio').first().click();
    const subtotal = 2 * yams.priceMinor;
    await expect(page.getByTestId('checkout-total')).toHaveText(usd(subtotal));

    await page.getByLabel('Discount code').fill('nope-code');
    await page.getByRole('button', { name: 'Apply code' }).click();
    await expect(page.getByText('NOPE-CODE: This code is not valid')).toBeVisible();
    await page.getByLabel('Discount code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply code' }).click();
    const discount = Math.floor((subtotal * 15) / 100);
    await expect(page.getByTestId('checkout-discount')).toContainText(`−${usd(discount)}`);
    const total = subtotal - discount;
    await expect(page.getByTestId('checkout-total')).toHaveText(usd(total));
    await page.screenshot({ path: '/tmp/discounts-shots/checkout-phone.png', fullPage: true });
    const phoneViewport = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: '/tmp/discounts-shots/checkout-desktop.png', fullPage: true });
    if (phoneViewport) await page.setViewportSize(phoneViewport);

    await page.getByRole('button', { name: `Pay ${usd(total)}`, exact: true }).click();
    // One farm's order: the checkout opens it.
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-farm-discount')).toContainText(`− ${usd(discount)}`);
    await expect(page.getByTestId('order-farm-discount')).toContainText(code);
    await expect(page.getByTestId('order-total')).toContainText(usd(total));
    await page.screenshot({ path: '/tmp/discounts-shots/order-phone.png', fullPage: true });
  });
});
