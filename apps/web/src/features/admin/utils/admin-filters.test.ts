import { describe, expect, it } from 'vitest';
import { contestedFirst, parseAdminTab, parseApplicationStatusFilter, parseRefundStatusFilter, parseReportStatusFilter, pendingFirst, refundStatusQuery } from './admin-filters';

describe('admin filters', () => {
  it('reads the tab from the address, falling back to Applications', () => {
    expect(parseAdminTab('users')).toBe('users');
    expect(parseAdminTab('audit')).toBe('audit');
    expect(parseAdminTab('reports')).toBe('reports');
    expect(parseAdminTab('payments')).toBe('payments');
    expect(parseAdminTab('nonsense')).toBe('applications');
    expect(parseAdminTab(null)).toBe('applications');
  });

  it('opens the reports queue on open reports; a decided status is kept from the address', () => {
    expect(parseReportStatusFilter(null)).toBe('open');
    expect(parseReportStatusFilter('author_suspended')).toBe('author_suspended');
    expect(parseReportStatusFilter('closed')).toBe('open');
  });

  it('shows pending applications by default', () => {
    expect(parseApplicationStatusFilter(null)).toBe('pending');
    expect(parseApplicationStatusFilter('rejected')).toBe('rejected');
    expect(parseApplicationStatusFilter('all')).toBe('all');
  });

  it('puts pending applications first and keeps the server order within a status', () => {
    const items = [
      { id: 'a', status: 'approved' },
      { id: 'b', status: 'pending' },
      { id: 'c', status: 'rejected' },
      { id: 'd', status: 'pending' },
    ];
    expect(pendingFirst(items).map((item) => item.id)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('opens on contested refunds and turns each filter into the status list', () => {
    expect(parseRefundStatusFilter(null)).toBe('refund_disputed');
    expect(refundStatusQuery('refund_disputed')).toBe('refund_disputed');
    expect(refundStatusQuery('closed')).toBe('refunded,refund_rejected');
    expect(refundStatusQuery('all')).toBe('refund_requested,refund_disputed,refunded,refund_rejected');
  });

  it('lists contested refunds before the others', () => {
    const items = [
      { id: '1', status: 'refunded' },
      { id: '2', status: 'refund_disputed' },
      { id: '3', status: 'refund_requested' },
    ];
    expect(contestedFirst(items).map((item) => item.id)).toEqual(['2', '1', '3']);
  });
});
