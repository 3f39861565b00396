import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZAgentApplication } from './agents';
import { ZSellerApplication, ZSellerStatus } from './sellers';
import { ZRole } from './users';

/** Figures on the /admin landing page. */
export const ZGetAdminOverviewResponse = z.object({
  users: z.number().int().nonnegative(),
  pendingSellerApplications: z.number().int().nonnegative(),
  /** Pending agent applications (same queue, kind=agent). */
  pendingAgentApplications: z.number().int().nonnegative().optional(),
  /** Pulse Hub reports waiting for a decision (GET /api/admin/reports). */
  openReports: z.number().int().nonnegative().optional(),
});
export type TGetAdminOverviewResponse = z.infer<typeof ZGetAdminOverviewResponse>;

const ZCursor = z.string().max(200).optional();
const ZLimit = z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(100).default(20);

const requiredReason = (what: string) =>
  z
    .string({ message: contractMessage(msg`Give a reason ${{ what }}`) })
    .trim()
    .min(1, { message: contractMessage(msg`Give a reason ${{ what }}`) })
    .max(1000, { message: contractMessage(msg`Too long (1000 characters at most)`) });

// ----- Applications -----

/** Seller and agent applications share one queue and one decision service; `kind` filters the list. */
export const ZApplicationKind = z.enum(['seller', 'agent'], { message: contractMessage(msg`Kind is seller or agent`) });
export type TApplicationKind = z.infer<typeof ZApplicationKind>;

export const ZApplicationStatus = ZSellerStatus;

/** GET /api/admin/applications?status=&kind=&cursor=&limit= (newest submission first). */
export const ZAdminApplicationListQuery = z.object({
  status: z.enum(['approved', 'pending', 'rejected'], { message: contractMessage(msg`Status is pending, approved or rejected`) }).optional(),
  kind: ZApplicationKind.default('seller'),
  cursor: ZCursor,
  limit: ZLimit,
});
export type TAdminApplicationListQuery = z.input<typeof ZAdminApplicationListQuery>;

export const ZAdminApplicant = z.object({ id: ZId, username: z.string(), email: z.string() });

export const ZAdminApplicationSummary = z.object({
  id: ZId,
  kind: ZApplicationKind,
  status: ZApplicationStatus,
  applicant: ZAdminApplicant,
  /** The business name for a seller; the agent kind and vehicle for an agent (e.g. "Delivery agent · Motorbike"). */
  displayName: z.string(),
  region: z.string(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type TAdminApplicationSummary = z.infer<typeof ZAdminApplicationSummary>;

export const ZAdminApplicationListResponse = z.object({
  items: z.array(ZAdminApplicationSummary),
  nextCursor: z.string().nullable(),
});
export type TAdminApplicationListResponse = z.infer<typeof ZAdminApplicationListResponse>;

/** An earlier submission of the application and how it ended. */
export const ZApplicationHistoryEntry = z.object({
  status: ZApplicationStatus,
  rejectionReason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Seller applications only (null for agents). */
  businessName: z.string().nullable(),
});

/**
 * GET /api/admin/applications/{id}: the whole application, the ID document's URL, past rounds.
 * Exactly one of `seller` / `agent` is non-null, by `kind`.
 */
export const ZAdminApplicationDetail = ZAdminApplicationSummary.extend({
  seller: ZSellerApplication.nullable(),
  agent: ZAgentApplication.nullable(),
  idDocumentUrl: z.string().nullable(),
  history: z.array(ZApplicationHistoryEntry),
});
export type TAdminApplicationDetail = z.infer<typeof ZAdminApplicationDetail>;

/** POST /api/admin/applications/{id}/reject */
export const ZRejectApplicationInput = z.object({ reason: requiredReason('for the rejection') });
export type TRejectApplicationInput = z.infer<typeof ZRejectApplicationInput>;

export const APPLICATION_NOT_FOUND_MESSAGE = contractMessage(msg`Application not found.`);
export const APPLICATION_ALREADY_DECIDED_MESSAGE = contractMessage(msg`This application was already decided. Only pending applications can be approved or rejected.`);

// ----- Users -----

/** GET /api/admin/users?q=&cursor=&limit= (newest account first; q matches e-mail or username). */
export const ZAdminUserListQuery = z.object({
  q: z.string().trim().max(100, { message: contractMessage(msg`Too long (100 characters at most)`) }).optional(),
  cursor: ZCursor,
  limit: ZLimit,
});
export type TAdminUserListQuery = z.input<typeof ZAdminUserListQuery>;

export const ZAdminUser = z.object({
  id: ZId,
  email: z.string(),
  username: z.string(),
  roles: z.array(ZRole),
  suspended: z.boolean(),
  suspendedAt: z.iso.datetime().nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserListResponse = z.object({ items: z.array(ZAdminUser), nextCursor: z.string().nullable() });
export type TAdminUserListResponse = z.infer<typeof ZAdminUserListResponse>;

/** POST /api/admin/users/{id}/suspend */
export const ZSuspendUserInput = z.object({ reason: requiredReason('for the suspension') });
export type TSuspendUserInput = z.infer<typeof ZSuspendUserInput>;

export const ACCOUNT_SUSPENDED_MESSAGE = contractMessage(msg`This account is suspended.`);
export const USER_NOT_FOUND_MESSAGE = contractMessage(msg`User not found.`);
export const CANNOT_SUSPEND_SELF_MESSAGE = contractMessage(msg`You cannot suspend your own account.`);
export const ALREADY_SUSPENDED_MESSAGE = contractMessage(msg`This account is already suspended.`);
export const NOT_SUSPENDED_MESSAGE = contractMessage(msg`This account is not suspended.`);

// ----- Audit log -----

/** Actions written so far; other modules (refunds) add their own names. */
export const AUDIT_ACTIONS = [
  'application.approve',
  'application.reject',
  'agent_application.approve',
  'agent_application.reject',
  'user.suspend',
  'user.unsuspend',
  'popup.create',
  'popup.update',
  'popup.delete',
  'report.hide',
  'report.dismiss',
  'report.suspend_author',
  'referral.void',
  'job.retry',
] as const;

export const ZAuditLogEntry = z.object({
  id: ZId,
  admin: z.object({ id: ZId, username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

/** GET /api/admin/audit-log?cursor=&limit= (newest first). */
export const ZAuditLogQuery = z.object({ cursor: ZCursor, limit: ZLimit });
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

export const ZAuditLogResponse = z.object({ items: z.array(ZAuditLogEntry), nextCursor: z.string().nullable() });
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;

export const INVALID_CURSOR_MESSAGE = contractMessage(msg`The cursor is not valid. Start again from the first page.`);
