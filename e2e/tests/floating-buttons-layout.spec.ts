import { expect, test, type Locator, type Page } from '@playwright/test';
import { addToBasketThroughApi } from '../support/basket-api';
import { waitForResults } from '../support/catalogue';
import { FIXTURE_USERS } from '../support/fixtures';
import { getShell } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';

/**
 * The floating buttons (app switch, assistant) never sit over what a page asks a person to read or
 * press. On pages with bars they stand in the bottom bar's band, over no content at all; elsewhere
 * they step aside for the basket's total and its Checkout button, the checkout's total and Pay
 * button, and leave the last content of a page scrolled to its end clear. Runs on the phone and the
 * desktop (layout spec).
 */

type Box = { x: number; y: number; width: number; height: number };

function boxesMeet(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The floating buttons a person can see now, with their boxes. */
async function visibleFloatingButtons(page: Page): Promise<Array<{ name: string; box: Box }>> {
  const { appSwitch, assistantWidget } = getShell(page);
  const found: Array<{ name: string; box: Box }> = [];
  for (const [name, button] of [
    ['app switch', appSwitch],
    ['assistant', assistantWidget],
  ] as const) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    if (box) found.push({ name, box });
  }
  return found;
}

/**
 * Nothing floats over `target`: no visible floating button's box meets it, and the topmost element
 * near each of its corners is the target itself (what a tap there would reach).
 */
async function expectNothingOver(page: Page, target: Locator, what: string) {
  await expect(async () => {
    const box = await target.boundingBox();
    if (!box) throw new Error(`${what} has no box`);
    for (const button of await visibleFloatingButtons(page)) {
      expect(boxesMeet(box, button.box), `the ${button.name} over ${what}`).toBe(false);
    }
    const cornersReachable = await target.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      // Inside rounded corners (cards and buttons clip their corners for hit testing too).
      const inset = Math.min(10, rect.width / 4, rect.height / 4);
      const corners: Array<[number, number]> = [
        [rect.left + inset, rect.top + inset],
        [rect.right - inset, rect.top + inset],
        [rect.left + inset, rect.bottom - inset],
        [rect.right - inset, rect.bottom - inset],
      ];
      return corners.map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === element || element.contains(hit));
      });
    });
    expect(cornersReachable, `${what}: its four corners can be tapped`).toEqual([true, true, true, true]);
  }).toPass({ timeout: 5_000 });
}

/** Scrolls so that `target` sits at the bottom edge of the screen, where the floating buttons are. */
async function scrollToBottomEdge(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
}

/**
 * Each target in turn at the bottom edge of the screen, where the floating buttons stand (checked: a
 * target that cannot be scrolled there would prove nothing), with nothing floating over it.
 */
async function expectClearAtBottomEdge(page: Page, targets: ReadonlyArray<readonly [string, Locator]>) {
  const place = await page.getByTestId('floating-buttons').boundingBox();
  if (!place) throw new Error('the floating buttons have no place');
  for (const [label, target] of targets) {
    await scrollToBottomEdge(target);
    const box = await target.boundingBox();
    if (!box) throw new Error(`${label} has no box`);
    expect(box.y + box.height, `${label} scrolled down to where the floating buttons stand`).toBeGreaterThan(place.y);
    await expectNothingOver(page, target, `${label} at the bottom of the screen`);
  }
}

/**
 * Whether the app switch is the whole round button, or stepped aside to a tab at the screen's edge
 * (narrower than the button, wholly on screen); a button cut off by the screen's edge, as it was
 * before decision 040, is neither.
 */
async function appSwitchOnScreen(page: Page): Promise<'whole' | 'tab' | 'cut off' | 'gone'> {
  const box = await getShell(page).appSwitch.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!box || box.x >= width) return 'gone';
  if (box.x + box.width > width + 0.5) return 'cut off';
  return box.width >= 48 ? 'whole' : 'tab';
}

/**
 * The resting tab reads as meant: flat against the screen's right edge, a finger's height (44 px or
 * more) and at least 16 px wide, its icon drawn whole inside it, and a tap on it reaches it.
 */
async function expectTabShape(page: Page, where: string) {
  const { appSwitch } = getShell(page);
  const box = await appSwitch.boundingBox();
  const icon = await appSwitch.locator('svg').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!box || !icon) throw new Error(`the app switch or its icon has no box ${where}`);
  expect(box.x + box.width, `the tab against the screen's edge ${where}`).toBeCloseTo(width, 0);
  expect(box.height, `the tab's height ${where}`).toBeGreaterThanOrEqual(44);
  expect(box.width, `the tab's width ${where}`).toBeGreaterThanOrEqual(16);
  expect(icon.width, `the tab's icon shows ${where}`).toBeGreaterThanOrEqual(12);
  expect(icon.x >= box.x && icon.x + icon.width <= box.x + box.width && icon.y >= box.y && icon.y + icon.height <= box.y + box.height, `the tab's icon whole inside it ${where}`).toBe(true);
  const reached = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="app-switch"]') !== null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(reached, `a tap on the tab reaches it ${where}`).toBe(true);
}

/**
 * Text, pictures and controls of the page (not the floating buttons) drawn within `box`, found
 * by walking the whole page: every line of text, every image, svg, button, link and field.
 */
async function contentWithin(page: Page, box: Box): Promise<string[]> {
  return page.evaluate((area) => {
    const meets = (rect: DOMRect) =>
      rect.width > 0 && rect.height > 0 && rect.left < area.x + area.width && area.x < rect.right && rect.top < area.y + area.height && area.y < rect.bottom;
    const floating = document.querySelector('[data-testid="floating-buttons"]');
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || floating?.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (Array.from(range.getClientRects()).some(meets)) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    for (const element of Array.from(document.querySelectorAll('img, svg, button, a, input, textarea, select'))) {
      if (floating?.contains(element) || element.closest('svg') !== element && element.tagName.toLowerCase() === 'svg') continue;
      if (meets(element.getBoundingClientRect())) found.push(element.tagName.toLowerCase());
    }
    return found;
  }, box);
}

async function scrollPageToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
}

test.describe('floating buttons keep clear of content', () => {
  test('on the product listing the buttons stand in the bottom bar\'s band, beside its items, over no card', async ({ page }) => {
    // A signed-in buyer: the longest bar (Orders, Products, Messages, Notifications). Read only.
    await signInThroughApi(page, FIXTURE_USERS.emptyBasketBuyer, '/product-listing');
    const { appSwitch, assistantWidget, bottomBar } = getShell(page);
    await expect(page.getByTestId('product-card').nth(3)).toBeVisible();
    await expect(appSwitch).toBeVisible();
    await expect(assistantWidget).toBeVisible();
    const links = bottomBar.getByRole('link');
    await expect(links).toHaveText(['Orders', 'Products', 'Messages', 'Notifications']);

    // At rest and scrolled: the cards pass under the bar, the buttons never leave it.
    for (const scrollTop of [0, 400, 900]) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), scrollTop);
      const bar = await bottomBar.boundingBox();
      if (!bar) throw new Error('the bottom bar has no box');
      const buttons = await visibleFloatingButtons(page);
      expect(buttons.map((button) => button.name).sort(), `both buttons show at ${scrollTop} px`).toEqual(['app switch', 'assistant']);
      for (const button of buttons) {
        expect(button.box.y, `the ${button.name}'s top within the bar at ${scrollTop} px`).toBeGreaterThanOrEqual(bar.y);
        expect(button.box.y + button.box.height, `the ${button.name}'s bottom within the bar`).toBeLessThanOrEqual(bar.y + bar.height);
        // What a tap on the button's centre reaches is the button: nothing of the page is over it, and it over nothing of the page.
        const hitsButton = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="floating-buttons"]') !== null,
          { x: button.box.x + button.box.width / 2, y: button.box.y + button.box.height / 2 },
        );
        expect(hitsButton, `the ${button.name} can be tapped`).toBe(true);
      }
    }

    // The bar's items keep their own room: none under a button, every label whole.
    const buttons = await visibleFloatingButtons(page);
    for (const link of await links.all()) {
      const name = (await link.textContent()) ?? '';
      const box = await link.boundingBox();
      if (!box) throw new Error(`${name} has no box`);
      for (const button of buttons) expect(boxesMeet(box, button.box), `the ${button.name} over ${name}`).toBe(false);
      const whole = await link.locator('span', { hasText: name }).last().evaluate((label) => label.scrollWidth <= label.clientWidth);
      expect(whole, `the label "${name}" is whole`).toBe(true);
    }
  });

  test('the basket total and Checkout, then the checkout total and Pay, are never under a floating button', async ({ page }, testInfo) => {
    // Two steps, each scrolled to several places: more than the default on a loaded machine.
    test.setTimeout(90_000);
    // The phone and desktop runs go side by side: one basket each (the spare mode buyer on the phone,
    // wallet.spec.ts only reads its wallet). Lines from the basket lane's two farms.
    const buyer = testInfo.project.name === 'desktop' ? FIXTURE_USERS.desktopLayoutBuyer : FIXTURE_USERS.modeBuyer;
    await signInThroughApi(page, buyer, '/home');
    for (const key of ['yams', 'watercress', 'tilapia'] as const) await addToBasketThroughApi(page, key, 1);
    await page.goto('/basket');
    await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible();
    await expect(getShell(page).appSwitch).toBeAttached();
    const total = page.getByTestId('basket-total');
    const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
    await expect(total).toBeVisible();

    // On the desktop the basket and the checkout fit above the buttons' place and cannot be scrolled
    // down to it (the guard in expectClearAtBottomEdge says so): there, only the ends are checked.
    const pageReachesButtons = testInfo.project.name !== 'desktop';
    if (pageReachesButtons) await expectClearAtBottomEdge(page, [
      // A farm's amount in the summary: on a phone, the first screen of a three-line basket ends there.
      ['a farm\'s amount in the summary', page.getByTestId('basket-summary').locator('[data-keep-clear]').first()],
      ['the basket total', total],
      ['the Checkout button', checkout],
    ]);
    await scrollPageToEnd(page);
    await expectNothingOver(page, total, 'the basket total with the page scrolled to its end');
    await expectNothingOver(page, checkout, 'the Checkout button with the page scrolled to its end');

    // Stepping aside lasts only while the total is in their corner: with it at the top, they are back.
    await total.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await expect.poll(() => appSwitchOnScreen(page), { message: 'the app switch back wholly on screen' }).toBe('whole');

    await checkout.click();
    await expect(page).toHaveURL(/step=checkout/);
    const checkoutTotal = page.getByTestId('checkout-total');
    const pay = page.getByRole('button', { name: /^Pay [^ ]+$/ });
    await expect(pay).toBeVisible();
    if (pageReachesButtons) await expectClearAtBottomEdge(page, [
      ['the checkout total', checkoutTotal],
      ['the Pay button', pay],
    ]);
    await scrollPageToEnd(page);
    await expectNothingOver(page, pay, 'the Pay button with the page scrolled to its end');
  });

  test('on a page without bars the app switch gives way to any text under it, rests as a tab at the edge, and comes back', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    // On the desktop the text column ends well before the button: it never has to give way there.
    const textReachesButton = testInfo.project.name !== 'desktop';
    // A long page of text, read by a visitor: the app switch alone floats there.
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { appSwitch } = getShell(page);
    await expect(appSwitch).toBeAttached();
    const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(height, 'the page is longer than the screen').toBeGreaterThan(400);

    const seen = new Set<string>();
    for (const fraction of [0, 0.2, 0.4, 0.6, 0.8, 1]) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), Math.round(height * fraction));
      // One frame to notice, 180 ms to slide: settled when the position stops changing.
      await expect
        .poll(async () => {
          const first = await appSwitch.boundingBox();
          await page.waitForTimeout(250);
          return JSON.stringify(first) === JSON.stringify(await appSwitch.boundingBox());
        })
        .toBe(true);
      const place = await appSwitchOnScreen(page);
      seen.add(place);
      expect(['whole', 'tab'], `at ${fraction * 100}% of the page`).toContain(place);
      if (place === 'tab') await expectTabShape(page, `at ${fraction * 100}% of the page`);
      const box = await appSwitch.boundingBox();
      if (!box) throw new Error('the app switch has no box');
      expect(await contentWithin(page, box), `content under the app switch at ${fraction * 100}% (${place})`).toEqual([]);
    }
    // The paragraphs did reach its corner (on a phone), and at the end of the page it is back.
    expect([...seen].sort()).toEqual(textReachesButton ? ['tab', 'whole'] : ['whole']);
    expect(await appSwitchOnScreen(page)).toBe('whole');
    if (!textReachesButton) return;

    // The tab can be tapped: back at the top, over the text, it opens the menu, wholly on screen.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => appSwitchOnScreen(page)).toBe('tab');
    await appSwitch.click();
    await expect(page.getByRole('menu').getByText('Switch App', { exact: true })).toBeVisible();
    await expect.poll(() => appSwitchOnScreen(page)).toBe('whole');
  });

  test('the last cards of the product listing, scrolled to its end, are clear of the assistant and the app switch', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/product-listing');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    const { assistantWidget, appSwitch } = getShell(page);
    await expect(assistantWidget).toBeVisible();
    await expect(appSwitch).toBeVisible();

    // Every page of the listing, until there is no "Load more".
    await expect(async () => {
      await scrollPageToEnd(page);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 75_000 });
    // The last page's cards come a few at a time: scroll to the end once all are there.
    await waitForResults(page);
    await scrollPageToEnd(page);

    const count = await cards.count();
    const columns = await page.evaluate(() => {
      const all = [...document.querySelectorAll('[data-testid="product-card"]')];
      const lastTop = all.at(-1)?.getBoundingClientRect().top;
      return all.filter((card) => card.getBoundingClientRect().top === lastTop).length;
    });
    // The whole last row: the card under the buttons is the rightmost one.
    for (let index = count - columns; index < count; index++) {
      await expectNothingOver(page, cards.nth(index), `product card ${index + 1} of ${count}, the last row`);
    }
    await expect(assistantWidget).toBeVisible();
    await expect(appSwitch).toBeVisible();
  });
});
