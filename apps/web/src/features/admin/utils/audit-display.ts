import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

const ACTION_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  'application.approve': msg`Approved an application`,
  'application.reject': msg`Rejected an application`,
  'user.suspend': msg`Suspended a user`,
  'user.unsuspend': msg`Lifted a suspension`,
  'popup.create': msg`Created a popup`,
  'popup.update': msg`Changed a popup`,
  'popup.delete': msg`Deleted a popup`,
  'report.hide': msg`Hid a reported item`,
  'report.dismiss': msg`Dismissed a report`,
  'report.suspend_author': msg`Hid a reported item and suspended its author`,
  'referral.void': msg`Voided a referral (future earnings stop)`,
  'job.retry': msg`Retried a failed background job`,
};

/** A readable name for an audit action in the reader's language; unknown actions (added by other modules) show as written. */
export function describeAuditAction(i18n: I18n, action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return i18n._(known);
  if (action.includes('refund')) {
    if (/approve/.test(action)) return i18n._(msg`Refunded the buyer`);
    if (/reject/.test(action)) return i18n._(msg`Refused a refund`);
  }
  return action;
}

/** What an entry acted on, in words as the English console has always written them ("seller application"). */
const TARGET_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  seller_application: msg`seller application`,
  agent_application: msg`agent application`,
  user: msg`user`,
  popup: msg`popup`,
  hub_report: msg`hub report`,
  order: msg`order`,
  post: msg`post`,
  comment: msg`comment`,
  referral_attribution: msg`referral attribution`,
  job: msg`background job`,
};

/** The kind of thing an audit entry acted on, in the reader's language; unknown kinds with spaces for underscores. */
export function describeAuditTarget(i18n: I18n, targetType: string): string {
  const known = TARGET_LABELS[targetType];
  return known ? i18n._(known) : targetType.replace(/_/g, ' ');
}

function formatDetailValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The details of an entry as "key: value" pairs, keys in words ("businessName" -> "business name"). */
export function describeAuditDetails(details: Record<string, unknown>): { label: string; value: string }[] {
  return Object.entries(details).map(([key, value]) => ({
    label: key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase(),
    value: formatDetailValue(value),
  }));
}
