import type { TBulkProductUpdate } from '@pulse/contract/products';
import { toMinorUnits } from '../../../lib/money-input';

/** One line of the bulk editor as typed: empty means "leave as it is". */
export interface BulkLine {
  productId: string;
  price: string;
  stock: string;
}

export interface BulkLineErrors {
  priceMinor?: string;
  stockQuantity?: string;
  /** About the product itself (e.g. it is archived), not one of its inputs. */
  line?: string;
}

function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The request lines: untouched lines are left out, so they are not changed at all. */
export function toBulkUpdates(lines: readonly BulkLine[], currency: string): { updates: TBulkProductUpdate[]; lineIndex: number[] } {
  const updates: TBulkProductUpdate[] = [];
  const lineIndex: number[] = [];
  lines.forEach((line, index) => {
    const priceMinor = line.price.trim() === '' ? undefined : (toMinorUnits(line.price.trim(), currency) ?? Number.NaN);
    const stockQuantity = toNumber(line.stock);
    if (priceMinor === undefined && stockQuantity === undefined) return;
    updates.push({ productId: line.productId, ...(priceMinor === undefined ? {} : { priceMinor }), ...(stockQuantity === undefined ? {} : { stockQuantity }) });
    lineIndex.push(index);
  });
  return { updates, lineIndex };
}

/**
 * Per-line messages from a path like ["updates", 2, "priceMinor"] (zod) or the server's field key
 * "updates.2.priceMinor"; `lineIndex` maps a request line back to the editor's row.
 */
export function lineErrorsFrom(entries: readonly [string, string][], lineIndex: readonly number[]): Record<number, BulkLineErrors> {
  const result: Record<number, BulkLineErrors> = {};
  for (const [key, message] of entries) {
    const match = /^updates\.(\d+)(?:\.(priceMinor|stockQuantity|productId))?$/.exec(key);
    if (!match) continue;
    const row = lineIndex[Number(match[1])];
    if (row === undefined) continue;
    const field = match[2] === 'stockQuantity' ? 'stockQuantity' : match[2] === 'productId' ? 'line' : 'priceMinor';
    const current = (result[row] ??= {});
    current[field] ??= message;
  }
  return result;
}
