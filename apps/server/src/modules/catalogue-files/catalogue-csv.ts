import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import Papa from 'papaparse';
import { CATALOGUE_COLUMNS, CATALOGUE_IMPORT_MAX_ROWS, type TCatalogueColumn, type TCatalogueImportError } from '@pulse/contract/catalogue-files';
import { PRODUCT_CATEGORIES, PRODUCT_UNITS, type TProductCategory, type TProductUnit } from '@pulse/contract/products';
import { currencyDigits } from '@pulse/contract/money-format';

/** The statuses a file may set (sold out is derived from the stock, never stored). */
export const IMPORT_STATUSES = ['draft', 'active', 'paused', 'archived'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const SKU_MAX_LENGTH = 64;

/** One valid row of a file: the product as the seller wants it. `present` names the columns the file has. */
export interface ParsedRow {
  line: number;
  sku: string | null;
  title: string;
  category: TProductCategory;
  unit: TProductUnit;
  priceMinor: number;
  stockQuantity: number;
  minOrderQuantity: number;
  organic: boolean;
  harvestDate: string | null;
  description: string;
  status: ImportStatus;
}

export interface ParsedFile {
  rows: ParsedRow[];
  errors: TCatalogueImportError[];
  /** Data rows in the file (valid or not). */
  rowCount: number;
}

export class TooManyRowsError extends Error {}
export class NoTitleColumnError extends Error {}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell for a spreadsheet: one starting with = + - @ (or a tab/CR) gets a leading ' so it is not run as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes `neutraliseFormula` on import, so an exported file comes back unchanged. */
function restoreFormula(text: string): string {
  return text.length > 1 && text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function formatPrice(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

function priceExample(currency: string): string {
  return formatPrice(1250, currency);
}

/** "12.50", "12,50", "12" into minor units; null when not such a number or with too many decimals. */
function parsePrice(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const normal = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(normal);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}

function parseWhole(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

const YES = new Set(['yes', 'y', 'true', '1', 'oui', 'o', 'x']);
const NO = new Set(['no', 'n', 'false', '0', 'non', '']);

function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const list = (values: readonly string[]) => values.join(', ');

/** The sentences of row errors; `column` names the header, which stays as written in the file format. */
const messages = {
  required: (i18n: I18n, line: number, column: string) => i18n._(msg`Row ${{ line }}: ${{ column }} is missing`),
  title: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: title must have 3 to 120 characters`),
  category: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: category must be one of ${{ categories: list(PRODUCT_CATEGORIES) }}`),
  unit: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: unit must be one of ${{ units: list(PRODUCT_UNITS) }}`),
  price: (i18n: I18n, line: number, example: string) => i18n._(msg`Row ${{ line }}: price must be a number like ${{ example }}`),
  priceRange: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: price must be above zero and at most 1,000,000`),
  stock: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: stock must be a whole number from 0 to 1,000,000`),
  minimumOrder: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: minimum_order must be a whole number from 1 to 10,000`),
  organic: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: organic must be yes or no`),
  harvestDate: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: harvest_date must be a date like 2026-11-20`),
  description: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: description can have at most 5,000 characters`),
  status: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: status must be one of ${{ statuses: list(IMPORT_STATUSES) }}`),
  sku: (i18n: I18n, line: number) => i18n._(msg`Row ${{ line }}: sku can have at most 64 characters`),
  skuTwice: (i18n: I18n, line: number, first: number) => i18n._(msg`Row ${{ line }}: this sku is already used on row ${{ first }}`),
  titleTwice: (i18n: I18n, line: number, first: number) =>
    i18n._(msg`Row ${{ line }}: a product with this title and no sku is already on row ${{ first }}; give each a sku`),
};

export function reservedStockMessage(i18n: I18n, line: number, reserved: number): string {
  return i18n._(msg`Row ${{ line }}: stock cannot go below ${{ reserved }}: that many are held by open orders`);
}

export function ambiguousTitleMessage(i18n: I18n, line: number): string {
  return i18n._(msg`Row ${{ line }}: several of your products have this title; add the sku to say which one`);
}

/**
 * Parses a catalogue file with papaparse: strips a BOM, detects `;` or `,`, trims and lower-cases
 * the header; validates each row like the product form. Throws TooManyRowsError over the limit and
 * NoTitleColumnError when the header has no title.
 */
export function parseCatalogueFile(content: string, currency: string, i18n: I18n): ParsedFile {
  const text = content.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    delimiter,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const fields = new Set(parsed.meta.fields ?? []);
  if (!fields.has('title')) throw new NoTitleColumnError();
  if (parsed.data.length > CATALOGUE_IMPORT_MAX_ROWS) throw new TooManyRowsError();
  const rows: ParsedRow[] = [];
  const errors: TCatalogueImportError[] = [];
  const skuLines = new Map<string, number>();
  const titleLines = new Map<string, number>();
  parsed.data.forEach((record, index) => {
    const line = index + 2;
    const rowErrors: TCatalogueImportError[] = [];
    const fail = (column: TCatalogueColumn, message: string) => rowErrors.push({ line, column, message });
    const cell = (column: TCatalogueColumn) => (fields.has(column) ? restoreFormula((record[column] ?? '').trim()) : '');
    const required = (column: TCatalogueColumn): string | null => {
      const value = cell(column);
      if (value === '') fail(column, messages.required(i18n, line, column));
      return value === '' ? null : value;
    };

    const skuText = cell('sku');
    const sku = skuText === '' ? null : skuText;
    if (sku !== null && sku.length > SKU_MAX_LENGTH) fail('sku', messages.sku(i18n, line));

    const title = required('title');
    if (title !== null && (title.length < 3 || title.length > 120)) fail('title', messages.title(i18n, line));

    const categoryText = required('category')?.toLowerCase().replace(/\s*&\s*/g, '_and_').replace(/[\s-]+/g, '_') ?? null;
    const category = PRODUCT_CATEGORIES.find((value) => value === categoryText);
    if (categoryText !== null && !category) fail('category', messages.category(i18n, line));

    const unitText = required('unit')?.toLowerCase() ?? null;
    const unit = PRODUCT_UNITS.find((value) => value === unitText);
    if (unitText !== null && !unit) fail('unit', messages.unit(i18n, line));

    const priceText = required('price');
    const priceMinor = priceText === null ? null : parsePrice(priceText, currency);
    if (priceText !== null && priceMinor === null) fail('price', messages.price(i18n, line, priceExample(currency)));
    else if (priceMinor !== null && (priceMinor < 1 || priceMinor > 100_000_000)) fail('price', messages.priceRange(i18n, line));

    const stockText = required('stock');
    const stockQuantity = stockText === null ? null : parseWhole(stockText);
    if (stockText !== null && (stockQuantity === null || stockQuantity > 1_000_000)) fail('stock', messages.stock(i18n, line));

    const minimumText = cell('minimum_order');
    const minOrderQuantity = minimumText === '' ? 1 : parseWhole(minimumText);
    if (minOrderQuantity === null || minOrderQuantity < 1 || minOrderQuantity > 10_000) fail('minimum_order', messages.minimumOrder(i18n, line));

    const organicText = cell('organic').toLowerCase();
    if (!YES.has(organicText) && !NO.has(organicText)) fail('organic', messages.organic(i18n, line));

    const harvestText = cell('harvest_date');
    if (harvestText !== '' && !isIsoDate(harvestText)) fail('harvest_date', messages.harvestDate(i18n, line));

    const description = cell('description');
    if (description.length > 5000) fail('description', messages.description(i18n, line));

    const statusText = cell('status').toLowerCase() || 'active';
    const status = IMPORT_STATUSES.find((value) => value === statusText);
    if (!status) fail('status', messages.status(i18n, line));

    if (rowErrors.length === 0 && sku !== null) {
      const first = skuLines.get(sku.toLowerCase());
      if (first !== undefined) fail('sku', messages.skuTwice(i18n, line, first));
      else skuLines.set(sku.toLowerCase(), line);
    }
    if (rowErrors.length === 0 && sku === null && title !== null) {
      const first = titleLines.get(title.toLowerCase());
      if (first !== undefined) fail('title', messages.titleTwice(i18n, line, first));
      else titleLines.set(title.toLowerCase(), line);
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      return;
    }
    rows.push({
      line,
      sku,
      title: title!,
      category: category!,
      unit: unit!,
      priceMinor: priceMinor!,
      stockQuantity: stockQuantity!,
      minOrderQuantity: minOrderQuantity!,
      organic: YES.has(organicText),
      harvestDate: harvestText === '' ? null : harvestText,
      description,
      status: status!,
    });
  });
  return { rows, errors, rowCount: parsed.data.length };
}

/** One CSV line of cells (quoted when needed), ending with CRLF as spreadsheets write. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')}\r\n`;
}

export const CSV_HEADER_LINE = csvLine(CATALOGUE_COLUMNS);
