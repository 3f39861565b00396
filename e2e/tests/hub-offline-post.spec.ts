import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { callApiInPage, createSolidPng } from '../support/api-in-page';
import { HUB_OFFLINE_USERS } from '../support/fixtures-hub-offline';
import { signInThroughApi } from '../support/sign-in';

/**
 * Issue 12, item 8: a post written while offline waits in the browser (IndexedDB), shows as
 * "Waiting to send", and is sent once (its clientId) when the connection returns: by the service
 * worker, woken by the page's `online` event or the background sync "sync-posts".
 */

/** The worker is active (src/lib/service-worker.ts marks the page), so it can send the outbox. */
async function waitForOfflineReady(page: Page): Promise<void> {
  await expect(page.locator('html'), 'the service worker is ready').toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
}

/** The composer's text box (its prompt depends on who writes: a buyer here). */
function getComposer(page: Page) {
  return page.getByRole('textbox', { name: 'Post text' });
}

/** The writer's posts as the server stored them (asked from the page, with its session). */
async function readStoredPosts(page: Page, username: string): Promise<Array<{ text: string; images: unknown[] }>> {
  const answer = await callApiInPage<{ items: Array<{ text: string; images: unknown[] }> }>(page, 'GET', `/api/hub/profiles/${username}/posts?limit=30`);
  expect(answer.status, 'GET /api/hub/profiles/:username/posts').toBe(200);
  return answer.body.items;
}

async function readStoredPostTexts(page: Page, username: string): Promise<string[]> {
  return (await readStoredPosts(page, username)).map((post) => post.text);
}

test.describe('offline posting (Pulse Hub outbox)', () => {
  test('a post with a photo written offline says "Waiting to send" and appears once in the feed when the browser is back online', async ({ page, context }) => {
    test.setTimeout(60_000);
    const writer = HUB_OFFLINE_USERS.writer;
    const text = `Written in the field without signal ${randomUUID().slice(0, 8)}`;
    await signInThroughApi(page, writer, '/hub/feed');
    await waitForOfflineReady(page);
    const composer = getComposer(page);
    await expect(composer, 'the composer on /hub/feed').toBeVisible();

    await context.setOffline(true);
    await composer.fill(text);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add photos' }).click();
    await (await chooser).setFiles({ name: 'harvest.png', mimeType: 'image/png', buffer: createSolidPng(48, [200, 140, 30]) });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const queued = page.getByRole('listitem', { name: `Queued post: ${text}` });
    await expect(queued.getByText('Waiting to send', { exact: true })).toBeVisible();
    await expect(queued).toContainText('1 photo');
    await expect(queued).toContainText('It will be sent when you are back online.');

    await context.setOffline(false);
    await expect(queued, 'the outbox empties once the post is sent').toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText(text, { exact: true }), 'the post in the feed, once').toHaveCount(1);

    await page.reload();
    await expect(page.getByText(text, { exact: true }), 'still once after a reload').toHaveCount(1);
    const stored = (await readStoredPosts(page, writer.username)).filter((post) => post.text === text);
    expect(stored, 'the server made one post').toHaveLength(1);
    expect(stored[0]!.images, 'with the photo the worker uploaded').toHaveLength(1);
  });

  test('while the server is down a queued post is tried 3 times, then says why and offers Retry, which sends it once', async ({ page, context }) => {
    test.setTimeout(90_000);
    const writer = HUB_OFFLINE_USERS.writer;
    const text = `Sent while the server was down ${randomUUID().slice(0, 8)}`;
    await signInThroughApi(page, writer, '/hub/feed');
    await waitForOfflineReady(page);

    // The server is down for new posts (the worker's requests pass through the context's routes).
    let refusedTries = 0;
    await context.route('**/api/hub/posts', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      refusedTries += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'Down' } }) });
    });

    await context.setOffline(true);
    await getComposer(page).fill(text);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const queued = page.getByRole('listitem', { name: `Queued post: ${text}` });
    await expect(queued.getByText('Waiting to send', { exact: true })).toBeVisible();
    await context.setOffline(false);
    await expect(queued, 'the first try failed; it waits for another').toContainText('Try 1 of 3');

    // Each page opened with a waiting post tries again, until the third failure.
    await expect(async () => {
      await page.reload();
      await expect(queued.getByText('Not sent', { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await expect(queued).toContainText('Tried 3 times.');
    expect(refusedTries, 'three tries reached the server').toBe(3);
    await page.reload();
    await expect(queued.getByText('Not sent', { exact: true })).toBeVisible();
    await expect(queued.getByRole('button', { name: 'Discard' })).toBeVisible();
    expect(refusedTries, 'no fourth try on its own').toBe(3);

    // The server is back: Retry sends it, once.
    await context.unroute('**/api/hub/posts');
    await queued.getByRole('button', { name: 'Retry' }).click();
    await expect(queued).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    expect((await readStoredPostTexts(page, writer.username)).filter((stored) => stored === text)).toHaveLength(1);
  });
});
