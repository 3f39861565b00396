import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SELLER_IMPORT_USER } from '../support/fixtures-seller-import';
import { signInThroughApi } from '../support/sign-in';

const HEADER = 'sku,title,category,unit,price,stock,minimum_order,organic,harvest_date,description,status';
const SHOTS = process.env.IMPORT_SHOTS_DIR;

/** 50 draft products (drafts stay out of the public listing other specs read), rows 12, 27 and 44 wrong. */
function fiftyRowFile(): string {
  const rows = Array.from({ length: 50 }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    const line = index + 2;
    const price = line === 12 ? 'twelve' : `${(index + 1) % 9}.50`;
    const unit = line === 27 ? 'sack' : 'kg';
    const stock = line === 44 ? '-3' : String(10 + index);
    return `LEDGER-${n},Ledger Farm crop ${n},vegetables,${unit},${price},${stock},1,${index % 2 === 0 ? 'yes' : 'no'},2026-11-20,Row ${n} of the import,draft`;
  });
  return `${[HEADER, ...rows].join('\r\n')}\r\n`;
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseFile(page: Page, name: string, content: string | Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8') });
}

test('a seller imports 50 rows (3 in error), exports the catalogue and re-imports it unchanged', async ({ page }) => {
  test.setTimeout(90_000);
  await signInThroughApi(page, SELLER_IMPORT_USER, '/home');
  await page.evaluate(() => sessionStorage.setItem('userMode', 'seller'));
  await page.goto('/seller/catalogue-search');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  let dialog = await openImport(page);
  await expect(dialog.getByRole('button', { name: 'Download the template' })).toBeVisible();
  await chooseFile(page, 'fifty.csv', fiftyRowFile());
  const preview = dialog.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('47 to create')).toBeVisible();
  await expect(preview.getByText('3 rows in error')).toBeVisible();
  const errors = preview.getByRole('region', { name: 'Rows in error' }).getByRole('row');
  await expect(errors).toHaveCount(4);
  await expect(errors.nth(1)).toContainText('Row 12: price must be a number like 12.50');
  await expect(errors.nth(2)).toContainText('Row 27: unit must be one of kg, g, piece, bunch, dozen, crate, litre');
  await expect(errors.nth(3)).toContainText('Row 44: stock must be a whole number from 0 to 1,000,000');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-preview-phone.png`, fullPage: true });

  await dialog.getByRole('button', { name: 'Import 47 products' }).click();
  await expect(dialog.getByText('47 created, 0 updated, 3 rows in error left out.')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search my products' }).fill('Ledger Farm crop 13');
  await expect(page.getByTestId('seller-product-row').filter({ hasText: 'Ledger Farm crop 13' })).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search my products' }).fill('Ledger Farm crop 11');
  await expect(page.getByTestId('seller-product-row').filter({ hasText: 'Ledger Farm crop 11' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search my products' }).fill('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/catalogue-phone.png` });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  const exported = await readFile(await download.path());
  const text = exported.toString('utf8');
  expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
  expect(text.trimEnd().split('\r\n')).toHaveLength(48);

  dialog = await openImport(page);
  await chooseFile(page, download.suggestedFilename(), exported);
  await expect(dialog.getByRole('region', { name: 'Import preview' }).getByText('47 unchanged')).toBeVisible();
  await expect(dialog.getByText('0 to create')).toBeVisible();
  await expect(dialog.getByText('0 to update')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/reimport-preview-desktop.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/catalogue-desktop.png` });
  }
});
