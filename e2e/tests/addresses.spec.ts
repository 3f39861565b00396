import { expect, test, type Page } from '@playwright/test';
import { BASKET_USERS } from '../support/fixtures-basket';
import { getShell } from '../support/shell';
import { signInThroughApi } from '../support/sign-in';

async function fillAddress(page: Page, values: { label: string; recipient: string; phone: string; street: string; city: string; region?: string }) {
  const dialog = page.getByRole('dialog', { name: 'New address' });
  if (values.region) await dialog.getByLabel('Region (optional)').fill(values.region);
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
    // A long walk (several dialogs and saves, a map): three times the 30 s budget on a loaded 2-core CI machine.
    test.slow();
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

  test('a known town places the address; an unknown one asks for a pin, placed on the map', async ({ page }) => {
    // A long walk (several dialogs and saves, a map): three times the 30 s budget on a loaded 2-core CI machine.
    test.slow();
    await signInThroughApi(page, BASKET_USERS.pinBuyer, '/profile/addresses');
    await expect(page.getByText('No saved addresses yet')).toBeVisible();

    // Kumasi is a town of the market (farms and addresses there): no pin needed.
    await page.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page, { label: 'Town', recipient: 'Yaw Darko', phone: '+233 24 222 3344', street: '5 Adum Road', city: 'Kumasi', region: 'Ashanti' });
    await expect(card(page, 'Town').getByTestId('address-location')).toHaveText('Placed at Kumasi (approximate). A pin gives an exact delivery fee.');

    // A place no farm or address names (basket-checkout.spec.ts pins its own unknown town, so not that one):
    // not on the map until the buyer pins it.
    await page.getByRole('button', { name: 'Add address' }).click();
    await fillAddress(page, { label: 'Hideout', recipient: 'Yaw Darko', phone: '+233 24 222 3344', street: '1 Quiet Lane', city: 'Asuboi Ridge' });
    await expect(card(page, 'Hideout').getByTestId('address-location')).toHaveText('Not on the map yet: place a pin so farms can price delivery.');

    await card(page, 'Hideout').getByRole('button', { name: 'Edit Hideout' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit address' });
    await editDialog.getByRole('button', { name: 'Place a pin on the map' }).click();
    await editDialog.getByRole('region', { name: 'Map: tap where the delivery should go' }).click();
    await expect(editDialog.getByTestId('address-location-status')).toContainText('Pin placed (');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(editDialog).toBeHidden();
    await expect(card(page, 'Hideout').getByTestId('address-location')).toHaveText('Pin on the map: delivery is priced by distance.');
    await page.reload();
    await expect(card(page, 'Hideout').getByTestId('address-location')).toHaveText('Pin on the map: delivery is priced by distance.');
  });
});
