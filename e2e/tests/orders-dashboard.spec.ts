import { expect, test } from '@playwright/test';
import { ORDERS_USERS } from '../support/fixtures-orders';
import { ApiActor, openSignedIn } from '../support/orders-api';

/** /buyer-dashboard: orders by state, each card opening its order, and "Reorder" of a completed one. */
test.describe.configure({ mode: 'serial' });

test('a buyer who never ordered is invited to browse products', async ({ page }) => {
  await openSignedIn(page, ORDERS_USERS.noOrdersBuyer, '/buyer-dashboard');
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await page.getByRole('link', { name: 'Browse products' }).click();
  await expect(page).toHaveURL(/\/product-listing$/);
});

test('orders sit in Active, Completed or Cancelled & refunds; a completed one reorders into the basket', async ({ page }) => {
  test.setTimeout(60_000);
  const buyer = await ApiActor.signIn(ORDERS_USERS.dashboardBuyer);
  const farmA = await ApiActor.signIn(ORDERS_USERS.farmA);
  try {
    await buyer.topUp(20_000);
    const completedId = await buyer.placeOrder('cassava', 4, 'pickup');
    const code = (await buyer.order(completedId)).confirmationCode!;
    await farmA.orderAction(completedId, 'accept');
    await farmA.orderAction(completedId, 'mark_ready');
    await farmA.orderAction(completedId, 'hand_over', { confirmationCode: code });
    await buyer.orderAction(completedId, 'confirm_receipt');
    const cancelledId = await buyer.placeOrder('shea', 1, 'pickup');
    await buyer.orderAction(cancelledId, 'cancel', { reason: 'Ordered twice by mistake' });
    const activeId = await buyer.placeOrder('shea', 3, 'delivery');

    await openSignedIn(page, ORDERS_USERS.dashboardBuyer, '/buyer-dashboard');
    // The bars show here, with "Orders" in the bottom bar.
    await expect(page.getByRole('navigation').getByRole('link', { name: /Orders/ })).toBeVisible();

    const cards = page.getByTestId('order-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Asante Honey Yard');
    await expect(cards.first()).toContainText('Orders-lane Shea Butter');
    await expect(cards.first()).toContainText('Paid');
    await expect(cards.first().getByRole('button', { name: /Reorder/ })).toHaveCount(0);

    await page.getByText('Cancelled & refunds').click();
    await expect(page).toHaveURL(/tab=cancelled/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Cancelled');

    await page.getByText('Completed', { exact: true }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Ofori Roots Farm');
    await expect(cards.first()).toContainText('Completed');

    // The card opens its order.
    await cards.first().getByRole('link', { name: 'Ofori Roots Farm' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${completedId}$`));
    await page.goBack();

    await cards.first().getByRole('button', { name: /Reorder/ }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByText('1 product added to your basket.')).toBeVisible();
    const basket = await buyer.ok<{ groups: Array<{ items: Array<{ title: string; quantity: number }> }> }>('GET', '/api/baskets');
    expect(basket.groups.flatMap((group) => group.items).map((item) => [item.title, item.quantity])).toEqual([['Orders-lane Cassava', 4]]);
    expect(activeId).toBeTruthy();
  } finally {
    await buyer.dispose();
    await farmA.dispose();
  }
});
