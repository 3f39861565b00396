import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_USERS } from '../support/fixtures';
import { callApiInPage } from '../support/api-in-page';
import { signInThroughApi } from '../support/sign-in';
import { bundleWebExports } from '../support/web-module';

const HELPER_URL = '/e2e-harness/push-helper.js';

/**
 * Loads the bundled helper as a same-origin script, so it runs under the app's own Content Security
 * Policy (script-src 'self', no eval) exactly as the built app's code does. The address exists only
 * in this test: the browser's request for it is answered here.
 */
async function installHelper(page: Page, helper: string): Promise<void> {
  await page.route(`**${HELPER_URL}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: helper }));
  await page.addScriptTag({ url: HELPER_URL });
  expect(await page.evaluate(() => typeof (window as unknown as Partial<PushWindow>).pulsePush)).toBe('object');
}

interface PushWindow {
  pulsePush: { subscribeToPush: () => Promise<string>; readPushPermission: () => string };
}

test.describe('push permission helper (spec §4 Push permission)', () => {
  test('with notifications allowed, the helper subscribes and the server stores it, or says why it cannot', async ({ page, context }) => {
    // "Turn on notifications" is not placed on any page yet, so the app's own helper
    // (src/lib/push.ts) is bundled and called from the page, as the control would on a click.
    const helper = await bundleWebExports('apps/web/src/lib/push.ts', ['subscribeToPush', 'readPushPermission'], 'pulsePush');
    await context.grantPermissions(['notifications']);
    await signInThroughApi(page, FIXTURE_USERS.pushBuyer, '/product-listing');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await installHelper(page, helper);

    expect(await page.evaluate(() => (window as unknown as PushWindow).pulsePush.readPushPermission())).toBe('granted');
    const supportsPush = await page.evaluate(() => 'PushManager' in window);

    const saved: Array<{ status: number; method: string }> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/push/subscriptions') saved.push({ status: response.status(), method: response.request().method() });
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const result = await page.evaluate(() => (window as unknown as PushWindow).pulsePush.subscribeToPush());
    test.info().annotations.push({ type: 'push helper result', description: [result, ...consoleErrors].join(' | ') });

    if (result === 'granted') {
      const post = saved.find((entry) => entry.method === 'POST');
      expect(post, 'POST /api/push/subscriptions').toBeDefined();
      expect([200, 201]).toContain(post?.status);
      const subscription = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null);
      expect(subscription).not.toBeNull();
      // Removing it again answers the same way the helper's sign-out path expects.
      const removed = await callApiInPage(page, 'DELETE', '/api/push/subscriptions', { endpoint: subscription });
      expect([200, 204]).toContain(removed.status);
    } else {
      // Headless Chromium without a push service: the helper must say so instead of throwing or
      // pretending, and nothing is saved on the server.
      expect(supportsPush ? ['error'] : ['unsupported']).toContain(result);
      expect(saved).toEqual([]);
    }
  });

  test('a browser that blocks notifications gets "denied" and nothing is saved', async ({ page }) => {
    const helper = await bundleWebExports('apps/web/src/lib/push.ts', ['subscribeToPush', 'readPushPermission'], 'pulsePush');
    await signInThroughApi(page, FIXTURE_USERS.pushBuyer, '/product-listing');
    await installHelper(page, helper);
    // Chromium answers "denied" to a permission request that no person can see (headless, no prompt UI).
    const saved: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/push/subscriptions') saved.push(request.method());
    });
    const result = await page.evaluate(() => (window as unknown as PushWindow).pulsePush.subscribeToPush());
    expect(result).toBe('denied');
    expect(saved).toEqual([]);
  });

  test('the "Turn on notifications" control on /notifications: with permission it subscribes, or shows that it could not', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await signInThroughApi(page, FIXTURE_USERS.pushBuyer, '/notifications');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const saved: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/push/subscriptions' && response.request().method() === 'POST') saved.push(response.status());
    });
    const control = page.getByRole('button', { name: 'Turn on notifications' });
    await expect(control).toBeEnabled();
    await control.click();

    const turnedOn = page.getByRole('button', { name: 'Turn off notifications' });
    const failed = page.getByText('Notifications could not be turned on. Try again.');
    await expect(turnedOn.or(failed)).toBeVisible({ timeout: 15_000 });
    if (await turnedOn.isVisible()) {
      expect(saved.length).toBeGreaterThan(0);
      expect([200, 201]).toContain(saved[0]);
    } else {
      // Headless Chromium (incognito contexts have no Push API): the helper's "error", shown as a
      // retry-able control, and nothing saved.
      await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
      expect(saved).toEqual([]);
    }
  });

  test('without permission the control ends as "Notifications are blocked"', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.pushBuyer, '/notifications');
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByRole('button', { name: 'Notifications are blocked' })).toBeDisabled();
    await expect(page.getByRole('alert').filter({ hasText: "Allow notifications for this site in your browser's settings" })).toBeVisible();
  });
});
