import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_IMPORT_BATCH_SIZE,
  ZApplyCatalogueImportResponse,
  ZPreviewCatalogueImportResponse,
  type TApplyCatalogueImportResponse,
  type TPreviewCatalogueImportResponse,
} from '@pulse/contract/catalogue-files';
import { products } from '../../db/schema/products';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createProductAs, registerSeller, reserve, type TestUser } from '../products/products-test-helpers';
import { FILE_CHANGED_MESSAGE, TOO_MANY_ROWS_MESSAGE } from './catalogue-files-service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const HEADER = 'sku,title,category,unit,price,stock,minimum_order,organic,harvest_date,description,status';

function csv(...lines: string[]): string {
  return `${[HEADER, ...lines].join('\n')}\n`;
}

async function preview(token: string, content: string, headers: Record<string, string> = {}): Promise<TPreviewCatalogueImportResponse> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/seller/catalogue/imports/preview',
    headers: { ...bearer(token), ...headers },
    payload: { fileName: 'catalogue.csv', content },
  });
  expect(response.statusCode, response.body).toBe(200);
  return ZPreviewCatalogueImportResponse.parse(response.json());
}

/** Previews then applies every batch, as the web does; the batches' answers. */
async function importFile(token: string, content: string): Promise<TApplyCatalogueImportResponse[]> {
  const { previewId, batchCount } = await preview(token, content);
  const answers: TApplyCatalogueImportResponse[] = [];
  for (let batch = 0; batch < batchCount; batch += 1) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/imports',
      headers: bearer(token),
      payload: { content, previewId, batch },
    });
    expect(response.statusCode, response.body).toBe(200);
    answers.push(ZApplyCatalogueImportResponse.parse(response.json()));
  }
  return answers;
}

function totals(answers: TApplyCatalogueImportResponse[]) {
  return answers.reduce(
    (sum, answer) => ({
      created: sum.created + answer.created,
      updated: sum.updated + answer.updated,
      unchanged: sum.unchanged + answer.unchanged,
      failed: sum.failed + answer.failed,
    }),
    { created: 0, updated: 0, unchanged: 0, failed: 0 },
  );
}

async function exportCsv(token: string): Promise<string> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/seller/catalogue/export.csv', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return response.body;
}

async function titlesOf(seller: TestUser): Promise<string[]> {
  const rows = await testApp.app.db.select({ title: products.title }).from(products).where(eq(products.sellerUserId, seller.user.id));
  return rows.map((row) => row.title).sort();
}

describe('POST /api/seller/catalogue/imports/preview', () => {
  it('lists rows to create and rows in error with line, column and a sentence, and writes nothing', async () => {
    const seller = await registerSeller(testApp, 'Preview Farm');
    const content = csv(
      'CAR-1,Orange carrots,vegetables,kg,2.50,30,1,yes,2026-11-20,Sweet,active',
      'BEE-1,Beetroot,vegetables,kg,12.5O,30,1,no,,,active',
      'KAL-1,Kale,leaves,bunch,1.20,-4,1,no,,,active',
      'EGG-1,Eggs,dairy_and_eggs,dozen,3,12,,,20/11/2026,,sold',
    );
    const answer = await preview(seller.token, content);
    expect(answer.rowCount).toBe(4);
    expect(answer.create).toEqual([
      { line: 2, sku: 'CAR-1', title: 'Orange carrots', category: 'vegetables', unit: 'kg', priceMinor: 250, stockQuantity: 30, status: 'active' },
    ]);
    expect(answer.update).toEqual([]);
    expect(answer.errors).toEqual([
      { line: 3, column: 'price', message: 'Row 3: price must be a number like 12.50' },
      {
        line: 4,
        column: 'category',
        message:
          'Row 4: category must be one of vegetables, fruits, grains, dairy_and_eggs, meat_and_fish, herbs_and_spices, honey_and_preserves, plants_and_seeds, nature_crafts, other',
      },
      { line: 4, column: 'stock', message: 'Row 4: stock must be a whole number from 0 to 1,000,000' },
      { line: 5, column: 'harvest_date', message: 'Row 5: harvest_date must be a date like 2026-11-20' },
      { line: 5, column: 'status', message: 'Row 5: status must be one of draft, active, paused, archived' },
    ]);
    expect(await titlesOf(seller)).toEqual([]);
  });

  it('answers in French for a French reader', async () => {
    const seller = await registerSeller(testApp, 'Ferme Preview');
    const answer = await preview(seller.token, csv('B-1,Betteraves,vegetables,kg,abc,30,1,no,,,active'), { 'accept-language': 'fr' });
    expect(answer.errors[0]?.message).toMatch(/^Ligne 2 : /);
  });

  it("reads Excel's semicolon variant with a BOM, any header case and decimal commas", async () => {
    const seller = await registerSeller(testApp, 'Excel Farm');
    const content = '\uFEFF SKU ;Title;Category;Unit;Price;Stock\r\nPOT-1;Potatoes;vegetables;kg;1,75;100\r\n';
    const answer = await preview(seller.token, content);
    expect(answer.errors).toEqual([]);
    expect(answer.create).toEqual([
      { line: 2, sku: 'POT-1', title: 'Potatoes', category: 'vegetables', unit: 'kg', priceMinor: 175, stockQuantity: 100, status: 'active' },
    ]);
  });

  it('shows the fields an update changes, matching the sku in any case', async () => {
    const seller = await registerSeller(testApp, 'Update Farm');
    await importFile(seller.token, csv('LEEK-1,Leeks,vegetables,bunch,2.00,10,1,no,,,active'));
    const answer = await preview(seller.token, csv('leek-1,Leeks,vegetables,bunch,2.40,8,1,no,,,paused'));
    expect(answer.create).toEqual([]);
    expect(answer.update).toEqual([
      {
        line: 2,
        sku: 'leek-1',
        productId: expect.any(String),
        title: 'Leeks',
        changes: [
          { field: 'price', from: '2.00', to: '2.40' },
          { field: 'stock', from: '10', to: '8' },
          { field: 'status', from: 'active', to: 'paused' },
        ],
      },
    ]);
  });

  it('refuses a stock below what open orders hold, naming the row', async () => {
    const seller = await registerSeller(testApp, 'Reserved Farm');
    const product = await createProductAs(testApp, seller, { title: 'Reserved yams', stockQuantity: 10 });
    await reserve(testApp, product.id, 6);
    const answer = await preview(seller.token, csv(`${product.id},Reserved yams,vegetables,kg,3.00,4,1,no,,,active`));
    expect(answer.errors).toEqual([{ line: 2, column: 'stock', message: 'Row 2: stock cannot go below 6: that many are held by open orders' }]);
  });

  it('refuses more than 5,000 rows and a file without a header', async () => {
    const seller = await registerSeller(testApp, 'Limit Farm');
    const rows = Array.from({ length: 5001 }, (_, index) => `S-${index},Product ${index},other,piece,1.00,1,1,no,,,active`);
    const tooMany = await testApp.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/imports/preview',
      headers: bearer(seller.token),
      payload: { content: csv(...rows) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe(TOO_MANY_ROWS_MESSAGE);
    const noHeader = await testApp.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/imports/preview',
      headers: bearer(seller.token),
      payload: { content: 'Potatoes,vegetables,kg,1.00,3\n' },
    });
    expect(noHeader.statusCode).toBe(400);
    const tooBig = await testApp.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/imports/preview',
      headers: bearer(seller.token),
      payload: { content: 'x'.repeat(2_000_001) },
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('is refused to buyers', async () => {
    const buyer = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/imports/preview',
      headers: bearer(buyer.token),
      payload: { content: csv() },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/seller/catalogue/imports', () => {
  it('creates the valid rows, never the rows in error, and changes nothing the second time', async () => {
    const seller = await registerSeller(testApp, 'Idempotent Farm');
    const content = csv(
      'A-1,Apples,fruits,kg,3.10,50,1,yes,,Crisp,active',
      ',Pears,fruits,kg,3.40,20,2,no,,,draft',
      'BAD,Bad price,fruits,kg,free,20,1,no,,,active',
    );
    expect(totals(await importFile(seller.token, content))).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 1 });
    expect(await titlesOf(seller)).toEqual(['Apples', 'Pears']);
    expect(totals(await importFile(seller.token, content))).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 1 });
    expect(await titlesOf(seller)).toEqual(['Apples', 'Pears']);
  });

  it("never touches another seller's product with the same sku or id", async () => {
    const other = await registerSeller(testApp, 'Other Farm');
    await importFile(other.token, csv('SHARED-1,Other plums,fruits,kg,5.00,5,1,no,,,active'));
    const otherProduct = await createProductAs(testApp, other, { title: 'Other figs' });
    const seller = await registerSeller(testApp, 'Own Farm');
    const content = csv('SHARED-1,My plums,fruits,kg,1.00,9,1,no,,,active', `${otherProduct.id},My figs,fruits,kg,1.00,9,1,no,,,active`);
    const answer = await preview(seller.token, content);
    expect(answer.update).toEqual([]);
    expect(answer.create.map((row) => row.title)).toEqual(['My plums', 'My figs']);
    await importFile(seller.token, content);
    expect(await titlesOf(other)).toEqual(['Other figs', 'Other plums']);
    expect(await titlesOf(seller)).toEqual(['My figs', 'My plums']);
  });

  it('refuses a file other than the previewed one', async () => {
    const seller = await registerSeller(testApp, 'Changed Farm');
    const { previewId } = await preview(seller.token, csv('C-1,Cherries,fruits,kg,8.00,5,1,no,,,active'));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/imports',
      headers: bearer(seller.token),
      payload: { content: csv('C-1,Cherries,fruits,kg,0.01,5,1,no,,,active'), previewId, batch: 0 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(FILE_CHANGED_MESSAGE);
  });

  it('imports 5,000 rows in batches of 200', { timeout: 120_000 }, async () => {
    const seller = await registerSeller(testApp, 'Big Farm');
    const rows = Array.from({ length: 5000 }, (_, index) => `BIG-${index},Big product ${index},other,piece,1.00,${index},1,no,,,active`);
    const answers = await importFile(seller.token, csv(...rows));
    expect(answers).toHaveLength(5000 / CATALOGUE_IMPORT_BATCH_SIZE);
    expect(totals(answers)).toEqual({ created: 5000, updated: 0, unchanged: 0, failed: 0 });
    const exported = await exportCsv(seller.token);
    expect(exported.trimEnd().split('\r\n')).toHaveLength(5001);
  });
});

describe('GET /api/seller/catalogue/export.csv', () => {
  it('writes the header with a BOM, neutralises formulas, and round-trips unchanged', async () => {
    const seller = await registerSeller(testApp, 'Export Farm');
    const created = await createProductAs(testApp, seller, { title: '=HYPERLINK("x")', description: '@SUM(A1)', priceMinor: 1250, stockQuantity: 7 });
    await importFile(seller.token, csv('HON-1,"Honey, raw",honey_and_preserves,piece,12.00,3,1,yes,2026-11-01,"+1 jar; ""gold""",paused'));
    const body = await exportCsv(seller.token);
    expect(body.startsWith('\uFEFFsku,title,category,unit,price,stock,minimum_order,organic,harvest_date,description,status\r\n')).toBe(true);
    expect(body).toContain(`${created.id},"'=HYPERLINK(""x"")",vegetables,kg,12.50,7,1,no,`);
    expect(body).toContain(`'@SUM(A1)`);
    expect(body).toContain('HON-1,"Honey, raw",honey_and_preserves,piece,12.00,3,1,yes,2026-11-01,"\'+1 jar; ""gold""",paused\r\n');
    const again = await preview(seller.token, body);
    expect(again).toMatchObject({ create: [], update: [], errors: [], unchanged: 2 });
  });

  it('has a template the importer accepts', async () => {
    const seller = await registerSeller(testApp, 'Template Farm');
    const template = await testApp.app.inject({ method: 'GET', url: '/api/seller/catalogue/import-template.csv', headers: bearer(seller.token) });
    expect(template.statusCode).toBe(200);
    const answer = await preview(seller.token, template.body);
    expect(answer.errors).toEqual([]);
    expect(answer.create).toHaveLength(2);
  });
});
