import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TReportStatus } from '@pulse/contract/hub';
import { REFUND_STATUSES, type TRefundStatus } from '@pulse/contract/orders';

export const ADMIN_TABS = ['applications', 'refunds', 'payments', 'reports', 'referrals', 'users', 'popups', 'mail', 'system', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TAB_LABELS: Readonly<Record<AdminTab, MessageDescriptor>> = {
  applications: msg`Applications`,
  refunds: msg`Refunds`,
  payments: msg`Payments`,
  reports: msg`Reports`,
  referrals: msg`Referrals`,
  users: msg`Users`,
  popups: msg`Popups`,
  mail: msg`Mail`,
  system: msg`System`,
  audit: msg`Audit log`,
};

/** `?tab=` of /admin; anything unknown opens the first section. */
export function parseAdminTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab === value) ?? 'applications';
}

export const APPLICATION_STATUS_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];

export function parseApplicationStatusFilter(value: string | null): ApplicationStatusFilter {
  return APPLICATION_STATUS_FILTERS.find((status) => status === value) ?? 'pending';
}

const STATUS_RANK: Readonly<Record<string, number>> = { pending: 0, rejected: 1, approved: 2 };

/** "All statuses" still puts what waits for a decision first; the server's order stays within a status. */
export function pendingFirst<T extends { status: string }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (STATUS_RANK[a.item.status] ?? 3) - (STATUS_RANK[b.item.status] ?? 3) || a.index - b.index)
    .map(({ item }) => item);
}

export const REFUND_STATUS_FILTERS = ['refund_disputed', 'refund_requested', 'closed', 'all'] as const;
export type RefundStatusFilter = (typeof REFUND_STATUS_FILTERS)[number];

export const REFUND_FILTER_LABELS: Readonly<Record<RefundStatusFilter, MessageDescriptor>> = {
  refund_disputed: msg`Contested`,
  refund_requested: msg`Waiting for the farm`,
  closed: msg`Decided`,
  all: msg`All`,
};

export function parseRefundStatusFilter(value: string | null): RefundStatusFilter {
  return REFUND_STATUS_FILTERS.find((status) => status === value) ?? 'refund_disputed';
}

/** The `status` query of GET /api/admin/refunds for a filter. */
export function refundStatusQuery(filter: RefundStatusFilter): string {
  const statuses: readonly TRefundStatus[] =
    filter === 'closed' ? ['refunded', 'refund_rejected'] : filter === 'all' ? REFUND_STATUSES : [filter];
  return statuses.join(',');
}

/** Contested cases need the admin; the rest follow. */
export function contestedFirst<T extends { status: string }>(items: readonly T[]): T[] {
  return [...items.filter((item) => item.status === 'refund_disputed'), ...items.filter((item) => item.status !== 'refund_disputed')];
}

/** The reports queue's filter (GET /api/admin/reports?status=): open ones first. */
export const REPORT_STATUS_FILTERS = ['open', 'hidden', 'dismissed', 'author_suspended'] as const satisfies readonly TReportStatus[];

export const REPORT_FILTER_LABELS: Readonly<Record<TReportStatus, MessageDescriptor>> = {
  open: msg`Open`,
  hidden: msg`Hidden`,
  dismissed: msg`Dismissed`,
  author_suspended: msg`Author suspended`,
};

export function parseReportStatusFilter(value: string | null): TReportStatus {
  return REPORT_STATUS_FILTERS.find((status) => status === value) ?? 'open';
}
