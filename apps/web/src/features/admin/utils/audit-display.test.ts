import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { describeAuditAction, describeAuditDetails, describeAuditTarget } from './audit-display';

describe('audit display', () => {
  it('names the known actions in words', () => {
    expect(describeAuditAction(i18n, 'application.approve')).toBe('Approved an application');
    expect(describeAuditAction(i18n, 'user.suspend')).toBe('Suspended a user');
    expect(describeAuditAction(i18n, 'order.approve_refund')).toBe('Refunded the buyer');
    expect(describeAuditAction(i18n, 'order.reject_refund')).toBe('Refused a refund');
    expect(describeAuditAction(i18n, 'report.hide')).toBe('Hid a reported item');
    expect(describeAuditAction(i18n, 'report.dismiss')).toBe('Dismissed a report');
    expect(describeAuditAction(i18n, 'report.suspend_author')).toBe('Hid a reported item and suspended its author');
    expect(describeAuditAction(i18n, 'referral.void')).toBe('Voided a referral (future earnings stop)');
    expect(describeAuditAction(i18n, 'something.new')).toBe('something.new');
  });

  it('names the targets in words', () => {
    expect(describeAuditTarget(i18n, 'seller_application')).toBe('seller application');
    expect(describeAuditTarget(i18n, 'referral_attribution')).toBe('referral attribution');
    expect(describeAuditTarget(i18n, 'new_kind')).toBe('new kind');
  });

  it('lists details with readable keys', () => {
    expect(describeAuditDetails({ businessName: 'Green Acres', reason: 'Blurred ID', amount_minor: 1200, extra: { a: 1 }, gone: null })).toEqual([
      { label: 'business name', value: 'Green Acres' },
      { label: 'reason', value: 'Blurred ID' },
      { label: 'amount minor', value: '1200' },
      { label: 'extra', value: '{"a":1}' },
      { label: 'gone', value: '—' },
    ]);
  });
});
