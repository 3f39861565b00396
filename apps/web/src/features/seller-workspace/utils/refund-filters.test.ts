import { describe, expect, it } from 'vitest';
import { parseRefundFilter, refundFilterStatuses } from './refund-filters';

describe('refund filters', () => {
  it('asks for every refund status by default and for one status per filter', () => {
    expect(refundFilterStatuses('all')).toEqual([]);
    expect(refundFilterStatuses('open')).toEqual(['refund_requested']);
    expect(refundFilterStatuses('contested')).toEqual(['refund_disputed']);
  });

  it('reads the address bar, falling back to all', () => {
    expect(parseRefundFilter('refunded')).toBe('refunded');
    expect(parseRefundFilter('nonsense')).toBe('all');
    expect(parseRefundFilter(null)).toBe('all');
  });
});
