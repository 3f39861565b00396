import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { callApiInPage, createSolidPng } from '../support/api-in-page';
import { APP_URL, FIXTURE_PASSWORD } from '../support/fixtures';
import { REJECTED_BUSINESS_NAME, REJECTION_REASON, SELLER_SIGNUP_USERS } from '../support/fixtures-seller-signup';
import { chooseMenuItem } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';

/** A brand-new account (no application yet), signed in the way the app stores its session. */
async function registerNewPerson(page: Page, label: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const person = { email: `${label}.${suffix}@e2e.example`, username: `${label}_${suffix}`.slice(0, 30), password: FIXTURE_PASSWORD };
  await page.goto('/home');
  const response = await callApiInPage<{ token: string }>(page, 'POST', '/api/auth/register', person);
  expect(response.status, 'registration through the API').toBe(201);
  await page.evaluate((token) => sessionStorage.setItem('jwt_token', token), response.body.token);
  return person;
}

test.describe('seller sign-up', () => {
  test('a visitor reads what it takes and is sent to log in', async ({ page }) => {
    await page.goto('/seller-signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Sign-up' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Seller application' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Log in to apply' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fseller-signup$/);
  });

  test('a person who has not applied: field messages first, ID photo, one submission, pending status, then the menu leads back to it', async ({ page }) => {
    test.setTimeout(60_000);
    await signInThroughApi(page, SELLER_SIGNUP_USERS.applicant, '/seller-signup');
    const form = page.getByRole('form', { name: 'Seller application' });
    await expect(form).toBeVisible();

    // Empty submit: the schema's messages under the fields, nothing sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/sellers/application')) posts += 1;
    });
    await form.getByRole('button', { name: 'Submit application' }).click();
    await expect(form.getByText('Enter your business name')).toBeVisible();
    await expect(form.getByText('Choose at least one produce type')).toBeVisible();
    await expect(form.getByText('Choose mobile money or a bank account')).toBeVisible();
    await expect(form.getByText('Upload a photo of your ID document')).toBeVisible();
    await expect(form.getByText('Accept the terms to apply')).toBeVisible();
    expect(posts).toBe(0);

    await form.getByLabel('Business name').fill('Green Valley Farm');
    await expect(form.getByText('Enter your business name')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Region', exact: true }).fill('Ashanti');
    await form.getByRole('combobox', { name: 'Produce types' }).click();
    await page.getByRole('option', { name: 'Vegetables' }).click();
    await page.getByRole('option', { name: 'Fruits' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+233 20 123 4567');
    // Latitude without longitude is refused with the schema's message.
    await form.getByLabel('Latitude').fill('6.69');
    await form.getByRole('radio', { name: 'Mobile money' }).check();
    await form.getByLabel("Account holder's name").fill('Ama Mensah');
    await form.getByLabel('Account or mobile number').fill('0201234567');
    await form.getByLabel('Mobile money provider').fill('MTN MoMo');

    const upload = page.waitForResponse((response) => response.url().endsWith('/api/uploads/images?purpose=id_document') && response.request().method() === 'POST');
    await form.locator('input[type="file"]').setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: createSolidPng(48) });
    const uploaded = await upload;
    expect(uploaded.status()).toBe(201);
    const preview = form.getByRole('img', { name: 'Your ID document photo' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
    // The ID photo is private (decision 017): the preview loads with the applicant's session
    // cookie; the same address without a session is refused.
    const { url: idPhotoUrl } = (await uploaded.json()) as { url: string };
    expect(idPhotoUrl).toMatch(/^\/api\/uploads\/private\//);
    const visitor = await playwrightRequest.newContext({ baseURL: APP_URL });
    try {
      expect((await visitor.get(idPhotoUrl)).status(), 'the ID photo without a session').toBe(401);
      const publicKey = idPhotoUrl.replace('/api/uploads/private/', '/uploads/private%2F');
      expect((await visitor.get(`${publicKey}.webp`)).status(), 'the ID photo by its storage key').toBe(404);
    } finally {
      await visitor.dispose();
    }

    await form.getByRole('checkbox', { name: /I accept the terms of service/ }).check();
    await form.getByRole('button', { name: 'Submit application' }).click();
    await expect(form.getByText('Give both latitude and longitude, or neither')).toBeVisible();
    expect(posts).toBe(0);
    await form.getByLabel('Longitude').fill('-1.62');

    // A double click sends one application.
    await form.getByRole('button', { name: 'Submit application' }).dblclick();
    await expect(page).toHaveURL(/\/seller-application-status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Application Status' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'We are reviewing your application' })).toBeVisible();
    // The browser runs in Playwright's default locale, en-US: "Nov 26, 2026" (lib/format.ts follows the locale).
    await expect(page.getByText(/^Submitted on [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
    await expect(page.getByText('Green Valley Farm')).toBeVisible();
    expect(posts).toBe(1);

    // Back on the sign-up page the form is replaced by the status.
    await page.goto('/seller-signup');
    await expect(page.getByRole('heading', { name: 'We are reviewing your application' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Seller application' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View application status' })).toHaveAttribute('href', '/seller-application-status');

    // Spec §4: a pending applicant's "Switch to Seller" opens the status page.
    await page.goto('/');
    await chooseMenuItem(page, 'Switch to Seller');
    await expect(page).toHaveURL(/\/seller-application-status$/);
    await expect(page.getByRole('heading', { name: 'We are reviewing your application' })).toBeVisible();
  });

  test('someone who has not applied reads so on the status page and can apply', async ({ page }) => {
    await registerNewPerson(page, 'curious');
    await page.goto('/seller-application-status');
    await expect(page.getByRole('heading', { name: 'You have not applied yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Apply to sell' }).click();
    await expect(page).toHaveURL(/\/seller-signup$/);
    await expect(page.getByRole('form', { name: 'Seller application' })).toBeVisible();
  });

  test('a rejected applicant reads the reason and applies again from a prefilled form', async ({ page }) => {
    await signInThroughApi(page, SELLER_SIGNUP_USERS.rejected, '/seller-application-status');
    await expect(page.getByRole('heading', { name: 'Your application was not approved' })).toBeVisible();
    await expect(page.getByText(REJECTION_REASON)).toBeVisible();
    await page.getByRole('link', { name: 'Apply again' }).click();
    await expect(page).toHaveURL(/\/seller-signup$/);
    await expect(page.getByRole('alert').filter({ hasText: REJECTION_REASON })).toBeVisible();
    const form = page.getByRole('form', { name: 'Seller application' });
    await expect(form.getByLabel('Business name')).toHaveValue(REJECTED_BUSINESS_NAME);
    await expect(form.getByRole('checkbox', { name: /I accept the terms of service/ })).not.toBeChecked();
    await expect(form.getByRole('button', { name: 'Apply again' })).toBeVisible();
  });
});
