import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApiInPage } from '../support/api-in-page';
import { ASSISTANT_PRODUCTS, ASSISTANT_USERS } from '../support/fixtures-assistant';
import { ApiActor } from '../support/orders-api';
import { getShell } from '../support/shell';
import { FIXTURE_PASSWORD } from '../support/fixtures';
import { fillSignInForm, signInThroughApi } from '../support/sign-in';

/**
 * Pulse Assistant on a phone (issue 14 "Done when"): the widget finds the fixture farms' organic
 * tomatoes near Kumasi from plain words with a typo, adds to the basket from the chat (visitors are
 * asked to sign in), tells a buyer where their order is with a link that opens it, links how-to
 * answers to their page, never covers the bars, is absent on /pulse-assistant, and a signed-in
 * person's conversation is the same in the widget and on the page until they clear it.
 */

const TOMATO_QUESTION = 'organic tomatos under 5 near Kumasi';

function launcherOf(page: Page): Locator {
  return page.getByRole('button', { name: 'Open Pulse Assistant' });
}

async function openWidget(page: Page): Promise<Locator> {
  const launcher = launcherOf(page);
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await launcher.click();
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  const dialog = page.getByRole('dialog', { name: 'Pulse Assistant' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types a question and sends it; returns the answer's list item (the last one, once it has settled). */
async function ask(chat: Locator, text: string): Promise<Locator> {
  const input = chat.getByRole('textbox', { name: 'Ask Pulse Assistant' });
  await input.fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
  // The question shows as the person's own message; the answer follows it.
  await expect(chat.getByRole('listitem').filter({ hasText: text }).last()).toBeVisible();
  return chat.getByRole('listitem').last();
}

function productCard(scope: Locator, title: string): Locator {
  return scope.getByRole('article', { name: title, exact: true });
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The fixture farm's product id, found through the catalogue like a buyer would. */
async function productIdOf(actor: ApiActor, title: string): Promise<string> {
  const page = await actor.ok<{ items: Array<{ id: string; title: string }> }>('GET', `/api/products?q=${encodeURIComponent(title)}`);
  const product = page.items.find((item) => item.title === title);
  expect(product, `product "${title}" in the catalogue`).toBeDefined();
  return product!.id;
}

test.describe('Pulse Assistant', () => {
  test('a visitor finds organic tomatoes under 5 near Kumasi in the widget (never covering the bar items) and, signed in, adds them to the basket', async ({ page }) => {
    await page.goto('/');
    const shell = getShell(page);
    const launcher = launcherOf(page);
    await expect(launcher).toBeVisible();
    await expect(shell.bottomBar).toBeVisible();
    await expect(shell.appSwitch).toBeVisible();
    const launcherBox = await launcher.boundingBox();
    const appSwitchBox = await shell.appSwitch.boundingBox();
    if (!launcherBox || !appSwitchBox) throw new Error('The launcher or the app switch has no box');
    // It stands in the bottom bar's band, at the end the bar keeps free (decision 035): over none of its items.
    for (const link of await shell.bottomBar.getByRole('link').all()) {
      const linkBox = await link.boundingBox();
      if (!linkBox) throw new Error('A bottom bar item has no box');
      expect(overlaps(launcherBox, linkBox), `the launcher covers ${await link.textContent()}`).toBe(false);
    }
    expect(overlaps(launcherBox, appSwitchBox), 'the launcher covers the app switch button').toBe(false);
    await shell.appSwitch.click({ trial: true, timeout: 3_000 });

    const chat = await openWidget(page);
    // Open, the chat sits above the bottom bar: its links still take a tap (a trial click fails on a covered element).
    for (const name of ['Marketplace', 'Pulse Hub']) await shell.bottomBar.getByRole('link', { name }).click({ trial: true, timeout: 3_000 });
    const answer = await ask(chat, TOMATO_QUESTION);
    const match = productCard(answer, ASSISTANT_PRODUCTS.organicNearKumasi.title);
    await expect(match).toBeVisible();
    await expect(match).toContainText('3.80');
    // Not organic, over 5.00, and 300 km away: none of them is offered.
    for (const other of [ASSISTANT_PRODUCTS.plainNearKumasi, ASSISTANT_PRODUCTS.dearNearKumasi, ASSISTANT_PRODUCTS.organicFarAway]) {
      await expect(productCard(chat, other.title), other.title).toHaveCount(0);
    }

    // A visitor's "Add to basket" asks them to sign in (the catalogue's own button: to /login and back).
    await match.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page).toHaveURL(/\/login(\?|#|$)/);
    await fillSignInForm(page, ASSISTANT_USERS.basketBuyer.email, FIXTURE_PASSWORD);
    await expect(page).not.toHaveURL(/\/login(\?|#|$)/);

    // Signed in, the same question and the same button add the tomatoes: the badge and the basket show them.
    await expect(shell.topBar).toBeVisible();
    await expect(shell.basketBadge).toHaveCount(0);
    const signedInChat = await openWidget(page);
    const signedInAnswer = await ask(signedInChat, TOMATO_QUESTION);
    await productCard(signedInAnswer, ASSISTANT_PRODUCTS.organicNearKumasi.title).getByRole('button', { name: 'Add to basket' }).click();
    await expect(shell.basketBadge).toHaveText('1');
    const basket = await callApiInPage<{ groups: Array<{ items: Array<{ title: string }> }> }>(page, 'GET', '/api/baskets');
    expect(basket.status).toBe(200);
    expect(basket.body.groups.flatMap((group) => group.items.map((item) => item.title))).toEqual([ASSISTANT_PRODUCTS.organicNearKumasi.title]);
  });

  test('a buyer asks "where is my order" and opens their order from the answer', async ({ page }) => {
    // One paid pickup order of the fixture tomatoes, accepted by the farm: its real state is "Accepted by the farm".
    const buyer = await ApiActor.signIn(ASSISTANT_USERS.orderBuyer);
    const farm = await ApiActor.signIn(ASSISTANT_USERS.kumasiFarm);
    let orderId: string;
    try {
      await buyer.topUp(5_000);
      await buyer.ok('DELETE', '/api/baskets');
      await buyer.ok('POST', '/api/baskets/items', { productId: await productIdOf(buyer, ASSISTANT_PRODUCTS.organicNearKumasi.title), quantity: 2 });
      const quote = await buyer.ok<{ sellers: Array<{ sellerUserId: string; slots: Array<{ id: string; method: string }> }> }>('POST', '/api/checkout/quote', { addressId: null });
      const sellers = quote.sellers.map((seller) => {
        const slot = seller.slots.find((candidate) => candidate.method === 'pickup');
        expect(slot, 'a pickup slot of the fixture farm').toBeDefined();
        return { sellerUserId: seller.sellerUserId, fulfilment: 'pickup', slotId: slot!.id };
      });
      const checkout = await buyer.ok<{ orders: Array<{ id: string }> }>('POST', '/api/checkout', { addressId: null, sellers, payNow: true }, { 'Idempotency-Key': randomUUID() });
      orderId = checkout.orders[0]!.id;
      expect((await farm.orderAction(orderId, 'accept')).status).toBe('accepted');
    } finally {
      await buyer.dispose();
      await farm.dispose();
    }
    const orderNumber = orderId.replace(/-/g, '').slice(-8).toUpperCase();

    await signInThroughApi(page, ASSISTANT_USERS.orderBuyer, '/');
    const chat = await openWidget(page);
    const answer = await ask(chat, 'where is my order');
    const card = answer.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Accepted by the farm');
    const link = card.locator(`a[href="/order/${orderId}"]`);
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
    await expect(page.getByText(orderNumber).first()).toBeVisible();
  });

  test('"how do I become an agent" links to /agent-registration (a visitor signs in on the way)', async ({ page }) => {
    await page.goto('/product-listing');
    const chat = await openWidget(page);
    const answer = await ask(chat, 'how do I become an agent');
    const link = answer.locator('a[href="/agent-registration"]');
    await expect(link).toBeVisible();
    await link.click();
    // The registration needs an account: sign in, and it opens.
    await expect(page).toHaveURL(/\/login(\?|#|$)/);
    await fillSignInForm(page, ASSISTANT_USERS.agentAsker.email, FIXTURE_PASSWORD);
    await expect(page).toHaveURL(/\/agent-registration$/);
    await expect(page.getByRole('button', { name: 'Submit application' })).toBeVisible();
  });

  test("a signed-in person's conversation is the same in the widget and on /pulse-assistant (no launcher there) until cleared", async ({ page }) => {
    const question = 'how do I sell on pulse market';
    await signInThroughApi(page, ASSISTANT_USERS.historyBuyer, '/');
    let chat = await openWidget(page);
    const answer = await ask(chat, question);
    await expect(answer.locator('a[href="/seller-signup"]')).toBeVisible();

    // Kept on the server: after a reload the widget shows it again.
    await page.reload();
    chat = await openWidget(page);
    await expect(chat.getByRole('listitem').filter({ hasText: question })).toHaveCount(1);
    await expect(chat.locator('a[href="/seller-signup"]')).toBeVisible();

    // The full page shows the same conversation, and no launcher.
    await page.goto('/pulse-assistant');
    await expect(page).toHaveTitle('Pulse Assistant - Pulse Market');
    await expect(page.getByRole('heading', { level: 1, name: 'Pulse Assistant' })).toBeVisible();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    await expect(conversation.getByRole('listitem').filter({ hasText: question })).toHaveCount(1);
    await expect(launcherOf(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear conversation' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: question })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clear conversation' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pulse Assistant' })).toBeVisible();
    await expect(page.getByTestId('assistant-welcome')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: question })).toHaveCount(0);
    const kept = await callApiInPage<{ messages: unknown[] }>(page, 'GET', '/api/assistant/conversation');
    expect(kept.status).toBe(200);
    expect(kept.body.messages).toEqual([]);
  });
});
