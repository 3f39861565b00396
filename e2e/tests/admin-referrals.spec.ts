import { expect, request as playwrightRequest, test, type Locator } from '@playwright/test';
import { REFERRAL_ALREADY_VOID_MESSAGE } from '../../packages/contract/src/referrals';
import { callApiInPage } from '../support/api-in-page';
import { APP_URL } from '../support/fixtures';
import { ADMIN_REFERRALS_CODE, ADMIN_REFERRALS_USERS } from '../support/fixtures-referrals';
import { openLive, openSecondPerson } from '../support/realtime';
import { signInThroughApi } from '../support/sign-in';
import { getToast } from '../support/toasts';

/**
 * Issue 13, "Done when ... an admin can see and void an attribution": a new person signs up with
 * the fixture agent's code; the admin finds the agent and the person in /admin (Referrals), voids
 * the referral with a reason, and the audit log, the API, the agent's page and the agent's
 * notifications all say so. The agent and the admin are this spec's own (support/fixtures-referrals.ts);
 * the agent's figures are still read before and compared after.
 */

const AGENT = ADMIN_REFERRALS_USERS.agent;
const ADMIN = ADMIN_REFERRALS_USERS.admin;

interface AdminAgentRow {
  username: string;
  code: string | null;
  signUps: number;
  voided: number;
}

interface AdminAttributionRow {
  id: string;
  referredUsername: string;
  state: string;
}

function newPerson() {
  const suffix = `${Date.now().toString(36)}${test.info().workerIndex}${test.info().retry}`;
  return { email: `voided.${suffix}@referrals.e2e.example`, username: `voided_${suffix}`, password: 'cassava-lantern-harbour-58' };
}

/** Signs a new person up through the API with the agent's code, as the sign-up form sends a remembered `?ref=` code. */
async function registerWithCode(person: { email: string; username: string; password: string }, referralCode: string): Promise<void> {
  const context = await playwrightRequest.newContext({ baseURL: APP_URL });
  try {
    const response = await context.post('/api/auth/register', { data: { ...person, referralCode } });
    expect(response.status(), `sign-up of ${person.email}: ${await response.text()}`).toBe(201);
  } finally {
    await context.dispose();
  }
}

/** The value under a labelled figure of a card ("Sign-ups" -> "3"). */
function figureOf(card: Locator, label: string): Locator {
  return card.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

test.describe('admin referrals', () => {
  test('an admin sees a new referral under its agent and voids it with a reason; the audit log, the API and the agent all show it void', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const person = newPerson();
    const reason = `Same household as the agent (${person.username})`;

    // The admin's figures for the agent before the sign-up, read through the API.
    await signInThroughApi(page, ADMIN, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    const agentsBefore = await callApiInPage<{ items: AdminAgentRow[] }>(page, 'GET', '/api/admin/referrals/agents');
    expect(agentsBefore.status, 'GET /api/admin/referrals/agents').toBe(200);
    const before = agentsBefore.body.items.find((agent) => agent.username === AGENT.username);
    expect(before, 'the fixture referral agent').toMatchObject({ code: ADMIN_REFERRALS_CODE });

    await registerWithCode(person, ADMIN_REFERRALS_CODE);

    // The agent, live on its referrals page, sees the new person as Active.
    const agent = await openSecondPerson(browser);
    try {
      await openLive(agent.page, AGENT, '/agent-referrals');
      const referred = agent.page.getByRole('list', { name: 'People you referred' }).getByRole('listitem', { name: `@${person.username}` });
      await expect(referred.getByTestId('referred-person-state')).toHaveText('Active');

      // The admin opens the Referrals tab: the agent's card with its code and one more sign-up.
      await page.getByRole('tab', { name: 'Referrals' }).click();
      await expect(page).toHaveURL(/[?&]tab=referrals/);
      const agentCard = page.getByRole('button', { name: `Show the referrals of ${AGENT.username}` });
      await expect(agentCard).toContainText(AGENT.email);
      await expect(agentCard).toContainText(ADMIN_REFERRALS_CODE);
      await expect(figureOf(agentCard, 'Sign-ups')).toHaveText(String(before!.signUps + 1));
      await expect(figureOf(agentCard, 'Voided')).toHaveText(String(before!.voided));

      // ...opens the agent's referrals and finds the new person, earning.
      await agentCard.click();
      await expect(agentCard).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/[?&]referralAgent=/);
      const referrals = page.getByRole('region', { name: `Referrals of ${AGENT.username}` });
      const row = referrals.getByRole('article', { name: `Referral of ${person.username}` });
      await expect(row).toContainText(person.email);
      await expect(row.getByText('Earning', { exact: true })).toBeVisible();
      await expect(row).toContainText(`code ${ADMIN_REFERRALS_CODE}`);

      // Void: the dialog needs a reason.
      await row.getByRole('button', { name: 'Void', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Void the referral of ${person.username}?` });
      await expect(dialog).toContainText(`${AGENT.username} stops earning on the orders of ${person.username}`);
      await dialog.getByRole('button', { name: 'Void the referral' }).click();
      await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
      await dialog.getByLabel('Reason for voiding').fill(reason);
      await dialog.getByRole('button', { name: 'Void the referral' }).click();
      await expect(getToast(page, 'Referral voided')).toContainText(`${AGENT.username} is told.`);
      await expect(dialog).toBeHidden();

      // The agent is told at once, without a reload.
      const message = `An admin voided the referral of @${person.username}. Reason: ${reason}`;
      await expect(agent.page.getByTestId('notification-toast').filter({ hasText: message })).toBeVisible();

      // The row turns Void, with the reason and who voided it; there is nothing left to void.
      await expect(row.getByText('Void', { exact: true })).toBeVisible();
      await expect(row).toContainText(`(by ${ADMIN.username})`);
      await expect(row).toContainText(`Reason: ${reason}`);
      await expect(row.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);

      // The "Void" filter lists it; the agent's figures: one sign-up fewer, one more voided.
      await referrals.getByRole('combobox', { name: 'Show' }).click();
      await page.getByRole('option', { name: 'Void', exact: true }).click();
      await expect(page).toHaveURL(/[?&]referralState=void/);
      await expect(row).toContainText(`Reason: ${reason}`);
      await page.reload();
      await expect(figureOf(agentCard, 'Sign-ups')).toHaveText(String(before!.signUps));
      await expect(figureOf(agentCard, 'Voided')).toHaveText(String(before!.voided + 1));
      await expect(row).toContainText(`Reason: ${reason}`);

      // A second void of the same attribution is refused.
      const listed = await callApiInPage<{ items: AdminAttributionRow[] }>(
        page,
        'GET',
        `/api/admin/referrals/attributions?agentUserId=${encodeURIComponent(new URL(page.url()).searchParams.get('referralAgent')!)}&state=void&limit=50`,
      );
      const attribution = listed.body.items.find((item) => item.referredUsername === person.username);
      expect(attribution, 'the voided attribution through the API').toMatchObject({ state: 'void' });
      const again = await callApiInPage<{ error: { message: string } }>(page, 'POST', `/api/admin/referrals/attributions/${attribution!.id}/void`, {
        reason: 'Trying a second time',
      });
      expect(again.status, 'a second void').toBe(409);
      expect(again.body.error.message).toBe(REFERRAL_ALREADY_VOID_MESSAGE);

      // The audit log has the void, by this admin, with the reason.
      await page.getByRole('tab', { name: 'Audit log' }).click();
      await expect(page).toHaveURL(/[?&]tab=audit/);
      const entry = page.locator('[data-action="referral.void"]').filter({ hasText: person.username });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText('Voided a referral');
      await expect(entry).toContainText(`by ${ADMIN.username}`);
      await expect(entry).toContainText(reason);

      // The agent's page shows the person as Void; the notification stays in its list.
      await agent.page.reload();
      await expect(referred.getByTestId('referred-person-state')).toHaveText('Void');
      await expect(referred).toContainText('No longer earns');
      const people = await callApiInPage<{ items: Array<{ username: string; state: string }> }>(agent.page, 'GET', '/api/referrals/me/people?limit=50');
      expect(people.body.items.find((item) => item.username === person.username)).toMatchObject({ state: 'void' });
      await agent.page.goto('/notifications');
      await expect(agent.page.getByTestId('notification-item').filter({ hasText: message })).toHaveCount(1);
    } finally {
      await agent.context.close();
    }
  });
});
