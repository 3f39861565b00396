import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import {
  CATALOGUE_IMPORT_BATCH_SIZE,
  CATALOGUE_IMPORT_MAX_ROWS,
  type TApplyCatalogueImportRequest,
  type TApplyCatalogueImportResponse,
  type TPreviewCatalogueImportRequest,
  type TPreviewCatalogueImportResponse,
} from '@pulse/contract/catalogue-files';
import type { Db } from '../../db/client';
import { findUniqueViolation } from '../../db/find-unique-violation';
import { ConflictError, InvalidError } from '../../errors/domain-errors';
import type { ProductWriteFields } from '../products/products-repository';
import { clearCatalogueCaches } from '../products/products-response-cache';
import {
  ambiguousTitleMessage,
  CSV_HEADER_LINE,
  csvLine,
  formatPrice,
  neutraliseFormula,
  NoTitleColumnError,
  parseCatalogueFile,
  reservedStockMessage,
  TooManyRowsError,
  type ParsedFile,
  type ParsedRow,
} from './catalogue-csv';
import {
  insertCatalogueProducts,
  listSellerCatalogue,
  listSellerCataloguePage,
  updateCatalogueProduct,
  type CatalogueProduct,
} from './catalogue-files-repository';

export const TOO_MANY_ROWS_MESSAGE = contractMessage(msg`The file has more than 5,000 products: split it into several files.`);
export const NO_TITLE_COLUMN_MESSAGE = contractMessage(msg`The file's first row must be the header, with at least a title column: download the template.`);
export const FILE_CHANGED_MESSAGE = contractMessage(msg`The file is not the one previewed: preview it again before importing.`);
export const NO_SUCH_BATCH_MESSAGE = contractMessage(msg`This file has no such batch.`);
export const IMPORT_RACE_MESSAGE = contractMessage(msg`Another import changed these products at the same time: import the file again.`);

const EXPORT_PAGE_SIZE = 500;

/* ------------------------------------------------------------------ export */

function exportCells(product: CatalogueProduct, currency: string): string[] {
  return [
    neutraliseFormula(product.sku ?? product.id),
    neutraliseFormula(product.title),
    product.category,
    product.unit,
    formatPrice(product.priceMinor, currency),
    String(product.stockQuantity),
    String(product.minOrderQuantity),
    product.organic ? 'yes' : 'no',
    product.harvestDate ?? '',
    neutraliseFormula(product.description),
    product.status,
  ];
}

/** The seller's catalogue as CSV (BOM, header, one line per product), read from the database a page at a time. */
export function exportCatalogue(db: Db, sellerUserId: string, currency: string): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${CSV_HEADER_LINE}`;
    let afterId: string | null = null;
    for (;;) {
      const page: CatalogueProduct[] = await listSellerCataloguePage(db, sellerUserId, afterId, EXPORT_PAGE_SIZE);
      if (page.length > 0) yield page.map((product) => csvLine(exportCells(product, currency))).join('');
      if (page.length < EXPORT_PAGE_SIZE) return;
      afterId = page[page.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}

/** Header and two example rows. */
export function importTemplate(currency: string): string {
  const rows = [
    ['TOM-001', 'Heirloom tomatoes', 'vegetables', 'kg', formatPrice(450, currency), '40', '1', 'yes', '2026-11-20', 'Picked this morning, mixed colours.', 'active'],
    ['', 'Forest honey 500 g jar', 'honey_and_preserves', 'piece', formatPrice(1200, currency), '12', '1', 'no', '', 'Raw honey from our hives.', 'draft'],
  ];
  return `\uFEFF${CSV_HEADER_LINE}${rows.map((row) => csvLine(row)).join('')}`;
}

/* ------------------------------------------------------------------ import */

function parseOrRefuse(content: string, currency: string, i18n: I18n): ParsedFile {
  try {
    return parseCatalogueFile(content, currency, i18n);
  } catch (error) {
    if (error instanceof TooManyRowsError) throw new InvalidError(TOO_MANY_ROWS_MESSAGE, { content: TOO_MANY_ROWS_MESSAGE });
    if (error instanceof NoTitleColumnError) throw new InvalidError(NO_TITLE_COLUMN_MESSAGE, { content: NO_TITLE_COLUMN_MESSAGE });
    throw error;
  }
}

function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finds the products rows refer to: by sku (any case), by a sku that is one of the seller's product ids, else by title when the row has no sku. */
class Matcher {
  private readonly bySku = new Map<string, CatalogueProduct>();
  private readonly byId = new Map<string, CatalogueProduct>();
  private readonly byTitle = new Map<string, CatalogueProduct[]>();

  constructor(catalogue: readonly CatalogueProduct[]) {
    for (const product of catalogue) {
      if (product.sku !== null) this.bySku.set(product.sku.toLowerCase(), product);
      this.byId.set(product.id, product);
      const key = product.title.toLowerCase();
      this.byTitle.set(key, [...(this.byTitle.get(key) ?? []), product]);
    }
  }

  /** The product, null for a new one, 'ambiguous' when a title without sku names several. */
  match(row: ParsedRow): CatalogueProduct | null | 'ambiguous' {
    if (row.sku !== null) {
      const key = row.sku.toLowerCase();
      return this.bySku.get(key) ?? (UUID.test(key) ? (this.byId.get(key) ?? null) : null);
    }
    const sameTitle = this.byTitle.get(row.title.toLowerCase()) ?? [];
    if (sameTitle.length > 1) return 'ambiguous';
    return sameTitle[0] ?? null;
  }
}

const COMPARED = [
  ['title', 'title'],
  ['category', 'category'],
  ['unit', 'unit'],
  ['price', 'priceMinor'],
  ['stock', 'stockQuantity'],
  ['minimum_order', 'minOrderQuantity'],
  ['organic', 'organic'],
  ['harvest_date', 'harvestDate'],
  ['description', 'description'],
  ['status', 'status'],
] as const;

type ComparedKey = (typeof COMPARED)[number][1];

function shown(key: ComparedKey, value: unknown, currency: string): string {
  if (key === 'priceMinor') return formatPrice(value as number, currency);
  if (key === 'organic') return value ? 'yes' : 'no';
  return value === null || value === undefined ? '' : String(value);
}

interface RowPlan {
  row: ParsedRow;
  kind: 'create' | 'update' | 'unchanged' | 'error';
  product: CatalogueProduct | null;
  changes: { field: string; key: ComparedKey; from: string; to: string }[];
  error?: string;
}

function planRow(row: ParsedRow, matcher: Matcher, currency: string, i18n: I18n): RowPlan {
  const product = matcher.match(row);
  if (product === 'ambiguous') return { row, kind: 'error', product: null, changes: [], error: ambiguousTitleMessage(i18n, row.line) };
  if (product === null) return { row, kind: 'create', product: null, changes: [] };
  const changes = COMPARED.flatMap(([field, key]) => {
    const from = product[key];
    const to = row[key];
    return from === to ? [] : [{ field, key, from: shown(key, from, currency), to: shown(key, to, currency) }];
  });
  if (row.stockQuantity < product.reservedQuantity) {
    return { row, kind: 'error', product, changes, error: reservedStockMessage(i18n, row.line, product.reservedQuantity) };
  }
  return { row, kind: changes.length === 0 ? 'unchanged' : 'update', product, changes };
}

function writeFields(row: ParsedRow): ProductWriteFields {
  return {
    sku: row.sku,
    title: row.title,
    category: row.category,
    unit: row.unit,
    priceMinor: row.priceMinor,
    stockQuantity: row.stockQuantity,
    minOrderQuantity: row.minOrderQuantity,
    organic: row.organic,
    harvestDate: row.harvestDate,
    description: row.description,
    status: row.status,
  };
}

function batchCountOf(rowCount: number): number {
  return Math.ceil(rowCount / CATALOGUE_IMPORT_BATCH_SIZE);
}

/** What the file would do, without writing anything. */
export async function previewCatalogueImport(
  db: Db,
  sellerUserId: string,
  request: TPreviewCatalogueImportRequest,
  currency: string,
  i18n: I18n,
): Promise<TPreviewCatalogueImportResponse> {
  const parsed = parseOrRefuse(request.content, currency, i18n);
  const matcher = new Matcher(await listSellerCatalogue(db, sellerUserId));
  const plans = parsed.rows.map((row) => planRow(row, matcher, currency, i18n));
  const errors = [
    ...parsed.errors,
    ...plans.flatMap((plan) => (plan.error === undefined ? [] : [{ line: plan.row.line, column: plan.kind === 'error' && plan.product ? 'stock' : 'title', message: plan.error }])),
  ].sort((a, b) => a.line - b.line);
  return {
    previewId: contentHash(request.content),
    rowCount: parsed.rowCount,
    batchCount: batchCountOf(parsed.rowCount),
    create: plans
      .filter((plan) => plan.kind === 'create')
      .map(({ row }) => ({
        line: row.line,
        sku: row.sku,
        title: row.title,
        category: row.category,
        unit: row.unit,
        priceMinor: row.priceMinor,
        stockQuantity: row.stockQuantity,
        status: row.status,
      })),
    update: plans
      .filter((plan) => plan.kind === 'update')
      .map(({ row, product, changes }) => ({
        line: row.line,
        sku: row.sku ?? product!.sku ?? product!.id,
        productId: product!.id,
        title: product!.title,
        changes: changes.map(({ field, from, to }) => ({ field, from, to })),
      })),
    unchanged: plans.filter((plan) => plan.kind === 'unchanged').length,
    errors,
  };
}

/**
 * Applies one batch (rows [batch * 200, batch * 200 + 200) of the file) in one transaction, with the
 * seller's products locked. The file must be the previewed one (same hash). Re-planned against the
 * database now, so applying the same file again creates and changes nothing.
 */
export async function applyCatalogueImport(
  db: Db,
  sellerUserId: string,
  request: TApplyCatalogueImportRequest,
  currency: string,
  i18n: I18n,
): Promise<TApplyCatalogueImportResponse> {
  if (contentHash(request.content) !== request.previewId) throw new ConflictError(FILE_CHANGED_MESSAGE, { previewId: FILE_CHANGED_MESSAGE });
  const parsed = parseOrRefuse(request.content, currency, i18n);
  const batchCount = batchCountOf(parsed.rowCount);
  if (request.batch >= Math.max(batchCount, 1) || request.batch >= CATALOGUE_IMPORT_MAX_ROWS) {
    throw new InvalidError(NO_SUCH_BATCH_MESSAGE, { batch: NO_SUCH_BATCH_MESSAGE });
  }
  const firstLine = request.batch * CATALOGUE_IMPORT_BATCH_SIZE + 2;
  const lastLine = firstLine + CATALOGUE_IMPORT_BATCH_SIZE - 1;
  const rows = parsed.rows.filter((row) => row.line >= firstLine && row.line <= lastLine);
  const invalid = new Set(parsed.errors.filter((error) => error.line >= firstLine && error.line <= lastLine).map((error) => error.line)).size;
  const counts = { created: 0, updated: 0, unchanged: 0, failed: invalid };
  try {
    await applyBatch(db, sellerUserId, rows, counts, currency, i18n);
  } catch (error) {
    // Two imports of the same new sku at once: the unique index refuses the second (decision 060).
    if (findUniqueViolation(error) !== null) throw new ConflictError(IMPORT_RACE_MESSAGE);
    throw error;
  }
  if (counts.created + counts.updated > 0) clearCatalogueCaches(db);
  return { batch: request.batch, batchCount, ...counts };
}

interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

/** One transaction: the seller's products locked, the batch's rows re-planned against them and applied. */
async function applyBatch(db: Db, sellerUserId: string, rows: readonly ParsedRow[], counts: BatchCounts, currency: string, i18n: I18n): Promise<void> {
  await db.transaction(async (tx) => {
    const matcher = new Matcher(await listSellerCatalogue(tx, sellerUserId, true));
    const creates: ProductWriteFields[] = [];
    for (const row of rows) {
      const plan = planRow(row, matcher, currency, i18n);
      if (plan.kind === 'error') counts.failed += 1;
      else if (plan.kind === 'unchanged') counts.unchanged += 1;
      else if (plan.kind === 'create') creates.push(writeFields(row));
      else {
        const values: Partial<ProductWriteFields> = Object.fromEntries(plan.changes.map(({ key }) => [key, row[key]]));
        await updateCatalogueProduct(tx, sellerUserId, plan.product!.id, values);
        counts.updated += 1;
      }
    }
    await insertCatalogueProducts(tx, sellerUserId, creates);
    counts.created = creates.length;
  });
}
