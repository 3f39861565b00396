import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { formatMoney } from '../../packages/contract/src/money';
import { createSolidPng } from '../support/api-in-page';
import { ADMIN_CONSOLE_PRODUCT, ADMIN_CONSOLE_USERS } from '../support/fixtures-admin-console';
import { APP_URL, FIXTURE_PASSWORD } from '../support/fixtures';
import { ApiActor } from '../support/orders-api';
import { openSecondPerson, waitForRealtimeAnnounce } from '../support/realtime';
import { chooseMenuItem } from '../support/shell';
import { readStoredToken, signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

const PENDING_HEADING = 'We are reviewing your application';

/** Applies to sell through the API, with an uploaded ID photo, as the /seller-signup form would. */
async function applyToSell(user: { email: string }, businessName: string): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: APP_URL });
  try {
    const login = await context.post('/api/auth/login', { data: { email: user.email, password: FIXTURE_PASSWORD } });
    expect(login.status(), `sign-in of ${user.email}`).toBe(200);
    const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const upload = await context.post('/api/uploads/images?purpose=id_document', {
      headers,
      multipart: { file: { name: 'id-card.png', mimeType: 'image/png', buffer: createSolidPng(64, [30, 90, 200]) } },
    });
    expect(upload.status(), 'ID photo upload').toBe(201);
    const { id: idDocumentUploadId } = (await upload.json()) as { id: string };
    const application = await context.post('/api/sellers/application', {
      headers,
      data: {
        businessName,
        region: 'Volta',
        lat: 6.6,
        lng: 0.47,
        produceTypes: ['fruits'],
        phone: '+233 20 555 0101',
        payout: { method: 'mobile_money', accountName: 'Console Applicant', accountNumber: '0205550101', providerName: 'MTN MoMo' },
        idDocumentUploadId,
        termsAccepted: true,
      },
    });
    expect(application.status(), `application of ${businessName}: ${await application.text()}`).toBe(201);
    return ((await application.json()) as { id: string }).id;
  } finally {
    await context.dispose();
  }
}

/** Signs `user` in, opens `path` and waits until the page's socket receives the user's events. */
async function openLive(page: Page, user: { email: string }, path: string) {
  await signInThroughApi(page, user, '/home');
  const announced = waitForRealtimeAnnounce(page);
  await page.goto(path);
  await announced;
}

async function openAdmin(page: Page, tab: string) {
  await signInThroughApi(page, ADMIN_CONSOLE_USERS.admin, `/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
}

async function openApplication(admin: Page, businessName: string) {
  await admin.getByRole('button', { name: `Open the application of ${businessName}` }).click();
  const drawer = admin.getByRole('dialog', { name: 'Application' });
  await expect(drawer.getByRole('heading', { name: businessName })).toBeVisible();
  return drawer;
}

test.describe('admin console', () => {
  test('an admin approves an application with its ID document; the applicant sees Approved live and switches to seller mode', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const applicant = ADMIN_CONSOLE_USERS.approvedApplicant;
    const businessName = 'Console Sunrise Orchard';
    await applyToSell(applicant, businessName);
    // Applying made a seller account: the switch shows the pending application (spec §4 Mode).
    await openLive(page, applicant, '/');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-application-status$/);
    await expect(page.getByRole('heading', { name: PENDING_HEADING })).toBeVisible();

    const { context, page: admin } = await openSecondPerson(browser);
    try {
      await openAdmin(admin, 'applications');
      await expect(admin).toHaveURL(/[?&]tab=applications/);
      const drawer = await openApplication(admin, businessName);
      await expect(admin).toHaveURL(/[?&]application=/);
      await expect(drawer.getByText(`${applicant.username} (${applicant.email})`)).toBeVisible();
      await expect(drawer.getByText('MTN MoMo', { exact: false })).toBeVisible();
      const idPhoto = drawer.getByRole('img', { name: 'ID document' });
      await expect(idPhoto).toBeVisible();
      await expect.poll(() => idPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
      await expect(drawer.getByRole('link', { name: 'Open the ID document full size' })).toHaveAttribute('target', '_blank');

      let approvals = 0;
      admin.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/approve')) approvals += 1;
      });
      await drawer.getByRole('button', { name: 'Approve' }).dblclick();
      await expect(getToast(admin, 'Application approved')).toBeVisible();
      await expect(drawer.getByText('Approved', { exact: true })).toBeVisible();
      expect(approvals).toBe(1);
      // The pending list no longer holds it, without a reload.
      await admin.keyboard.press('Escape');
      await expect(admin.getByRole('button', { name: `Open the application of ${businessName}` })).toHaveCount(0);
    } finally {
      await context.close();
    }

    // The applicant's page flips without a reload; the menu's switch leads straight to seller mode.
    await expect(page.getByRole('heading', { name: "You're approved" })).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appTheme ?? null)).toBe('orange');
    // All of it in the same document: no reload, no new sign-in.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('a rejection needs a reason; the applicant reads it live, applies again from the prefilled form, and the admin sees the history', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const applicant = ADMIN_CONSOLE_USERS.rejectedApplicant;
    const businessName = 'Console Riverside Greens';
    const reason = 'The ID photo is cut off: show the whole card.';
    await applyToSell(applicant, businessName);
    await openLive(page, applicant, '/seller-application-status');
    await expect(page.getByRole('heading', { name: PENDING_HEADING })).toBeVisible();

    const { context, page: admin } = await openSecondPerson(browser);
    try {
      await openAdmin(admin, 'applications');
      const drawer = await openApplication(admin, businessName);
      await expect(drawer.getByText('First submission: no earlier rounds.')).toBeVisible();
      await drawer.getByRole('button', { name: 'Reject' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Reject this application?' });
      await dialog.getByRole('button', { name: 'Reject application' }).click();
      await expect(dialog.getByText('Give a reason for the rejection')).toBeVisible();
      await dialog.getByLabel('Reason for the rejection').fill(reason);
      await dialog.getByRole('button', { name: 'Reject application' }).dblclick();
      await expect(getToast(admin, 'Application rejected')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(drawer.getByText('Rejected', { exact: true })).toBeVisible();

      // The applicant, live: the reason, then the prefilled form.
      await expect(page.getByRole('heading', { name: 'Your application was not approved' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your application was not approved' }).getByText(reason)).toBeVisible();
      await page.goto('/seller-signup');
      const form = page.getByRole('form', { name: 'Seller application' });
      await expect(form.getByLabel('Business name')).toHaveValue(businessName);
      await form.getByRole('checkbox', { name: /I accept the terms of service/ }).check();
      await form.getByRole('button', { name: 'Apply again' }).click();
      await expect(page).toHaveURL(/\/seller-application-status$/);
      await expect(page.getByRole('heading', { name: PENDING_HEADING })).toBeVisible();

      // The admin finds it pending again, with the rejected round in its history.
      await admin.reload();
      const again = admin.getByRole('dialog', { name: 'Application' });
      await expect(again.getByText('Pending', { exact: true })).toBeVisible();
      const history = again.getByLabel('Earlier submissions');
      await expect(history).toContainText('Rejected');
      await expect(history).toContainText(`Reason: ${reason}`);
    } finally {
      await context.close();
    }
  });

  test('a suspended user is signed out at the next reload; the audit log lists approve, reject and suspend', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const suspendee = ADMIN_CONSOLE_USERS.suspendee;
    await signInThroughApi(page, suspendee, '/messages');
    await expect(page).toHaveURL(/\/messages$/);

    const { context, page: admin } = await openSecondPerson(browser);
    try {
      await openAdmin(admin, 'users');
      await admin.getByRole('searchbox', { name: 'Search users' }).fill(suspendee.email);
      await expect(admin).toHaveURL(/[?&]q=/);
      const card = admin.getByRole('article', { name: `User ${suspendee.username}` });
      await expect(card).toBeVisible();
      await expect(admin.getByRole('article')).toHaveCount(1);
      await expect(card.getByText('Active')).toBeVisible();
      await card.getByRole('button', { name: 'Suspend' }).click();
      const dialog = admin.getByRole('dialog', { name: `Suspend ${suspendee.username}?` });
      await dialog.getByRole('button', { name: 'Suspend' }).click();
      await expect(dialog.getByText('Give a reason for the suspension')).toBeVisible();
      await dialog.getByLabel('Reason for the suspension').fill('Repeated fake orders.');
      await dialog.getByRole('button', { name: 'Suspend' }).click();
      await expect(getToast(admin, 'User suspended')).toBeVisible();
      await expect(card.getByText('Suspended', { exact: true })).toBeVisible();
      await expect(card.getByText(/Repeated fake orders\./)).toBeVisible();

      // The suspended person's next request ends the session (spec §4, 401).
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);
      expect(await readStoredToken(page)).toBeNull();

      // Back and reload keep the section: the tab is in the address.
      await admin.getByRole('tab', { name: 'Audit log' }).click();
      await expect(admin).toHaveURL(/[?&]tab=audit/);
      const entries = admin.getByRole('article', { name: /^Audit entry / });
      await expect(entries.first()).toBeVisible();
      // Other specs' admins act at the same time in the other worker: look for this spec's entries.
      const suspension = admin.locator('[data-action="user.suspend"]').filter({ hasText: 'Repeated fake orders.' });
      const approval = admin.locator('[data-action="application.approve"]').filter({ hasText: 'console_admin_kojo' });
      await expect(suspension.first()).toBeVisible();
      await expect(approval.first()).toBeVisible();
      await expect(admin.locator('[data-action="application.reject"]').filter({ hasText: 'console_admin_kojo' }).first()).toContainText('reason:');
      // Newest first: this suspension comes before the approval made earlier in this file.
      const order = await entries.evaluateAll((nodes) =>
        nodes.map((node) => `${node.getAttribute('data-action')}|${node.textContent?.includes('Repeated fake orders.') ? 'ours' : ''}|${node.textContent?.includes('console_admin_kojo') ? 'kojo' : ''}`),
      );
      const suspendedAt = order.findIndex((entry) => entry.startsWith('user.suspend|ours'));
      const approvedAt = order.findIndex((entry) => entry.startsWith('application.approve|') && entry.endsWith('|kojo'));
      expect(suspendedAt).toBeGreaterThanOrEqual(0);
      expect(approvedAt).toBeGreaterThan(suspendedAt);
      await admin.goBack();
      await expect(admin.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a contested refund decided by the admin: the buyer sees the money back in the wallet', async ({ page }) => {
    test.setTimeout(90_000);
    const buyer = await ApiActor.signIn(ADMIN_CONSOLE_USERS.refundBuyer);
    const farm = await ApiActor.signIn(ADMIN_CONSOLE_USERS.farm);
    try {
      await buyer.topUp(10_000);
      await buyer.ok('DELETE', '/api/baskets');
      const found = await buyer.ok<{ items: Array<{ id: string; title: string }> }>('GET', `/api/products?q=${encodeURIComponent(ADMIN_CONSOLE_PRODUCT.title)}`);
      const product = found.items.find((item) => item.title === ADMIN_CONSOLE_PRODUCT.title);
      expect(product, 'the fixture product').toBeDefined();
      await buyer.ok('POST', '/api/baskets/items', { productId: product!.id, quantity: 2 });
      const quote = await buyer.ok<{ sellers: Array<{ sellerUserId: string; slots: Array<{ id: string; method: string }> }> }>('POST', '/api/checkout/quote', {
        addressId: null,
      });
      const sellers = quote.sellers.map((seller) => ({ sellerUserId: seller.sellerUserId, fulfilment: 'pickup', slotId: seller.slots.find((slot) => slot.method === 'pickup')!.id }));
      const checkout = await buyer.ok<{ orders: Array<{ id: string }> }>('POST', '/api/checkout', { addressId: null, sellers, payNow: true }, { 'Idempotency-Key': randomUUID() });
      const orderId = checkout.orders[0]!.id;
      const placed = await buyer.order(orderId);
      await farm.orderAction(orderId, 'accept');
      await farm.orderAction(orderId, 'mark_ready');
      await farm.orderAction(orderId, 'hand_over', { confirmationCode: placed.confirmationCode! });
      await buyer.orderAction(orderId, 'request_refund', { reason: 'Half of the bunch was rotten.' });
      await farm.orderAction(orderId, 'contest_refund', { reason: 'The plantain left the farm fresh.' });
      const before = await buyer.walletAvailable();

      await openAdmin(page, 'refunds');
      const card = page.getByRole('article', { name: `Refund of order ${orderId}` });
      await expect(card).toBeVisible();
      await expect(card.getByText('Contested')).toBeVisible();
      await expect(card).toContainText(ADMIN_CONSOLE_USERS.refundBuyer.username);
      await expect(card).toContainText('Console Creek Farm');
      await expect(card).toContainText('Half of the bunch was rotten.');
      await expect(card).toContainText('The plantain left the farm fresh.');
      await expect(card.getByRole('link', { name: ADMIN_CONSOLE_PRODUCT.title })).toHaveAttribute('href', `/order/${orderId}`);
      const amount = formatMoney(placed.totalMinor, 'USD');
      await expect(card).toContainText(amount);

      await card.getByRole('button', { name: 'Refund the buyer' }).dblclick();
      await expect(getToast(page, 'Buyer refunded')).toBeVisible();
      await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Refund the buyer' })).toHaveCount(0);
      expect(await buyer.walletAvailable()).toBe(before + placed.totalMinor);
      expect((await buyer.order(orderId)).status).toBe('refunded');

      // The buyer's own wallet page shows the money back.
      await signInThroughApi(page, ADMIN_CONSOLE_USERS.refundBuyer, '/wallet');
      await expect(page.getByTestId('wallet-available')).toHaveText(formatMoney(before + placed.totalMinor, 'USD'));
      await expect(page.getByTestId('wallet-entry').first()).toContainText('Refund');
    } finally {
      await buyer.dispose();
      await farm.dispose();
    }
  });

  test('the System section (/admin/system) lists the background job queues with their counts', async ({ page }) => {
    await signInThroughApi(page, ADMIN_CONSOLE_USERS.admin, '/admin/system');
    await expect(page).toHaveURL(/\/admin\?tab=system$/);
    await expect(page.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');
    const queues = page.getByRole('table', { name: 'Job queues' });
    await expect(queues.getByRole('row')).toHaveCount(6);
    await expect(queues.getByRole('row', { name: /Order timers/ })).toBeVisible();
    await expect(queues.getByRole('row', { name: /Mail outbox/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Last failures' })).toBeVisible();
  });

  test('popups: a scheduled popup is created from the form (schema messages first) and deleted', async ({ page }) => {
    await openAdmin(page, 'popups');
    const form = page.getByRole('form', { name: 'New popup' });
    await form.getByRole('button', { name: 'Create popup' }).click();
    await expect(form.getByText('Required')).toHaveCount(2);
    await form.getByLabel('Title').fill('Console harvest week');
    await form.getByLabel('Content').fill('Fresh plantain every morning.');
    await form.getByLabel('Button link').fill('http://insecure.example');
    // Scheduled for next year so no other page ever shows it.
    const nextYear = new Date().getFullYear() + 1;
    await form.getByLabel('Starts').fill(`${nextYear}-01-10T09:00`);
    await form.getByLabel('Ends').fill(`${nextYear}-01-09T09:00`);
    await form.getByRole('button', { name: 'Create popup' }).click();
    await expect(form.getByText('Must be a path on this site (starting with /) or an https:// address')).toBeVisible();
    await expect(form.getByText('Must be after the start')).toBeVisible();
    await form.getByLabel('Button label').fill('Shop plantain');
    await form.getByLabel('Button link').fill('/products');
    await form.getByLabel('Ends').fill(`${nextYear}-01-20T09:00`);
    await form.getByRole('button', { name: 'Create popup' }).click();
    await expect(getToast(page, 'Popup created')).toBeVisible();
    const popup = page.getByRole('article', { name: 'Popup Console harvest week' });
    await expect(popup).toBeVisible();
    await expect(popup.getByText('Scheduled')).toBeVisible();
    await popup.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this popup?' }).getByRole('button', { name: 'Delete popup' }).click();
    await expect(getToast(page, 'Popup deleted')).toBeVisible();
    await expect(popup).toHaveCount(0);
  });
});
