import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '../../packages/contract/src/money';
import { createSolidPng } from '../support/api-in-page';
import { HUB_LANE_PRODUCT, HUB_LANE_USERS } from '../support/fixtures-hub';
import { ApiActor, openSignedIn } from '../support/orders-api';
import { openLive, openSecondPerson } from '../support/realtime';
import { getShell } from '../support/shell';
import { getToast } from '../support/toasts';

/**
 * Issue 12's "Done when", in two browsers: the author posts with a photo and a linked product; the
 * reader follows and finds it at the top of the feed, likes it, comments, gets a reply, tips it (both
 * wallets change) and reports it; the author's Hub count and toasts fire live; the moderator hides
 * it from the /admin reports queue and it leaves the reader's feed.
 */

const LIVE_MS = 15_000;
const READER_TOP_UP_MINOR = 5_000;
const TIP_MINOR = 200;
const usd = (minor: number) => formatMoney(minor, 'USD');

function postCard(page: Page, stamp: string): Locator {
  return page.getByTestId('post-card').filter({ hasText: stamp });
}

test.describe('Pulse Hub journey', () => {
  test('post with a photo and a product; follow, like, comment, reply, tip, report; live toasts and count; a moderator hides it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const stamp = `batch ${Date.now().toString(36)}`;
    const text = `Fresh forest honey, just out of the hives #honey ${stamp}`;
    const reader = await ApiActor.signIn(HUB_LANE_USERS.reader);
    const authorApi = await ApiActor.signIn(HUB_LANE_USERS.author);
    await reader.topUp(READER_TOP_UP_MINOR);
    const readerBefore = await reader.walletAvailable();
    const authorBefore = await authorApi.walletAvailable();

    // The author writes the post: text, a photo, a linked product.
    await openLive(page, HUB_LANE_USERS.author, '/hub/feed');
    const composer = page.getByTestId('composer');
    await composer.getByLabel('Post text').fill(text);
    await expect(composer.getByTestId('composer-counter')).toHaveText(`${text.length} / 2000`);
    await composer.getByTestId('composer-photo-input').setInputFiles({ name: 'hives.png', mimeType: 'image/png', buffer: createSolidPng(64, [214, 160, 40]) });
    await expect(composer.getByRole('img', { name: 'Photo 1 to post' })).toBeVisible();
    await composer.getByRole('button', { name: 'Link products' }).click();
    await composer.getByLabel('Link a product').fill('Forest Honey');
    await page.getByRole('option').filter({ hasText: HUB_LANE_PRODUCT.title }).click();
    await expect(composer.getByTestId('composer-products')).toContainText(HUB_LANE_PRODUCT.title);
    await composer.getByRole('button', { name: 'Post', exact: true }).click();

    const authorCard = postCard(page, stamp);
    await expect(authorCard).toBeVisible();
    await expect(authorCard.getByTestId('post-photos').getByRole('img')).toHaveCount(1);
    await expect(authorCard.getByTestId('post-products')).toContainText(HUB_LANE_PRODUCT.title);
    await expect(authorCard.getByText('#honey')).toBeVisible();
    await expect(composer.getByLabel('Post text')).toHaveValue('');

    const readerBrowser = await openSecondPerson(browser);
    const moderatorBrowser = await openSecondPerson(browser);
    try {
      // The reader follows the author; after a reload the post is at the top of the feed.
      const readerPage = readerBrowser.page;
      await openLive(readerPage, HUB_LANE_USERS.reader, '/hub/feed');
      await postCard(readerPage, stamp).getByRole('button', { name: `Follow ${HUB_LANE_USERS.author.username}` }).click();
      await expect(postCard(readerPage, stamp).getByRole('button', { name: `Follow ${HUB_LANE_USERS.author.username}` })).toHaveCount(0);
      await readerPage.reload();
      await expect(readerPage.getByTestId('post-card').first()).toContainText(stamp);
      const readerCard = postCard(readerPage, stamp);
      await expect(readerCard.getByTestId('post-author')).toHaveText(HUB_LANE_USERS.author.username);
      await expect(readerCard.getByTestId('post-products').getByRole('button', { name: 'Add to basket' })).toBeVisible();

      // Like: the count moves at once; the author's toast and Hub count follow live.
      await readerCard.getByTestId('like-button').click();
      await expect(readerCard.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
      await expect(readerCard.getByTestId('like-button')).toHaveText('1');
      await expect(getToast(page, 'New Like')).toBeVisible({ timeout: LIVE_MS });
      await expect(page.getByTestId('pulse-hub-badge')).toHaveText('1');

      // Comment from the post's own page.
      await readerCard.getByTestId('comment-count').click();
      await expect(readerPage).toHaveURL(/\/pulse\/[0-9a-f-]{36}$/);
      const postPath = new URL(readerPage.url()).pathname;
      await expect(readerPage).toHaveTitle(new RegExp(`^${HUB_LANE_USERS.author.username}: Fresh forest honey`));
      await readerPage.getByLabel('Write a comment').fill('Is it raw honey? I would take two jars.');
      await readerPage.getByRole('button', { name: 'Comment', exact: true }).click();
      const readerComment = readerPage.getByTestId('comment').filter({ hasText: 'I would take two jars' });
      await expect(readerComment).toBeVisible();
      await expect(readerPage.getByTestId('comment-count')).toHaveAccessibleName('1 comments');
      await expect(getToast(page, 'New Comment')).toBeVisible({ timeout: LIVE_MS });
      await expect(page.getByTestId('pulse-hub-badge')).toHaveText('2');

      // The author replies on the post's page; the reader is told.
      await authorCard.getByTestId('comment-count').click();
      const comment = page.getByTestId('comment').filter({ hasText: 'I would take two jars' });
      await comment.getByRole('button', { name: 'Reply' }).click();
      await page.getByLabel(`Reply to ${HUB_LANE_USERS.reader.username}`).fill('Raw and unfiltered. Two jars are in the shop.');
      await page.getByRole('button', { name: 'Reply', exact: true }).last().click();
      await expect(page.getByTestId('comment').filter({ hasText: 'Raw and unfiltered' })).toBeVisible();
      await expect(getToast(readerPage, 'New Reply')).toBeVisible({ timeout: LIVE_MS });
      await readerPage.reload();
      await expect(readerPage.getByTestId('comment-thread').filter({ hasText: 'I would take two jars' })).toContainText('Raw and unfiltered');

      // The tip: a preset, paid once; the post's tip total shows it.
      await readerPage.getByTestId('tip-button').click();
      const tipDialog = readerPage.getByRole('dialog', { name: `Tip ${HUB_LANE_USERS.author.username}` });
      await tipDialog.getByText(usd(TIP_MINOR), { exact: true }).click();
      await tipDialog.getByRole('button', { name: 'Send tip' }).click();
      await expect(getToast(readerPage, 'Tip sent')).toBeVisible();
      await expect(tipDialog).toBeHidden();
      await expect(readerPage.getByTestId('tip-total')).toHaveText(`Tip · ${usd(TIP_MINOR)}`);
      await expect(getToast(page, 'New Tip')).toBeVisible({ timeout: LIVE_MS });
      await expect(page.getByTestId('pulse-hub-badge')).toHaveText('3');
      // The author, on the post's page, sees who tipped.
      await expect(page.getByTestId('tipped-by')).toContainText(HUB_LANE_USERS.reader.username);
      await expect(page.getByTestId('tipped-by')).toContainText(usd(TIP_MINOR));

      // The report, and a second one refused with the server's words.
      const report = async () => {
        await readerPage.getByRole('button', { name: 'More actions' }).click();
        await readerPage.getByRole('menuitem', { name: 'Report' }).click();
        const dialog = readerPage.getByRole('dialog', { name: 'Report post' });
        await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
        await dialog.getByLabel(/Anything the moderators should know/).fill('Asks to pay outside the app');
        await dialog.getByRole('button', { name: 'Send report' }).click();
        return dialog;
      };
      await report();
      await expect(getToast(readerPage, 'Report sent')).toBeVisible();
      const second = await report();
      await expect(second.getByRole('alert')).toHaveText('You have already reported this');
      await second.getByRole('button', { name: 'Cancel' }).click();

      // Both wallets changed by the tip, as each person's wallet page shows.
      await readerPage.goto('/wallet');
      await expect(readerPage.getByTestId('wallet-available')).toHaveText(usd(readerBefore - TIP_MINOR));
      await page.goto('/wallet');
      await expect(page.getByTestId('wallet-available')).toHaveText(usd(authorBefore + TIP_MINOR));

      // The moderator hides it from the reports queue; it leaves the reader's feed and page.
      await openSignedIn(moderatorBrowser.page, HUB_LANE_USERS.moderator, '/admin?tab=reports');
      const reportCard = moderatorBrowser.page.getByRole('article', { name: `Report of a post by ${HUB_LANE_USERS.author.username}` }).filter({ hasText: stamp });
      await expect(reportCard).toBeVisible();
      await reportCard.getByRole('button', { name: 'Hide' }).click();
      await expect(reportCard).toHaveCount(0);

      await readerPage.goto('/hub/feed');
      await expect(readerPage.getByTestId('post-list').or(readerPage.getByText('Nothing here yet'))).toBeVisible();
      await expect(postCard(readerPage, stamp)).toHaveCount(0);
      await readerPage.goto(postPath);
      await expect(readerPage.getByTestId('post-unavailable')).toContainText('This post is no longer available');

      // Its author still sees it, marked.
      await page.goto('/pulse');
      await expect(postCard(page, stamp).getByTestId('post-hidden')).toContainText('Hidden by a moderator');

      // The author's Hub notifications: each line opens the post.
      await page.getByRole('link', { name: /Activity/ }).click();
      const likeLine = page.getByTestId('notification-item').filter({ hasText: `${HUB_LANE_USERS.reader.username} liked your post` });
      await expect(likeLine).toHaveCount(1);
      await expect(page.getByTestId('notification-item').filter({ hasText: 'New Tip' })).toHaveCount(1);
      await likeLine.click();
      await expect(page).toHaveURL(new RegExp(`${postPath}$`));
      await expect(postCard(page, stamp)).toBeVisible();
    } finally {
      await readerBrowser.context.close();
      await moderatorBrowser.context.close();
      await reader.dispose();
      await authorApi.dispose();
    }
  });

  test('posts published while reading show as "n new posts" and come in only when asked', async ({ page }) => {
    test.setTimeout(60_000);
    const author = await ApiActor.signIn(HUB_LANE_USERS.author);
    try {
      const stamp = `pill ${Date.now().toString(36)}`;
      await author.ok('POST', '/api/hub/posts', { clientId: randomUUID(), text: `Morning at the apiary ${stamp}` });
      await openLive(page, HUB_LANE_USERS.reader, '/hub/feed');
      await expect(page.getByRole('heading', { level: 1, name: 'Pulse Hub' })).toBeVisible();
      await expect(postCard(page, stamp)).toHaveCount(1);
      const firstBefore = await page.getByTestId('post-card').first().getAttribute('data-post-id');
      for (const n of [1, 2]) await author.ok('POST', '/api/hub/posts', { clientId: randomUUID(), text: `Evening at the apiary ${n} ${stamp}` });

      // Other people may post meanwhile (specs run side by side): at least these two are counted.
      const pill = page.getByTestId('new-posts-pill');
      await expect(pill).toHaveText(/^\d+ new posts$/, { timeout: LIVE_MS });
      await expect.poll(async () => Number.parseInt((await pill.textContent()) ?? '0', 10)).toBeGreaterThanOrEqual(2);
      // The page has not moved by itself: the same post is still first.
      await expect(page.getByTestId('post-card').first()).toHaveAttribute('data-post-id', firstBefore ?? '');
      await pill.click();
      await expect(pill).toHaveCount(0);
      await expect(postCard(page, stamp)).toHaveCount(3);
      await expect(postCard(page, `Evening at the apiary 2 ${stamp}`)).toBeInViewport();
    } finally {
      await author.dispose();
    }
  });

  test('the author edits and deletes a post; a reader whose wallet is short is sent to top up', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const author = await ApiActor.signIn(HUB_LANE_USERS.author);
    const stamp = `edit ${Date.now().toString(36)}`;
    const post = await author.ok<{ id: string }>('POST', '/api/hub/posts', { clientId: randomUUID(), text: `Comb honey tomorow ${stamp}` });
    const moderatorBrowser = await openSecondPerson(browser);
    try {
      await openSignedIn(page, HUB_LANE_USERS.author, `/pulse/${post.id}`);
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit post' });
      await editDialog.getByLabel('Text').fill(`Comb honey tomorrow ${stamp}`);
      await editDialog.getByRole('button', { name: 'Save' }).click();
      await expect(editDialog).toBeHidden();
      await expect(postCard(page, stamp).getByTestId('post-text')).toHaveText(`Comb honey tomorrow ${stamp}`);
      await expect(postCard(page, stamp)).toContainText('edited');

      // The moderator's wallet is empty: the ledger's message and a way to top up.
      const other = moderatorBrowser.page;
      await openSignedIn(other, HUB_LANE_USERS.moderator, `/pulse/${post.id}`);
      await other.getByTestId('tip-button').click();
      const tipDialog = other.getByRole('dialog', { name: `Tip ${HUB_LANE_USERS.author.username}` });
      await tipDialog.getByText(usd(100), { exact: true }).click();
      await tipDialog.getByRole('button', { name: 'Send tip' }).click();
      await expect(tipDialog.getByRole('alert')).toContainText('Your wallet balance is too low for this payment.');
      await tipDialog.getByRole('link', { name: 'Top up wallet' }).click();
      await expect(other).toHaveURL(/\/wallet$/);

      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/hub\/feed$/);
      await expect(postCard(page, stamp)).toHaveCount(0);
      await other.goto(`/pulse/${post.id}`);
      await expect(other.getByTestId('post-unavailable')).toContainText('This post is no longer available');
    } finally {
      await moderatorBrowser.context.close();
      await author.dispose();
    }
  });

  test("the composer's prompt fits who writes; on a post's gold page the green app switch stands apart in a ring", async ({ page, browser }) => {
    test.setTimeout(60_000);
    const author = await ApiActor.signIn(HUB_LANE_USERS.author);
    const stamp = `ring ${Date.now().toString(36)}`;
    const post = await author.ok<{ id: string }>('POST', '/api/hub/posts', { clientId: randomUUID(), text: `Smoked the hives this morning ${stamp}` });
    const farm = await openSecondPerson(browser);
    try {
      // A buyer is not asked about a farm; the farm is.
      await openSignedIn(page, HUB_LANE_USERS.reader, '/hub/feed');
      await expect(page.getByRole('textbox', { name: 'Post text' })).toHaveAttribute('placeholder', 'Share a recipe, a good find or a question for the farms…');
      await openSignedIn(farm.page, HUB_LANE_USERS.author, '/hub/feed');
      await expect(farm.page.getByRole('textbox', { name: 'Post text' })).toHaveAttribute('placeholder', 'Share something from your farm…');

      const { appSwitch } = getShell(page);
      const background = () => appSwitch.evaluate((element) => getComputedStyle(element).backgroundColor);
      await expect(appSwitch).toHaveAttribute('data-app', 'hub');
      const hubGold = await background();

      // A post's page is gold (a Hub page outside /hub), but the current app is the Marketplace (spec §2):
      // the button stays green and a ring in the page's own colour sets it apart from the gold.
      await page.goto(`/pulse/${post.id}`);
      await expect(postCard(page, stamp)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-app-theme', 'gold');
      await expect(appSwitch).toHaveAttribute('data-app', 'marketplace');
      expect(await background(), 'the app switch is not gold on /pulse/{id}').not.toBe(hubGold);
      const { shadow, pageColour } = await appSwitch.evaluate((element) => ({
        shadow: getComputedStyle(element).boxShadow,
        pageColour: getComputedStyle(document.body).backgroundColor,
      }));
      // A solid ring: a shadow with no offset and no blur, spread 2 px or more, in the page's colour.
      const rings = [...shadow.matchAll(/(rgba?\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px/g)].filter(([, colour, spread]) => colour === pageColour && Number(spread) >= 2);
      expect(rings, `a ring around the app switch (box-shadow: ${shadow})`).not.toHaveLength(0);
    } finally {
      await farm.context.close();
      await author.dispose();
    }
  });

  test("a farm's profile links its shop; one's own profile edits bio, profession and photo", async ({ page }) => {
    test.setTimeout(60_000);
    await openSignedIn(page, HUB_LANE_USERS.reader, `/hub/profile/${HUB_LANE_USERS.author.username}`);
    const farm = page.getByTestId('hub-profile');
    await expect(farm.getByRole('heading', { level: 1, name: HUB_LANE_USERS.author.username })).toBeVisible();
    await expect(page).toHaveTitle(`${HUB_LANE_USERS.author.username} on Pulse Hub - Pulse Market`);
    await farm.getByRole('link', { name: /Visit the farm shop/ }).click();
    await expect(page).toHaveURL(/\/product-listing\?seller=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('product-card').filter({ hasText: HUB_LANE_PRODUCT.title })).toBeVisible();

    await page.goto('/hub/feed');
    await page.getByRole('navigation', { name: 'Pulse Hub' }).getByRole('link', { name: 'Profile', exact: true }).click();
    const mine = page.getByTestId('hub-profile');
    await expect(mine.getByRole('heading', { level: 1, name: HUB_LANE_USERS.reader.username })).toBeVisible();
    await mine.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your profile' });
    await dialog.getByLabel('Profession').fill('Chef in Koforidua');
    await dialog.getByLabel('Bio').fill('I cook with what the farms around me grow.');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: createSolidPng(64, [40, 140, 90]) });
    await expect(dialog.getByRole('img', { name: 'Your photo' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(mine).toContainText('Chef in Koforidua');
    await expect(mine).toContainText('I cook with what the farms around me grow.');
    await page.reload();
    await expect(page.getByTestId('hub-profile')).toContainText('Chef in Koforidua');
  });
});
