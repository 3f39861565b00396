import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createSolidPng } from '../support/api-in-page';
import { productCards, waitForResults } from '../support/catalogue';
import { APP_URL, FIXTURE_PASSWORD, FIXTURE_USERS } from '../support/fixtures';
import { ApiActor, openSignedIn } from '../support/orders-api';
import { openSecondPerson, waitForRealtimeAnnounce } from '../support/realtime';
import { chooseMenuItem, openSideMenu, readBottomBarItems } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';
import { confirmAddressFromMail } from '../support/mail-folder';

/**
 * Issue 5's whole seller story in one run, every step in the browser where a person does it: a new
 * user applies, an admin approves in another browser, the user becomes a seller without signing in
 * again, lists a product with a photo, receives an order, weighs it (the buyer gets the difference),
 * hands it over, and once the buyer confirms, the earnings show in the seller's wallet and a payout
 * takes them off. Only the buyer acts through the API (their side is walked in buyer-journey.spec.ts).
 */

const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Registers a brand-new account through the API; the page keeps its token the way the app does. */
async function registerInPage(page: Page, label: string): Promise<{ email: string; username: string }> {
  const suffix = uniqueSuffix();
  const person = { email: `${label}.${suffix}@journey.e2e.example`, username: `${label}_${suffix}`.slice(0, 30), password: FIXTURE_PASSWORD };
  await page.goto('/home');
  const token = await page.evaluate(async (body) => {
    const response = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'include',
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  }, person);
  await page.evaluate((value) => sessionStorage.setItem('jwt_token', value), token);
  return person;
}

/** A buyer of our own, registered and topped up through the API. */
async function registerBuyer(): Promise<{ buyer: ApiActor; email: string }> {
  const suffix = uniqueSuffix();
  const person = { email: `buyer.${suffix}@journey.e2e.example`, username: `journey_buyer_${suffix}`.slice(0, 30), password: FIXTURE_PASSWORD };
  const context = await playwrightRequest.newContext({ baseURL: APP_URL });
  const response = await context.post('/api/auth/register', { data: person });
  expect(response.status(), `register the buyer: ${await response.text()}`).toBe(201);
  await context.dispose();
  const buyer = await ApiActor.signIn(person);
  await buyer.topUp(50_00);
  return { buyer, email: person.email };
}

async function fillSellerApplication(page: Page, businessName: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Seller application' });
  await expect(form).toBeVisible();
  await form.getByLabel('Business name').fill(businessName);
  await form.getByRole('textbox', { name: 'Region', exact: true }).fill('Bono East');
  await form.getByLabel('Latitude').fill('7.59');
  await form.getByLabel('Longitude').fill('-1.94');
  await form.getByRole('combobox', { name: 'Produce types' }).click();
  await page.getByRole('option', { name: 'Vegetables' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+233 24 765 4321');
  await form.getByRole('radio', { name: 'Mobile money' }).check();
  await form.getByLabel("Account holder's name").fill('Kofi Journey');
  await form.getByLabel('Account or mobile number').fill('0247654321');
  await form.getByLabel('Mobile money provider').fill('MTN MoMo');
  const upload = page.waitForResponse((response) => response.url().endsWith('/api/uploads/images?purpose=id_document') && response.request().method() === 'POST');
  await form.locator('input[type="file"]').setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: createSolidPng(48, [40, 80, 160]) });
  expect((await upload).status()).toBe(201);
  await form.getByRole('checkbox', { name: /I accept the terms of service/ }).check();
  await form.getByRole('button', { name: 'Submit application' }).click();
}

async function approveInAdminConsole(admin: Page, businessName: string): Promise<void> {
  await signInThroughApi(admin, FIXTURE_USERS.admin, '/admin?tab=applications');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await admin.getByRole('button', { name: `Open the application of ${businessName}` }).click();
  const drawer = admin.getByRole('dialog', { name: 'Application' });
  await expect(drawer.getByRole('heading', { name: businessName })).toBeVisible();
  await expect(drawer.getByRole('img', { name: 'ID document' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await expect(getToast(admin, 'Application approved')).toBeVisible();
}

async function addProductWithPhoto(page: Page, title: string): Promise<string> {
  await page.goto('/add-product');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add product' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Sweet orange-fleshed potatoes, lifted this morning.');
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Vegetables' }).click();
  await form.getByRole('combobox', { name: 'Unit' }).click();
  await page.getByRole('option', { name: 'kg', exact: true }).click();
  await form.getByLabel('Price per kg').fill('5.00');
  await form.getByLabel('Stock').fill('30');
  const upload = page.waitForResponse((response) => response.url().endsWith('/api/uploads/images') && response.request().method() === 'POST');
  await form.getByTestId('photo-input').setInputFiles({ name: 'potatoes.png', mimeType: 'image/png', buffer: createSolidPng(64, [210, 120, 40]) });
  expect((await upload).status()).toBe(201);
  await form.getByRole('button', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/seller\/products\/[0-9a-f-]{36}$/);
  await expect(getToast(page, 'Product added')).toBeVisible();
  return page.url().split('/').pop()!;
}

async function publishPickupSlot(page: Page): Promise<void> {
  const section = page.getByRole('region', { name: 'Pickup and delivery slots' });
  await section.getByRole('button', { name: 'Add a slot' }).click();
  const form = section.getByRole('form', { name: 'Add a slot' });
  const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await form.getByLabel('Starts').fill(`${date}T08:00`);
  await form.getByLabel('Ends').fill(`${date}T11:00`);
  await form.getByRole('button', { name: 'Publish slot' }).click();
  await expect(getToast(page, 'Slot published')).toBeVisible();
  await expect(section.getByTestId('seller-slot')).toHaveCount(1);
}

/** The buyer orders `quantity` kg for pickup from the new farm and pays from the wallet. */
async function placePickupOrder(buyer: ApiActor, productId: string, quantity: number): Promise<string> {
  await buyer.ok('POST', '/api/baskets/items', { productId, quantity });
  const quote = await buyer.ok<{ sellers: Array<{ sellerUserId: string; slots: Array<{ id: string; method: string }> }> }>('POST', '/api/checkout/quote', {});
  expect(quote.sellers).toHaveLength(1);
  const slot = quote.sellers[0]!.slots.find((candidate) => candidate.method === 'pickup');
  expect(slot, 'the pickup slot the farm published').toBeDefined();
  const checkout = await buyer.ok<{ orders: Array<{ id: string }> }>(
    'POST',
    '/api/checkout',
    { addressId: null, sellers: [{ sellerUserId: quote.sellers[0]!.sellerUserId, fulfilment: 'pickup', slotId: slot!.id }], payNow: true },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(checkout.orders).toHaveLength(1);
  return checkout.orders[0]!.id;
}

test('a new user applies, is approved by an admin, lists a product, fulfils an order and is paid out', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const businessName = `Journey Farm ${suffix}`;
  const productTitle = `Journey Sweet Potatoes ${suffix}`;

  // 1. A new user applies from /seller-signup and lands on the pending status.
  const applicant = await registerInPage(page, 'journey');
  // A seller application needs a confirmed address: the link from the sign-up mail (decision 053).
  await confirmAddressFromMail(page, applicant.email);
  await page.goto('/seller-signup');
  await fillSellerApplication(page, businessName);
  await expect(page).toHaveURL(/\/seller-application-status$/);
  await expect(page.getByRole('heading', { name: 'We are reviewing your application' })).toBeVisible();

  // 2. Switching to seller shows the pending application (spec §4), not the workspace.
  await page.goto('/');
  const announced = waitForRealtimeAnnounce(page);
  await chooseMenuItem(page, 'Switch to Seller');
  await expect(page).toHaveURL(/\/seller-application-status$/);
  await expect(page.getByRole('heading', { name: 'We are reviewing your application' })).toBeVisible();
  await announced.catch(() => undefined);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // 3. An admin approves it in another browser; the applicant's page follows without a reload.
  const second = await openSecondPerson(browser);
  try {
    await approveInAdminConsole(second.page, businessName);
  } finally {
    await second.context.close();
  }
  await expect(page.getByRole('heading', { name: "You're approved" })).toBeVisible();

  // 4. Same session, no new sign-in: seller mode is orange with Dashboard, Wallet and Profile.
  await page.getByRole('button', { name: 'Go back' }).click();
  await chooseMenuItem(page, 'Switch to Seller');
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appTheme ?? null)).toBe('orange');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await readBottomBarItems(page)).toEqual(expect.arrayContaining(['Dashboard', 'Wallet']));
  const menu = await openSideMenu(page);
  await expect(menu.getByRole('link', { name: 'Profile' }).or(menu.getByRole('button', { name: 'Profile' })).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // 5. A pickup slot and a product with a photo.
  await publishPickupSlot(page);
  const productId = await addProductWithPhoto(page, productTitle);

  // 6. A visitor finds it in the public listing, with its photo.
  const visitor = await openSecondPerson(browser);
  try {
    await visitor.page.goto(`/product-listing?q=${encodeURIComponent(productTitle)}`);
    await waitForResults(visitor.page);
    const card = productCards(visitor.page).filter({ hasText: productTitle });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('$5.00 / kg');
    await expect(card.locator('img').first()).toHaveJSProperty('complete', true);
  } finally {
    await visitor.context.close();
  }

  // 7. A buyer orders 2 kg ($10.00) for pickup; the dashboard shows it under New.
  const { buyer, email: buyerEmail } = await registerBuyer();
  try {
    const orderId = await placePickupOrder(buyer, productId, 2);
    const { confirmationCode } = await buyer.order(orderId);
    const buyerAfterPaying = await buyer.walletAvailable();
    expect(buyerAfterPaying).toBe(50_00 - 10_00);

    await page.goto('/seller-dashboard');
    await page.getByRole('tab', { name: /^New/ }).click();
    const card = page.locator(`[data-testid="queue-order"][data-order-id="${orderId}"]`);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(getToast(page, 'Accepted')).toBeVisible();

    // 8. Weighed at 1.6 kg: $8.00, so $2.00 goes back to the buyer's wallet.
    await page.getByRole('tab', { name: /^Accepted/ }).click();
    const accepted = page.locator(`[data-testid="queue-order"][data-order-id="${orderId}"]`);
    await accepted.getByRole('button', { name: 'Record final weight' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(new RegExp(`${productTitle}: weighed quantity`)).fill('1.6');
    await expect(dialog.getByTestId('weight-returned')).toHaveText(usd(200));
    await dialog.getByRole('button', { name: 'Save weight' }).click();
    await expect(getToast(page, 'Final weight recorded')).toBeVisible();
    expect(await buyer.walletAvailable()).toBe(buyerAfterPaying + 200);

    // 9. Ready, then handed over with the buyer's code.
    await accepted.getByRole('button', { name: 'Mark ready' }).click();
    await expect(getToast(page, 'Ready')).toBeVisible();
    await page.getByRole('tab', { name: /^Ready/ }).click();
    const ready = page.locator(`[data-testid="queue-order"][data-order-id="${orderId}"]`);
    await ready.getByRole('button', { name: 'Hand over' }).click();
    const handOver = page.getByRole('dialog');
    await handOver.getByLabel("Buyer's confirmation code").fill(confirmationCode!);
    await handOver.getByRole('button', { name: 'Hand over' }).click();
    await expect(getToast(page, 'Collected')).toBeVisible();
    expect((await buyer.order(orderId)).status).toBe('delivered');

    // 10. The buyer confirms: $8.00 less 10% commission ($7.20) is the farm's to pay out.
    await buyer.orderAction(orderId, 'confirm_receipt');
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Wallet' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByTestId('seller-available')).toHaveText(usd(720));
    const form = page.getByRole('form', { name: 'Request a payout' });
    await form.getByRole('textbox', { name: 'Amount' }).fill('5.00');
    await form.getByRole('button', { name: `Pay out ${usd(500)}` }).click();
    await expect(getToast(page, 'Payout sent')).toBeVisible();
    await expect(page.getByTestId('seller-available')).toHaveText(usd(220));
    await expect(page.getByTestId('seller-paid-out')).toHaveText(usd(500));

    // The buyer's wallet shows both of their movements: the payment and the $2.00 back.
    const buyerPage = await openSecondPerson(browser);
    try {
      await openSignedIn(buyerPage.page, { email: buyerEmail }, '/wallet');
      await expect(buyerPage.page.getByTestId('wallet-available')).toHaveText(usd(50_00 - 10_00 + 200));
      const entries = buyerPage.page.getByTestId('wallet-entry');
      await expect(entries.filter({ hasText: 'Weight adjustment' })).toContainText('+$2.00');
      await expect(entries.filter({ hasText: 'Order payment' })).toHaveCount(1);
    } finally {
      await buyerPage.context.close();
    }
  } finally {
    await buyer.dispose();
  }
});
