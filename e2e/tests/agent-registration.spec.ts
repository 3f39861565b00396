import { expect, test } from '@playwright/test';
import { createSolidPng } from '../support/api-in-page';
import { FIXTURE_USERS } from '../support/fixtures';
import { AGENT_APPLICANT } from '../support/fixtures-agents';
import { signInThroughApi } from '../support/sign-in';
import { openLive, openSecondPerson, waitForRealtimeAnnounce } from '../support/realtime';
import { chooseMenuItem } from '../support/shell';

test.describe('becoming a Pulse Agent', () => {
  test('a non-agent sees the programme, applies with the shared schema (one request), an admin approves and the menu leads to the dashboard at once', async ({ page, browser }) => {
    test.setTimeout(90_000);
    // A fixture buyer with a confirmed address (applications need one, decision 053) and no application yet.
    const person = AGENT_APPLICANT;
    await signInThroughApi(page, person, '/home');
    const announced = waitForRealtimeAnnounce(page);
    await page.goto('/agent-dashboard');
    await announced;
    await expect(page.getByRole('heading', { name: 'The agent dashboard is for Pulse Agents' })).toBeVisible();
    await page.getByRole('link', { name: 'Become a Pulse Agent' }).click();
    await expect(page).toHaveURL(/\/agent-registration$/);

    const form = page.getByRole('form', { name: 'Agent application' });
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/agents/applications')) posts += 1;
    });
    await form.getByRole('button', { name: 'Submit application' }).click();
    await expect(form.getByText('Choose delivery, referral or both')).toBeVisible();
    await expect(form.getByText('Enter your home area')).toBeVisible();
    await expect(form.getByText('Upload a photo of your ID document')).toBeVisible();
    await expect(form.getByText('Accept the terms to apply')).toBeVisible();
    expect(posts).toBe(0);

    await form.getByRole('radio', { name: 'Delivery agent', exact: true }).check();
    // A delivery agent is asked how they travel.
    await form.getByRole('button', { name: 'Submit application' }).click();
    await expect(form.getByText('Choose how you travel')).toBeVisible();
    await form.getByRole('radio', { name: 'Motorbike' }).check();
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+233 20 765 4321');
    await form.getByLabel('Region or town').fill('Kumasi');
    await form.getByLabel('Working radius (km)').fill('15');
    // The home point picked on the map (it draws without tiles).
    await form.getByRole('button', { name: 'Pick on the map' }).click();
    const map = page.getByTestId('location-picker-map');
    await expect(map).toBeVisible();
    await map.click({ position: { x: 120, y: 100 } });
    await expect(form.getByLabel('Latitude')).not.toHaveValue('');
    await expect(form.getByLabel('Longitude')).not.toHaveValue('');
    await form.getByRole('radio', { name: 'Mobile money' }).check();
    await form.getByLabel("Account holder's name").fill('Kojo Asare');
    await form.getByLabel('Account or mobile number').fill('0207654321');
    await form.getByLabel('Mobile money provider').fill('MTN MoMo');
    await form.locator('input[type="file"]').setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: createSolidPng(40) });
    await expect(form.getByRole('img', { name: 'Your ID document photo' })).toBeVisible();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Submit application' }).dblclick();
    await expect(page).toHaveURL(/\/agent-application-status$/);
    await expect(page.getByRole('heading', { name: 'We are reviewing your application' })).toBeVisible();
    expect(posts, 'a double click sends one application').toBe(1);

    // An admin decides in the console: the agent's fields and ID document beside the seller ones.
    const admin = await openSecondPerson(browser);
    try {
      await openLive(admin.page, FIXTURE_USERS.admin, '/admin?kind=agent');
      await admin.page.getByRole('button', { name: /Open the application of Delivery agent/ }).filter({ hasText: person.username }).click();
      const drawer = admin.page.getByRole('dialog', { name: 'Application' });
      await expect(drawer.getByText('15 km')).toBeVisible();
      await expect(drawer.getByText('Motorbike', { exact: true })).toBeVisible();
      await expect(drawer.getByRole('img', { name: 'ID document' })).toBeVisible();
      await drawer.getByRole('button', { name: 'Approve' }).click();
      await expect(drawer.getByText('Approved', { exact: true }).first()).toBeVisible();
    } finally {
      await admin.context.close();
    }

    // Live: the status page and the menu follow the decision without signing in again.
    await expect(page.getByRole('heading', { name: "You're approved" })).toBeVisible({ timeout: 15_000 });
    // The status page has no bars: go to the listing inside the app (no reload, same signed-in state).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await chooseMenuItem(page, 'Pulse Agent');
    await expect(page).toHaveURL(/\/agent-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Active tasks' })).toBeVisible();
  });
});
