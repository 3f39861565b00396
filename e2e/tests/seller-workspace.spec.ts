import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SELLER_WORKSPACE_PAYOUT, SELLER_WORKSPACE_PRODUCTS, SELLER_WORKSPACE_USERS, type SellerWorkspaceProductKey } from '../support/fixtures-seller-workspace';
import { ApiActor, openSignedIn } from '../support/orders-api';
import { chooseMenuItem } from '../support/shell';
import { getToast } from '../support/toasts';

/**
 * The farm's workspace in seller mode: the dashboard's order steps (accept, final weight, ready,
 * hand-over), a payout from the wallet, and answers to refund requests. Every test places and moves
 * its own orders through the API, so none depends on another.
 */
test.describe.configure({ mode: 'serial' });

const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;

let buyer: ApiActor;
let farm: ApiActor;

test.beforeAll(async () => {
  buyer = await ApiActor.signIn(SELLER_WORKSPACE_USERS.buyer);
  farm = await ApiActor.signIn(SELLER_WORKSPACE_USERS.farm);
  await buyer.topUp(500_000);
});

test.afterAll(async () => {
  await buyer.dispose();
  await farm.dispose();
});

async function findProductId(key: SellerWorkspaceProductKey): Promise<string> {
  const title = SELLER_WORKSPACE_PRODUCTS[key].title;
  const page = await buyer.ok<{ items: Array<{ id: string; title: string }> }>('GET', `/api/products?q=${encodeURIComponent(title)}`);
  const product = page.items.find((item) => item.title === title);
  expect(product, `product "${title}"`).toBeDefined();
  return product!.id;
}

/** The buyer orders `quantity` of one product for pickup and pays from the wallet; returns the order id. */
async function placePickupOrder(key: SellerWorkspaceProductKey, quantity: number): Promise<string> {
  await buyer.ok('DELETE', '/api/baskets');
  await buyer.ok('POST', '/api/baskets/items', { productId: await findProductId(key), quantity });
  const quote = await buyer.ok<{ sellers: Array<{ sellerUserId: string; slots: Array<{ id: string; method: string }> }> }>('POST', '/api/checkout/quote', {});
  const sellers = quote.sellers.map((seller) => ({ sellerUserId: seller.sellerUserId, fulfilment: 'pickup', slotId: seller.slots.find((slot) => slot.method === 'pickup')!.id }));
  const checkout = await buyer.ok<{ orders: Array<{ id: string }> }>('POST', '/api/checkout', { addressId: null, sellers, payNow: true }, { 'Idempotency-Key': randomUUID() });
  expect(checkout.orders).toHaveLength(1);
  return checkout.orders[0]!.id;
}

/** Paid -> handed over at the farm (delivered), all through the API. */
async function deliverOrder(orderId: string): Promise<void> {
  const { confirmationCode } = await buyer.order(orderId);
  await farm.orderAction(orderId, 'accept');
  await farm.orderAction(orderId, 'mark_ready');
  await farm.orderAction(orderId, 'hand_over', { confirmationCode: confirmationCode! });
}

/** Signs the farm in and switches to seller mode from the menu, as a person would: lands on the dashboard. */
async function openSellerMode(page: Page): Promise<void> {
  await openSignedIn(page, SELLER_WORKSPACE_USERS.farm, '/buyer-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  await chooseMenuItem(page, 'Switch to Seller');
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appTheme)).toBe('orange');
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
}

async function countOrderActionRequests(page: Page, orderId: string): Promise<() => number> {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(`/api/orders/${orderId}/`)) count += 1;
  });
  return () => count;
}

test('the farm accepts an order, weighs less than ordered (the buyer gets the difference), marks it ready and hands it over', async ({ page }) => {
  test.setTimeout(90_000);
  // 2 kg of yams at $4.00/kg = $8.00; weighed 1.5 kg = $6.00, so $2.00 goes back to the buyer.
  const orderId = await placePickupOrder('yams', 2);
  const { confirmationCode } = await buyer.order(orderId);
  await openSellerMode(page);
  const requests = await countOrderActionRequests(page, orderId);

  const newTab = page.getByRole('tab', { name: /^New/ });
  await newTab.click();
  const card = page.locator(`[data-testid="queue-order"][data-order-id="${orderId}"]`);
  await expect(card).toContainText(SELLER_WORKSPACE_USERS.buyer.username);
  await card.getByRole('button', { name: 'Accept' }).dblclick();
  await expect(getToast(page, 'Accepted')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(requests()).toBe(1);
  expect((await buyer.order(orderId)).status).toBe('accepted');

  await page.getByRole('tab', { name: /^Accepted/ }).click();
  const accepted = page.locator(`[data-testid="queue-order"][data-order-id="${orderId}"]`);
  await accepted.getByRole('button', { name: 'Record final weight' }).click();
  const dialog = page.getByRole('dialog');
  const weight = dialog.getByLabel(/Workspace-lane Water Yams: weighed quantity/);
  await weight.fill('2.5');
  await dialog.getByRole('button', { name: 'Save weight' }).click();
  await expect(dialog.getByText('At most 2 kg (the ordered quantity)')).toBeVisible();
  await weight.fill('1.5');
  await expect(dialog.getByTestId('weight-new-total')).toHaveText(usd(600));
  await expect(dialog.getByTestId('weight-returned')).toHaveText(usd(200));
  const buyerBefore = await buyer.walletAvailable();
  await dialog.getByRole('button', { name: 'Save weight' }).click();
  await expect(getToast(page, 'Final weight recorded')).toContainText(`${usd(200)} went back to the buyer’s wallet`);
  await expect(dialog).toHaveCount(0);
  expect(await buyer.walletAvailable()).toBe(buyerBefore + 200);

  await accepted.getByRole('button', { name: 'Mark ready' }).click();
  await expect(getToast(page, 'Ready')).toBeVisible();
  expect((await buyer.order(orderId)).status).toBe('ready');

  await page.getByRole('tab', { name: /^Ready/ }).click();
  const ready = page.locator(`[data-testid="queue-order"][data-order-id="${orderId}"]`);
  await ready.getByRole('button', { name: 'Hand over' }).click();
  const handOver = page.getByRole('dialog');
  await handOver.getByRole('button', { name: 'Hand over' }).click();
  await expect(handOver.getByText('Enter the code the buyer shows you')).toBeVisible();
  await handOver.getByLabel("Buyer's confirmation code").fill(confirmationCode!);
  await handOver.getByRole('button', { name: 'Hand over' }).dblclick();
  await expect(getToast(page, 'Collected')).toBeVisible();
  await expect(ready).toHaveCount(0);
  const delivered = await buyer.order(orderId);
  expect(delivered.status).toBe('delivered');
  expect(delivered.refundedMinor).toBe(200);
});

test('a payout request takes the amount off Available at once and is listed', async ({ page }) => {
  test.setTimeout(90_000);
  // A completed order puts the farm's share (less commission) in Available.
  const orderId = await placePickupOrder('eggs', 10);
  await deliverOrder(orderId);
  await buyer.orderAction(orderId, 'confirm_receipt');
  const before = (await farm.ok<{ availableMinor: number }>('GET', '/api/seller/wallet')).availableMinor;
  expect(before).toBeGreaterThan(150);

  await openSellerMode(page);
  await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('seller-available')).toHaveText(usd(before));
  await expect(page.getByTestId('payout-destination')).toHaveText(SELLER_WORKSPACE_PAYOUT.destination);

  const form = page.getByRole('form', { name: 'Request a payout' });
  await form.getByRole('textbox', { name: 'Amount' }).fill(((before + 100) / 100).toFixed(2));
  await form.getByRole('button', { name: /^Pay out/ }).click();
  await expect(form.getByText(`You can pay out at most ${usd(before)}`)).toBeVisible();

  await form.getByRole('textbox', { name: 'Amount' }).fill('1.50');
  await form.getByRole('button', { name: `Pay out ${usd(150)}` }).dblclick();
  await expect(getToast(page, 'Payout sent')).toBeVisible();
  await expect(page.getByTestId('seller-available')).toHaveText(usd(before - 150));
  await expect(page.getByTestId('payout-row').first()).toContainText(usd(150));
  await expect(page.getByTestId('payout-row').first()).toContainText('Sent');
  // One payout, not two: the double click sent one request.
  expect((await farm.ok<{ availableMinor: number }>('GET', '/api/seller/wallet')).availableMinor).toBe(before - 150);
});

test('on Refunds History the farm approves one refund request and contests another', async ({ page }) => {
  test.setTimeout(90_000);
  const approved = await placePickupOrder('eggs', 4);
  const contested = await placePickupOrder('eggs', 6);
  for (const orderId of [approved, contested]) {
    await deliverOrder(orderId);
    await buyer.orderAction(orderId, 'request_refund', { reason: 'Three eggs were cracked' });
  }

  await openSellerMode(page);
  await page.goto('/refunds-history?status=open');
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds History' })).toBeVisible();

  const approveCard = page.locator(`[data-testid="refund-case"][data-order-id="${approved}"]`);
  await expect(approveCard).toContainText('Three eggs were cracked');
  await expect(approveCard.getByTestId('refund-amount')).toHaveText(usd(1000));
  const buyerBefore = await buyer.walletAvailable();
  await approveCard.getByRole('button', { name: 'Approve refund' }).click();
  await page.getByRole('dialog').getByRole('button', { name: `Refund ${usd(1000)}` }).dblclick();
  await expect(getToast(page, 'Refund approved')).toBeVisible();
  await expect(approveCard).toHaveCount(0);
  expect(await buyer.walletAvailable()).toBe(buyerBefore + 1000);

  const contestCard = page.locator(`[data-testid="refund-case"][data-order-id="${contested}"]`);
  await contestCard.getByRole('button', { name: 'Contest' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Contest refund' }).click();
  await expect(dialog.getByText('Explain why you contest this refund')).toBeVisible();
  await dialog.getByLabel('Why do you contest it?').fill('The buyer checked every egg at pickup');
  await dialog.getByRole('button', { name: 'Contest refund' }).click();
  await expect(getToast(page, 'Refund contested')).toBeVisible();

  await page.getByRole('radiogroup', { name: 'Refund status' }).getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/\/refunds-history$/);
  await expect(page.locator(`[data-testid="refund-case"][data-order-id="${approved}"]`).getByTestId('refund-state')).toHaveText('Refunded');
  const nowContested = page.locator(`[data-testid="refund-case"][data-order-id="${contested}"]`);
  await expect(nowContested.getByTestId('refund-state')).toHaveText('With Pulse Market');
  await expect(nowContested).toContainText('The buyer checked every egg at pickup');
  expect((await buyer.order(contested)).status).toBe('refund_disputed');
});

test('on its own order page the farm accepts, weighs, marks ready and hands over', async ({ page }) => {
  test.setTimeout(90_000);
  const orderId = await placePickupOrder('yams', 3);
  const { confirmationCode } = await buyer.order(orderId);
  await openSignedIn(page, SELLER_WORKSPACE_USERS.farm, `/order/${orderId}`);
  const badge = page.getByTestId('order-status');
  await expect(badge).toHaveText('Paid');
  const actions = page.getByTestId('farm-actions');
  await expect(actions.getByRole('button')).toHaveText(['Accept']);
  await actions.getByRole('button', { name: 'Accept' }).dblclick();
  await expect(badge).toHaveText('Accepted by the farm');

  // 3 kg at $4.00 weighed 2.75 kg: $11.00, so $1.00 goes back.
  await actions.getByRole('button', { name: 'Record final weight' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/weighed quantity/).fill('2.75');
  await expect(dialog.getByText(usd(100), { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save weight' }).click();
  await expect(page.getByTestId('order-item-quantity')).toHaveText('ordered 3 kg, weighed 2.75 kg');
  await expect(actions.getByRole('button', { name: 'Record final weight' })).toHaveCount(0);

  await actions.getByRole('button', { name: 'Mark ready' }).click();
  await expect(badge).toHaveText('Ready');
  await actions.getByRole('button', { name: 'Hand over' }).click();
  await page.getByRole('dialog').getByLabel("Buyer's confirmation code").fill('000000');
  await page.getByRole('dialog').getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByRole('dialog').getByText('That confirmation code is not right. Ask the buyer for the code shown on their order.')).toBeVisible();
  await page.getByRole('dialog').getByLabel("Buyer's confirmation code").fill(confirmationCode!);
  await page.getByRole('dialog').getByRole('button', { name: 'Hand over' }).click();
  await expect(badge).toHaveText('Delivered');
  expect((await buyer.order(orderId)).refundedMinor).toBe(100);
});

test('a new slot appears on the dashboard and can be deleted', async ({ page }) => {
  await openSellerMode(page);
  const section = page.getByRole('region', { name: 'Pickup and delivery slots' });
  // Count once the list has loaded (the list, or the notice that there is none), not while it loads.
  await expect(section.getByRole('list', { name: 'Open slots' }).or(section.getByText('Buyers cannot order yet'))).toBeVisible();
  const before = await section.getByTestId('seller-slot').count();
  await section.getByRole('button', { name: 'Add a slot' }).click();
  const form = section.getByRole('form', { name: 'Add a slot' });
  await form.getByLabel('Ends').fill('2000-01-01T08:00');
  await form.getByRole('button', { name: 'Publish slot' }).click();
  await expect(form.getByText('The slot must end after it starts')).toBeVisible();
  const day = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await form.getByLabel('Starts').fill(`${date}T07:00`);
  await form.getByLabel('Ends').fill(`${date}T10:00`);
  await form.getByRole('button', { name: 'Publish slot' }).click();
  await expect(getToast(page, 'Slot published')).toBeVisible();
  await expect(section.getByTestId('seller-slot')).toHaveCount(before + 1);

  await section.getByTestId('seller-slot').last().getByRole('button', { name: /^Delete slot/ }).click();
  await expect(section.getByTestId('seller-slot')).toHaveCount(before);
});

test('someone without the seller role sees that the seller pages are for approved sellers', async ({ page }) => {
  await openSignedIn(page, SELLER_WORKSPACE_USERS.plainBuyer, '/seller-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For approved sellers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Application status' })).toHaveAttribute('href', '/seller-application-status');
  await page.goto('/refunds-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds History' })).toBeVisible();
  await expect(page.getByText('You have not asked for a refund.')).toBeVisible();
});
