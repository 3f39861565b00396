const ACTION_LABELS: Readonly<Record<string, string>> = {
  'application.approve': 'Approved an application',
  'application.reject': 'Rejected an application',
  'user.suspend': 'Suspended a user',
  'user.unsuspend': 'Lifted a suspension',
  'popup.create': 'Created a popup',
  'popup.update': 'Changed a popup',
  'popup.delete': 'Deleted a popup',
  'report.hide': 'Hid a reported item',
  'report.dismiss': 'Dismissed a report',
  'report.suspend_author': 'Hid a reported item and suspended its author',
  'referral.void': 'Voided a referral (future earnings stop)',
};

/** A readable name for an audit action; unknown actions (added by other modules) show as written. */
export function describeAuditAction(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  if (action.includes('refund')) {
    if (/approve/.test(action)) return 'Refunded the buyer';
    if (/reject/.test(action)) return 'Refused a refund';
  }
  return action;
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
