import { expect, test } from '@playwright/test';
import { readWalletThroughApi, topUpThroughApi, usd } from '../support/basket-api';
import { FIXTURE_USERS } from '../support/fixtures';
import { BASKET_USERS } from '../support/fixtures-basket';
import { chooseMenuItem } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

test.describe('wallet', () => {
  test('a top-up raises the available balance and is listed in the history; a declined card changes nothing', async ({ page }) => {
    await signInThroughApi(page, BASKET_USERS.walletBuyer, '/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByTestId('wallet-available')).toHaveText(usd(0));
    await expect(page.getByTestId('wallet-escrow')).toHaveText(usd(0));
    await expect(page.getByText('No movements yet')).toBeVisible();

    const form = page.getByRole('form', { name: 'Top up' });
    await expect(form.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(form.getByText(/Sandbox payments: no real card is charged/)).toBeVisible();

    // Below the smallest top-up: the contract's message, under the field, nothing sent.
    await form.getByRole('textbox', { name: 'Amount' }).fill('0.50');
    await form.getByRole('button', { name: /^Top up/ }).click();
    await expect(form.getByText('The smallest top-up is 1.00')).toBeVisible();

    await form.getByRole('group', { name: 'Preset amounts' }).getByText(usd(5000), { exact: true }).click();
    await form.getByRole('button', { name: `Top up ${usd(5000)}` }).dblclick();
    await expect(getToast(page, 'Wallet topped up')).toBeVisible();
    await expect(page.getByTestId('wallet-available')).toHaveText(usd(5000));
    const entries = page.getByTestId('wallet-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Top-up');
    await expect(entries.first()).toContainText(`+${usd(5000)}`);
    expect((await readWalletThroughApi(page)).availableMinor).toBe(5000);

    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByRole('group', { name: 'Preset amounts' }).getByText(usd(1000), { exact: true }).click();
    await form.getByRole('button', { name: `Top up ${usd(1000)}` }).click();
    await expect(form.getByRole('alert')).toContainText('declined');
    // The reason stands at the top of the form and is brought into view: the person sees it without scrolling.
    await expect(form.getByRole('alert')).toBeInViewport();
    await expect(page.getByTestId('wallet-available')).toHaveText(usd(5000));
    expect((await readWalletThroughApi(page)).availableMinor).toBe(5000);
  });

  test('a buyer finds the wallet on the dashboard and in the side menu, with the balance shown', async ({ page }) => {
    // The spare mode buyer: no other spec reads its wallet.
    await signInThroughApi(page, FIXTURE_USERS.modeBuyer, '/buyer-dashboard');
    await topUpThroughApi(page, 1234);
    const { availableMinor } = await readWalletThroughApi(page);
    expect(availableMinor).toBeGreaterThanOrEqual(1234);

    await page.reload();
    const card = page.getByTestId('dashboard-wallet-card');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('dashboard-wallet-available')).toHaveText(usd(availableMinor));
    await card.click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByTestId('wallet-available')).toHaveText(usd(availableMinor));

    // From a page with the bars: the bottom bar has no Wallet in buyer mode, the side menu does.
    await page.goto('/product-listing');
    await chooseMenuItem(page, 'Wallet');
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByTestId('wallet-available')).toHaveText(usd(availableMinor));
  });
});
