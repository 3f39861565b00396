import { describe, expect, it } from 'vitest';
import { ZBulkProductUpdateRequest } from '@pulse/contract/products';
import { lineErrorsFrom, toBulkUpdates } from './bulk-edit';

const A = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c01';
const B = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c02';
const C = '0195f3a2-7c1e-7d3a-9b2c-4e5f6a7b8c03';

describe('bulk edit lines', () => {
  it('leaves untouched lines out and sends price in minor units', () => {
    const { updates, lineIndex } = toBulkUpdates(
      [
        { productId: A, price: '1.80', stock: '' },
        { productId: B, price: '', stock: '' },
        { productId: C, price: '', stock: '75' },
      ],
      'USD',
    );
    expect(updates).toEqual([
      { productId: A, priceMinor: 180 },
      { productId: C, stockQuantity: 75 },
    ]);
    expect(lineIndex).toEqual([0, 2]);
  });

  it('puts a schema message on the editor row it belongs to', () => {
    const { updates, lineIndex } = toBulkUpdates(
      [
        { productId: A, price: '', stock: '' },
        { productId: B, price: '2', stock: '-3' },
      ],
      'USD',
    );
    const result = ZBulkProductUpdateRequest.safeParse({ updates });
    expect(result.success).toBe(false);
    const errors = lineErrorsFrom(result.error!.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]), lineIndex);
    expect(errors).toEqual({ 1: { stockQuantity: 'Stock cannot be negative' } });
  });

  it('reads the server field keys the same way', () => {
    expect(lineErrorsFrom([['updates.1.stockQuantity', 'Stock cannot go below 4'], ['other', 'x']], [0, 3])).toEqual({ 3: { stockQuantity: 'Stock cannot go below 4' } });
    expect(lineErrorsFrom([['updates.0.productId', '"Gourds" is archived']], [2])).toEqual({ 2: { line: '"Gourds" is archived' } });
  });
});
