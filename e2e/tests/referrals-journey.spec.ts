import { expect, test, type Locator, type Page } from '@playwright/test';
import { openLivePage } from '../support/live-page';
import { callApiInPage } from '../support/api-in-page';
import { APP_URL, OIDC_CLIENT } from '../support/fixtures';
import { REFERRALS_PRODUCT, REFERRALS_SHOP, REFERRALS_USERS } from '../support/fixtures-referrals';
import { ApiActor } from '../support/orders-api';
import { openSecondPerson } from '../support/realtime';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

/**
 * Issue 13's browser walk: a referral agent copies its link, a new visitor opens it in another
 * browser, signs up, tops up and orders; the farm hands the order over and the buyer confirms it;
 * the agent's /agent-referrals then shows the sign-up, the first order and the earning. Other specs
 * use the same server, so the figures are read before and compared after.
 */

/** The server's defaults (the e2e server sets neither): COMMISSION_BPS 1000 and REFERRAL_SHARE_BPS 2000. */
const COMMISSION_BPS = 1000;
const SHARE_BPS = 2000;

const usd = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
/** As the server numbers orders on the earnings list: the last 8 characters of the id, upper case. */
const orderNumberOf = (orderId: string) => orderId.replace(/-/g, '').slice(-8).toUpperCase();

let counter = 0;
function newPerson(prefix: string) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}${test.info().workerIndex}`;
  return { email: `${prefix}.${suffix}@referrals.e2e.example`, username: `${prefix}_${suffix}`, password: 'mango-lantern-harbour-73' };
}

async function figure(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/^\d+$/);
  return Number(await locator.innerText());
}

/** The funnel's figures as the agent's page shows them. */
function funnel(page: Page) {
  return {
    visits: page.getByTestId('referral-visits'),
    signUps: page.getByTestId('referral-signups'),
    firstOrders: page.getByTestId('referral-first-orders'),
  };
}

/** Fills and sends the sign-up form already open; resolves with the register call (status and body sent) once the app has left /login. */
async function signUp(page: Page, person: { email: string; username: string; password: string }): Promise<{ status: number; sent: Record<string, unknown> }> {
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  const registered = page.waitForResponse((response) => response.url().endsWith('/api/auth/register') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  const response = await registered;
  await expect(page).toHaveURL(`${APP_URL}/`);
  return { status: response.status(), sent: response.request().postDataJSON() as Record<string, unknown> };
}

async function openSignUp(page: Page) {
  await openLivePage(page, '/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
}

test.describe('referral programme', () => {
  test('an agent copies its link, a new visitor signs up with it and orders; the completed order shows as a sign-up, a first order and an earning', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const farm = await ApiActor.signIn(REFERRALS_USERS.farm);
    const visitor = await openSecondPerson(browser);
    try {
      // The agent opens its referrals page and copies its link.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
      await signInThroughApi(page, REFERRALS_USERS.agent, '/agent-referrals');
      const code = (await page.getByTestId('referral-code').innerText()).trim();
      expect(code).toMatch(/^REF-[A-Z0-9]{3}$/);
      const linkField = page.getByRole('textbox', { name: 'Your referral link' });
      await expect(linkField).toHaveValue(`${APP_URL}/?ref=${code}`);
      await expect(linkField).toHaveAttribute('readonly', '');
      const before = { visits: await figure(funnel(page).visits), signUps: await figure(funnel(page).signUps), firstOrders: await figure(funnel(page).firstOrders) };

      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(getToast(page, 'Link copied')).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(`${APP_URL}/?ref=${code}`);

      // A new visitor, in a browser of their own, opens the link: the visit counts and the code is remembered.
      const visitCounted = visitor.page.waitForResponse((response) => response.url().endsWith('/api/referrals/visits'));
      await visitor.page.goto(copied);
      const visit = await visitCounted;
      expect(visit.status()).toBe(202);
      expect(await visit.json()).toEqual({ counted: true });
      const remembered = await visitor.page.evaluate(() => localStorage.getItem('pulse_referral'));
      expect(JSON.parse(remembered ?? '{}')).toMatchObject({ code });

      // ...signs up by e-mail (the form says who invited them).
      const person = newPerson('referred');
      await openSignUp(visitor.page);
      await expect(visitor.page.getByTestId('invited-by')).toContainText(`Invited by @${REFERRALS_USERS.agent.username}`);
      // Single sign-on carries the code too (the server attributes the account only if the callback creates it).
      await expect(visitor.page.getByRole('link', { name: `Continue with ${OIDC_CLIENT.name}` })).toHaveAttribute('href', new RegExp(`/api/auth/oidc/start\\?ref=${code}$`));
      const registered = await signUp(visitor.page, person);
      expect(registered).toMatchObject({ status: 201, sent: { email: person.email, referralCode: code } });

      // ...puts the farm's oranges in the basket, tops up at checkout and pays for a pickup order.
      const listing = await callApiInPage<{ items: Array<{ id: string; title: string }> }>(
        visitor.page,
        'GET',
        `/api/products?q=${encodeURIComponent(REFERRALS_PRODUCT.title)}`,
      );
      const product = listing.body.items.find((item) => item.title === REFERRALS_PRODUCT.title);
      expect(product, 'the referrals lane product').toBeDefined();
      await visitor.page.goto(`/product-details/${product!.id}`);
      await expect(visitor.page.getByRole('heading', { level: 1, name: REFERRALS_PRODUCT.title })).toBeVisible();
      await visitor.page.getByRole('button', { name: 'Add to basket' }).click();
      await expect(getToast(visitor.page, 'Added to basket')).toBeVisible();

      await visitor.page.goto('/basket');
      await visitor.page.getByRole('button', { name: 'Checkout', exact: true }).click();
      const farmCard = visitor.page.getByRole('region', { name: `${REFERRALS_SHOP.name} checkout` });
      await farmCard.getByRole('radio', { name: 'Pickup at the farm', exact: true }).click();
      const firstSlot = farmCard.getByRole('radiogroup', { name: 'Pickup time' }).getByRole('radio').first();
      await firstSlot.click();
      await expect(firstSlot).toHaveAttribute('aria-checked', 'true');
      const total = REFERRALS_PRODUCT.priceMinor;
      await expect(visitor.page.getByTestId('checkout-total')).toHaveText(usd(total));
      await visitor.page.getByRole('button', { name: `Top up ${usd(total)}` }).click();
      await visitor.page.getByRole('form', { name: 'Top up' }).getByRole('button', { name: `Top up ${usd(total)}` }).click();
      await expect(getToast(visitor.page, 'Wallet topped up')).toBeVisible();
      await visitor.page.getByRole('button', { name: `Pay ${usd(total)}`, exact: true }).click();
      await expect(visitor.page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
      const orderId = visitor.page.url().split('/').pop()!;
      const status = visitor.page.getByTestId('order-status');
      await expect(status).toHaveText('Paid');
      const confirmationCode = (await visitor.page.getByTestId('confirmation-code').innerText()).trim();

      // Paid, not completed: the agent's share is pending.
      const commission = Math.floor((REFERRALS_PRODUCT.priceMinor * COMMISSION_BPS) / 10_000);
      const share = Math.floor((commission * SHARE_BPS) / 10_000);
      await page.reload();
      const earning = page.getByRole('listitem', { name: `Order ${orderNumberOf(orderId)}` });
      await expect(earning.getByTestId('referral-earning-status')).toHaveText('Pending');

      // The farm hands the order over, the buyer confirms receipt: completed.
      await farm.orderAction(orderId, 'accept');
      await farm.orderAction(orderId, 'mark_ready');
      await farm.orderAction(orderId, 'hand_over', { confirmationCode });
      await expect(status).toHaveText('Delivered');
      await visitor.page.getByRole('button', { name: 'Confirm receipt' }).click();
      await visitor.page.getByRole('dialog').getByRole('button', { name: 'Yes, I received it' }).click();
      await expect(status).toHaveText('Completed');

      // The agent's page: one more visit, sign-up and first order; the new person with their order; the earning earned.
      await page.reload();
      await expect(funnel(page).visits).toHaveText(String(before.visits + 1));
      await expect(funnel(page).signUps).toHaveText(String(before.signUps + 1));
      await expect(funnel(page).firstOrders).toHaveText(String(before.firstOrders + 1));
      const referred = page.getByRole('list', { name: 'People you referred' }).getByRole('listitem', { name: `@${person.username}` });
      await expect(referred).toBeVisible();
      await expect(referred).toContainText('First order');
      await expect(referred).toContainText(usd(share));
      await expect(earning).toContainText(`@${person.username}`);
      await expect(earning).toContainText(`commission ${usd(commission)}`);
      await expect(earning).toContainText(usd(share));
      await expect(earning.getByTestId('referral-earning-status')).toHaveText('Earned');
    } finally {
      await visitor.context.close();
      await farm.dispose();
    }
  });

  test('a visitor who opens a link with a code nobody has signs up as usual, invited by nobody', async ({ page }) => {
    const unknownCode = 'NOB-0DY';
    const visit = page.waitForResponse((response) => response.url().endsWith('/api/referrals/visits'));
    await page.goto(`/?ref=${unknownCode}`);
    // Always accepted, never counted.
    expect((await visit).status()).toBe(202);
    expect(await (await visit).json()).toEqual({ counted: false });

    // The sign-up form asks whose code it is: nobody's, so no "Invited by".
    const lookup = page.waitForResponse((response) => response.url().endsWith(`/api/referrals/codes/${unknownCode}`));
    await openSignUp(page);
    expect((await lookup).status()).toBe(404);
    await expect(page.getByTestId('invited-by')).toHaveCount(0);
    const person = newPerson('uninvited');
    // The remembered code goes with the sign-up and is ignored there: the account is made as usual.
    expect(await signUp(page, person)).toMatchObject({ status: 201, sent: { referralCode: unknownCode } });
    const me = await callApiInPage<{ user: { username: string } }>(page, 'GET', '/api/auth/me');
    expect(me.body.user.username).toBe(person.username);
  });
});
