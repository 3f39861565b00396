import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { buildReorderLines, describeReorderOutcome } from './reorder';

describe('reorder', () => {
  it('reorders the same products and quantities, setting aside products that were deleted', () => {
    const { lines, gone } = buildReorderLines([
      { productId: 'p-1', title: 'Cassava', quantity: 3 },
      { productId: null, title: 'Old honey', quantity: 1 },
    ]);
    expect(lines).toEqual([{ productId: 'p-1', title: 'Cassava', quantity: 3 }]);
    expect(gone).toEqual(['Old honey']);
  });

  it('names what could not be added', () => {
    const outcome = describeReorderOutcome({ added: ['Cassava'], unavailable: [{ title: 'Yams', reason: 'sold out' }] }, i18n);
    expect(outcome.allFailed).toBe(false);
    expect(outcome.message).toBe('1 product added to your basket. No longer available: Yams (sold out).');
  });

  it('says so when nothing could be added', () => {
    const outcome = describeReorderOutcome({ added: [], unavailable: [{ title: 'Yams', reason: 'sold out' }] }, i18n);
    expect(outcome).toMatchObject({ title: 'Nothing could be added', allFailed: true });
    expect(outcome.message).toContain('Yams');
  });
});
