import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { callApiInPage } from '../support/api-in-page';
import { HUB_REPORTS_USERS } from '../support/fixtures-hub-offline';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

/**
 * Issue 12, item 7: reports reach the admin's queue in /admin (Reports); hiding a reported post
 * takes it away from everyone but its author, and a report another admin already decided says so.
 */

const POST_UNAVAILABLE = 'This post is no longer available';
const ALREADY_DECIDED = 'This report has already been handled';

type Person = (typeof HUB_REPORTS_USERS)[keyof typeof HUB_REPORTS_USERS];

async function openAs(browser: Browser, person: Person, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, person, path);
  return { context, page };
}

function getReportCard(admin: Page, excerpt: string) {
  return admin.getByRole('article', { name: `Report of a post by ${HUB_REPORTS_USERS.author.username}` }).filter({ hasText: excerpt });
}

test.describe('admin reports queue', () => {
  test('an admin hides a reported post from the queue; another person then gets "This post is no longer available"', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const text = `Miracle fertiliser, send money first ${randomUUID().slice(0, 8)}`;
    const comment = 'Asks for payment outside the market';

    // The author posts; the reporter reports it; an onlooker can read it.
    await signInThroughApi(page, HUB_REPORTS_USERS.author, '/hub/feed');
    const created = await callApiInPage<{ id: string }>(page, 'POST', '/api/hub/posts', { clientId: randomUUID(), text });
    expect(created.status, 'POST /api/hub/posts').toBe(201);
    const postId = created.body.id;

    const people: BrowserContext[] = [];
    try {
      const reporter = await openAs(browser, HUB_REPORTS_USERS.reporter, '/hub/feed');
      people.push(reporter.context);
      const report = await callApiInPage(reporter.page, 'POST', '/api/hub/reports', { targetType: 'post', targetId: postId, category: 'scam', comment });
      expect(report.status, 'POST /api/hub/reports').toBe(201);

      const onlooker = await openAs(browser, HUB_REPORTS_USERS.onlooker, `/pulse/${postId}`);
      people.push(onlooker.context);
      await expect(onlooker.page.getByText(text)).toBeVisible();

      // Two tabs of the admin, both showing the open report.
      const admin = await openAs(browser, HUB_REPORTS_USERS.admin, '/admin?tab=reports');
      people.push(admin.context);
      const staleTab = await admin.context.newPage();
      await staleTab.goto('/admin?tab=reports');
      await expect(admin.page.getByRole('tab', { name: 'Reports', selected: true })).toBeVisible();

      const card = getReportCard(admin.page, text);
      await expect(card).toBeVisible();
      await expect(card).toContainText('Scam or fraud');
      await expect(card).toContainText(comment);
      await expect(card).toContainText(HUB_REPORTS_USERS.reporter.username);
      await expect(card.getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', `/pulse/${postId}`);
      await expect(getReportCard(staleTab, text)).toBeVisible();

      await card.getByRole('button', { name: 'Hide', exact: true }).click();
      await expect(getToast(admin.page, 'The post is hidden')).toBeVisible();
      await expect(card, 'the open queue no longer holds it').toHaveCount(0);

      // The other tab still shows it open: its decision is refused with the server's message.
      await getReportCard(staleTab, text).getByRole('button', { name: 'Dismiss', exact: true }).click();
      await expect(getToast(staleTab, 'Report not changed')).toContainText(ALREADY_DECIDED);
      await expect(getReportCard(staleTab, text)).toHaveCount(0);

      // Under "Hidden" it shows with the decision.
      await admin.page.getByRole('combobox', { name: 'Show' }).click();
      await admin.page.getByRole('option', { name: 'Hidden', exact: true }).click();
      await expect(admin.page).toHaveURL(/[?&]reportStatus=hidden/);
      await expect(getReportCard(admin.page, text)).toContainText(`by ${HUB_REPORTS_USERS.admin.username}`);

      // Everyone else: gone. The author still has it, marked hidden.
      await onlooker.page.reload();
      await expect(onlooker.page.getByText(POST_UNAVAILABLE)).toBeVisible();
      await expect(onlooker.page.getByText(text)).toHaveCount(0);
      const asOnlooker = await callApiInPage(onlooker.page, 'GET', `/api/hub/posts/${postId}`);
      expect(asOnlooker.status, 'the hidden post for another person').toBe(404);
      const asAuthor = await callApiInPage<{ hidden: boolean }>(page, 'GET', `/api/hub/posts/${postId}`);
      expect(asAuthor.status).toBe(200);
      expect(asAuthor.body.hidden, 'the author sees it marked hidden').toBe(true);
    } finally {
      for (const context of people) await context.close();
    }
  });
});
