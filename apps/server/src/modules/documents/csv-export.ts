import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { currencyDigits } from '@pulse/contract/money-format';
import type { PageKey } from './documents-repository';

/** Rows per database page of an export: one query and one CSV chunk each. */
export const EXPORT_PAGE_SIZE = 1_000;

/** Excel opens a UTF-8 CSV with accents right only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell of people's text (a product title, a name, a memo) that a spreadsheet would run as a
 * formula gets a leading apostrophe (OWASP "CSV injection"): = + - @ and the tab and carriage
 * return that can smuggle one. Numbers are written by us and never pass through here.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Minor units as a plain decimal in major units ("-12.50", "4250" for a currency without cents): a number to a spreadsheet. */
export function decimalOf(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  if (digits === 0) return `${sign}${absolute}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(absolute / scale)}.${String(absolute % scale).padStart(digits, '0')}`;
}

/**
 * A CSV as a stream: the BOM and header, then one chunk per page read by keyset, so an export of
 * any length holds one page in memory. `readPage(after)` returns the page's rows and the keyset of
 * its last row; a page shorter than the page size is the last.
 */
export function csvStream<Row extends { key: PageKey }>(
  header: string[],
  readPage: (after: PageKey | null, limit: number) => Promise<Row[]>,
  toCells: (row: Row) => Array<string | number>,
  pageSize = EXPORT_PAGE_SIZE,
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + stringify([header]);
    let after: PageKey | null = null;
    for (;;) {
      const rows = await readPage(after, pageSize);
      if (rows.length > 0) yield stringify(rows.map(toCells));
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = last.key;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
