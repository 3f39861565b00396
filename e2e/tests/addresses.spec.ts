import { expect, test, type Page } from '@playwright/test';
import { BASKET_USERS } from '../support/fixtures-basket';
import { getShell } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';

async function fillAddress(page: Page, values: { label: string; recipient: string; phone: string; street: string; city: string }) {
  const dialog = page.getByRole('dialog', { name: 'New address' });
  await dialog.getByLabel('Recipient').fill(values.recipient);
  await dialog.getByLabel('Phone').fill(values.phone);
  await dialog.getByLabel('Street and number').fill(values.street);
  await dialog.getByLabel('Town or city').fill(values.city);
  await dialog.getByLabel('Label (optional)').fill(values.label);
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
}

function card(page: Page, name: string) {
  return page.getByTestId('address-card').filter({ has: page.getByText(name, { exact: true }) });
}

test.describe('addresses', () => {
  test('field messages, the first address as default, switching the default and deleting', async ({ page }) => {
    await signInThroughApi(page, BASKET_USERS.addressBuyer, '/profile/addresses');
    await expect(getShell(page).topBar).toBeVisible();
    await expect(page.getByText('No saved addresses yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByLabel('Phone').fill('call me');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog.getByText('Enter the recipient’s name')).toBeVisible();
    await expect(dialog.getByText('Enter a phone number, digits with an optional leading +')).toBeVisible();
    await expect(dialog.getByText('Enter the street and number')).toBeVisible();
    await expect(dialog.getByText('Enter the town or city')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page, { label: 'Home', recipient: 'Kwame Asare', phone: '+233 24 111 2233', street: '12 Ring Road', city: 'Accra' });
    await expect(card(page, 'Home')).toContainText('Default');

    await page.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page, { label: 'Office', recipient: 'Kwame Asare', phone: '+233 24 111 2233', street: '3 Liberation Avenue', city: 'Accra' });
    await expect(card(page, 'Office')).not.toContainText('Default');

    await card(page, 'Office').getByRole('button', { name: 'Make Office the default' }).click();
    await expect(card(page, 'Office')).toContainText('Default');
    await expect(card(page, 'Home')).not.toContainText('Default');
    await page.reload();
    await expect(card(page, 'Office')).toContainText('Default');

    // Editing keeps the address and shows the change.
    await card(page, 'Home').getByRole('button', { name: 'Edit Home' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit address' });
    await editDialog.getByLabel('Street and number').fill('14 Ring Road');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(card(page, 'Home')).toContainText('14 Ring Road');

    await card(page, 'Office').getByRole('button', { name: 'Delete Office' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Office')).toHaveCount(0);
    // The remaining address becomes the default.
    await expect(card(page, 'Home')).toContainText('Default');
  });
});
