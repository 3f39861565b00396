/**
 * Popups are site-wide: while these exist, every page of every other spec would open one. So this
 * file runs in its own project ("phone-popups", see playwright.config.ts) after all the others, and
 * removes its popups at the end.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { APP_URL, FIXTURE_PASSWORD, FIXTURE_USERS } from '../support/fixtures';
import { fillSignInForm, signInThroughApi } from '../support/sign-in';

interface CreatedPopup {
  id: string;
  title: string;
  updated_at: string;
}

const POPUPS = {
  visitorsOlder: { title: 'Welcome, visitor', message: 'Fresh produce from farms near you.', target_audience: 'logged_out' },
  visitorsNewer: { title: 'Visitors: free delivery week', message: 'Sign up to get free delivery this week.', target_audience: 'logged_out' },
  members: { title: 'Members: harvest festival', message: 'Your festival coupons are in your wallet.', target_audience: 'logged_in' },
  everyone: { title: 'Market closed on Monday', message: 'Deliveries resume on Tuesday.', target_audience: 'all' },
} as const;

type PopupKey = keyof typeof POPUPS;

async function createAdminApi(): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: APP_URL });
  const login = await anonymous.post('/api/auth/login', { data: { email: FIXTURE_USERS.admin.email, password: FIXTURE_PASSWORD } });
  expect(login.status(), 'admin sign-in').toBe(200);
  const { token } = (await login.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
}

function getPopupDialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

/** Waits until the app has fetched the active popups, so "no dialog" means it chose not to show one. */
async function gotoAndWaitForPopups(page: Page, path: string, reload = false): Promise<void> {
  const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/popups/active');
  if (reload) await page.reload();
  else await page.goto(path);
  expect((await fetched).status()).toBe(200);
  await expect(page.locator('main')).toBeVisible();
}

async function readPopupFlag(page: Page, id: string): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), `popupShown_${id}`);
}

test.describe('popup announcements (spec §4 Popup display)', () => {
  test.describe.configure({ mode: 'serial' });

  let admin: APIRequestContext;
  const created = {} as Record<PopupKey, CreatedPopup>;

  test.beforeAll(async () => {
    admin = await createAdminApi();
    // Created one after another so each has its own updated_at; the older visitors' popup is
    // edited last, which makes it the most recently updated of its audience.
    for (const key of ['visitorsOlder', 'visitorsNewer', 'members', 'everyone'] as const) {
      const response = await admin.post('/api/admin/popups', { data: POPUPS[key] });
      expect(response.status(), `create popup ${key}`).toBe(201);
      created[key] = (await response.json()) as CreatedPopup;
    }
    const edited = await admin.patch(`/api/admin/popups/${created.visitorsOlder.id}`, { data: { message: 'Fresh produce from farms near you, every day.' } });
    expect(edited.status()).toBe(200);
    created.visitorsOlder = (await edited.json()) as CreatedPopup;
    expect(Date.parse(created.visitorsOlder.updated_at)).toBeGreaterThan(Date.parse(created.everyone.updated_at));
  });

  test.afterAll(async () => {
    for (const popup of Object.values(created)) {
      await admin.delete(`/api/admin/popups/${popup.id}`);
    }
    await admin.dispose();
  });

  test('a visitor sees the visitors popup updated last; closed, it stays away after a reload; a new session shows it again', async ({ page, browser }) => {
    await gotoAndWaitForPopups(page, '/home');
    const dialog = getPopupDialog(page, POPUPS.visitorsOlder.title);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Fresh produce from farms near you, every day.');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await readPopupFlag(page, created.visitorsOlder.id)).toBe('true');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await gotoAndWaitForPopups(page, '/home', true);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog'), 'not again in the same session').toHaveCount(0);
    await gotoAndWaitForPopups(page, '/product-listing');
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A new browser context is a new session: the popup shows again.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await gotoAndWaitForPopups(otherPage, '/home');
      await expect(getPopupDialog(otherPage, POPUPS.visitorsOlder.title)).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('a signed-in user sees the members popup, not the newer one for everyone; Dismiss keeps it away for the session', async ({ page }) => {
    await signInThroughApi(page, FIXTURE_USERS.popupBuyer, '/home');
    const dialog = getPopupDialog(page, POPUPS.members.title);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(POPUPS.members.message);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await readPopupFlag(page, created.members.id)).toBe('true');

    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(dialog).toBeHidden();
    await gotoAndWaitForPopups(page, '/home', true);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('signing in changes the audience: after the visitors popup, the members popup gets its turn', async ({ page }) => {
    await gotoAndWaitForPopups(page, '/login');
    const visitors = getPopupDialog(page, POPUPS.visitorsOlder.title);
    await expect(visitors).toBeVisible();
    await visitors.getByRole('button', { name: 'Close' }).click();
    await expect(visitors).toBeHidden();

    await fillSignInForm(page, FIXTURE_USERS.popupBuyer.email, FIXTURE_PASSWORD);
    await expect(page).not.toHaveURL(/\/login(\?|#|$)/);
    await expect(getPopupDialog(page, POPUPS.members.title)).toBeVisible();
  });
});
