import { expect, test, type Page } from '@playwright/test';
import { ORDERS_USERS } from '../support/fixtures-orders';
import { ApiActor, openSignedIn } from '../support/orders-api';

/**
 * The order page follows an order live: the farm acts through the API while the buyer's page stays
 * open, and every step shows up without a reload.
 */
test.describe.configure({ mode: 'serial' });

const statusBadge = (page: Page) => page.getByTestId('order-status');
const timeline = (page: Page) => page.getByTestId('order-timeline');

let buyer: ApiActor;
let farm: ApiActor;

test.beforeAll(async () => {
  buyer = await ApiActor.signIn(ORDERS_USERS.buyer);
  farm = await ApiActor.signIn(ORDERS_USERS.farmA);
  await buyer.topUp(10_000);
});

test.afterAll(async () => {
  await buyer.dispose();
  await farm.dispose();
});

test('the buyer watches the farm weigh, prepare and hand over the order, confirms receipt and reviews it', async ({ page }) => {
  test.setTimeout(60_000);
  const orderId = await buyer.placeOrder('cassava', 2, 'pickup');
  const placed = await buyer.order(orderId);
  expect(placed.confirmationCode).toBeTruthy();

  await openSignedIn(page, ORDERS_USERS.buyer, `/order/${orderId}`);
  await expect(statusBadge(page)).toHaveText('Paid');
  await expect(page.getByTestId('confirmation-code')).toHaveText(placed.confirmationCode!);
  await expect(page.getByText('Give this code to the farm on hand-over.').first()).toBeVisible();
  await expect(page.getByTestId('order-item-quantity')).toHaveText('2 kg');
  await expect(page.getByTestId('order-total')).toContainText('$7.00');

  await farm.orderAction(orderId, 'accept');
  await expect(statusBadge(page)).toHaveText('Accepted by the farm');
  await expect(timeline(page).getByText('Accepted by the farm')).toBeVisible();

  // 2 kg at $3.50 weighed 1.85 kg: $6.47, so $0.53 goes back to the wallet.
  await farm.recordFinalWeights(orderId, [{ itemId: placed.items[0]!.id, finalQuantity: 1.85 }]);
  await expect(page.getByTestId('order-item-quantity')).toHaveText('ordered 2 kg, weighed 1.85 kg');
  await expect(page.getByTestId('order-refunded')).toContainText('$0.53');
  await expect(page.getByTestId('order-net')).toContainText('$6.47');
  await expect(timeline(page).getByText('Final weight recorded')).toBeVisible();

  await farm.orderAction(orderId, 'mark_ready');
  await expect(statusBadge(page)).toHaveText('Ready');
  await expect(timeline(page).getByText('Ready for hand-over')).toBeVisible();

  await farm.orderAction(orderId, 'hand_over', { confirmationCode: placed.confirmationCode! });
  await expect(statusBadge(page)).toHaveText('Delivered');
  await expect(page.getByTestId('confirmation-code')).toHaveCount(0);

  await page.getByRole('button', { name: 'Confirm receipt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, I received it' }).click();
  await expect(statusBadge(page)).toHaveText('Completed');
  await expect(timeline(page).getByText('Completed')).toBeVisible();

  await page.getByRole('button', { name: 'Write a review' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(dialog.getByText('Choose 1 to 5 stars')).toBeVisible();
  // The star inputs are hidden behind their drawn labels, as in any star rating: tap the fourth star.
  const fourthStar = await dialog.getByRole('radio', { name: '4 stars' }).getAttribute('id');
  await dialog.locator(`label[for="${fourthStar}"]`).click();
  await dialog.getByLabel('Your review').fill('Firm, fresh cassava and a friendly hand-over.');
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(dialog).toBeHidden();
  const review = page.getByTestId('order-review');
  await expect(review).toContainText('Firm, fresh cassava and a friendly hand-over.');
  await expect(review.getByLabel('4 out of 5 stars')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);

  // The farm answers once; its notification brings the reply to the open page.
  const stored = await buyer.order(orderId);
  const reviewId = (stored as unknown as { review: { id: string } | null }).review?.id;
  expect(reviewId, 'the order carries its review').toBeTruthy();
  await farm.ok('POST', `/api/reviews/${reviewId}/reply`, { body: 'Thank you, see you at the next harvest!' });
  await expect(review).toContainText('Reply from Ofori Roots Farm');
  await expect(review).toContainText('Thank you, see you at the next harvest!');
});

test('a refund request on a delivered order shows as requested, then refunded with the money back in the wallet', async ({ page }) => {
  test.setTimeout(60_000);
  const before = await buyer.walletAvailable();
  const orderId = await buyer.placeOrder('cassava', 3, 'pickup');
  expect(await buyer.walletAvailable()).toBe(before - 1050);
  const placed = await buyer.order(orderId);

  await openSignedIn(page, ORDERS_USERS.buyer, `/order/${orderId}`);
  await expect(statusBadge(page)).toHaveText('Paid');
  await expect(page.getByRole('button', { name: 'Request refund' })).toHaveCount(0);

  await farm.orderAction(orderId, 'accept');
  await farm.orderAction(orderId, 'mark_ready');
  await farm.orderAction(orderId, 'hand_over', { confirmationCode: placed.confirmationCode! });
  await expect(statusBadge(page)).toHaveText('Delivered');

  await page.getByRole('button', { name: 'Request refund' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog.getByText('Describe what went wrong to request a refund')).toBeVisible();
  await dialog.getByLabel('What went wrong?').fill('A third of the roots were rotten inside.');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page)).toHaveText('Refund requested');
  await expect(page.getByText('A third of the roots were rotten inside.').first()).toBeVisible();

  await farm.orderAction(orderId, 'approve_refund');
  await expect(statusBadge(page)).toHaveText('Refunded');
  await expect(page.getByTestId('order-refunded')).toContainText('$10.50');
  expect(await buyer.walletAvailable()).toBe(before);
});
