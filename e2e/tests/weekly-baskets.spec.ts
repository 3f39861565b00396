import { expect, test } from '@playwright/test';
import { ORDERS_PRODUCTS, ORDERS_USERS } from '../support/fixtures-orders';
import { ApiActor, openSignedIn } from '../support/orders-api';

/**
 * Weekly baskets (issue 28, decision 064): the buyer repeats a paid order every week from its page,
 * sees the first delivery and the one after before starting it, then skips the next one and sees
 * the one after it. The farm's seeded pickup slots are tomorrow and the day after at 09:00 (cut-off
 * 07:00), so the later one is more than a day away and nothing is ordered during the walk.
 */
test.describe.configure({ mode: 'serial' });

let buyer: ApiActor;

test.beforeAll(async () => {
  buyer = await ApiActor.signIn(ORDERS_USERS.weeklyBuyer);
  await buyer.topUp(10_000);
});

test.afterAll(async () => {
  await buyer.dispose();
});

interface Detail {
  id: string;
  next: { cycleDate: string; skipped: boolean } | null;
  cycles: Array<{ cycleDate: string; status: string }>;
}

test('makes a weekly basket from a paid order, sees the next date, skips it and sees the one after', async ({ page }) => {
  test.setTimeout(60_000);
  const orderId = await buyer.placeOrder('cassava', 2, 'pickup');
  await openSignedIn(page, ORDERS_USERS.weeklyBuyer, `/order/${orderId}`);

  await page.getByRole('link', { name: 'Repeat every week' }).click();
  await expect(page).toHaveURL(new RegExp(`/standing-orders/new\\?fromOrder=${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'New weekly basket' })).toBeVisible();
  const line = page.getByTestId('standing-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(ORDERS_PRODUCTS.cassava.title);
  await expect(line.getByRole('textbox', { name: `Quantity of ${ORDERS_PRODUCTS.cassava.title}` })).toHaveValue('2');

  // The order was a pickup: the farm's pickup times are offered; the later one starts the basket.
  const times = page.getByRole('radiogroup', { name: 'Day and time' }).getByRole('radio');
  await expect(times).toHaveCount(2);
  await times.last().click();

  const preview = page.getByTestId('standing-preview');
  await expect(preview.getByTestId('next-cycle-date')).not.toBeEmpty();
  await expect(preview.getByTestId('following-cycle-date')).toContainText('Then on');
  await expect(preview.getByTestId('estimated-total')).toContainText('7.00');

  await page.getByRole('button', { name: 'Start weekly basket' }).click();
  await expect(page).toHaveURL(/\/standing-orders\/[0-9a-f-]{36}$/);
  const standingOrderId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Weekly basket from');
  const nextDate = await page.getByTestId('next-cycle-date').innerText();
  expect(nextDate.trim()).not.toBe('');
  await expect(page.getByTestId('following-cycle-date')).toContainText('Then on');

  const before = await buyer.ok<Detail>('GET', `/api/standing-orders/${standingOrderId}`);
  expect(before.next?.skipped).toBe(false);

  await page.getByRole('button', { name: 'Skip next' }).click();
  await expect(page.getByTestId('next-skipped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo skip' })).toBeVisible();
  await expect(page.getByTestId('following-cycle-date')).toContainText('The one after');
  const history = page.getByTestId('standing-cycle');
  await expect(history.first()).toContainText('Skipped');

  const after = await buyer.ok<Detail>('GET', `/api/standing-orders/${standingOrderId}`);
  expect(after.next).toMatchObject({ cycleDate: before.next!.cycleDate, skipped: true });
  expect(after.cycles).toContainEqual(expect.objectContaining({ cycleDate: before.next!.cycleDate, status: 'skipped' }));

  // The list shows it with its badge; a second one from the same farm is refused with a way to the first.
  await page.goto('/standing-orders');
  const card = page.getByTestId('standing-order-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Skipped');

  await page.goto(`/standing-orders/new?fromOrder=${orderId}`);
  await page.getByRole('radiogroup', { name: 'Day and time' }).getByRole('radio').last().click();
  await page.getByRole('button', { name: 'Start weekly basket' }).click();
  const conflict = page.getByTestId('standing-conflict');
  await expect(conflict).toContainText('You already have a weekly basket from this farm.');
  await conflict.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/standing-orders/${standingOrderId}$`));
});
