import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import {
  REPORT_ALREADY_DECIDED_MESSAGE,
  reportCategoryLabels,
  type TAdminReport,
  type TAdminReportListResponse,
  type TReportStatus,
} from '@pulse/contract/hub';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError } from '../../errors/domain-errors';
import { findUserById } from '../auth/users-repository';
import {
  findReportById,
  hideReportedItem,
  listAdminReportRows,
  lockOpenReportsOnTarget,
  markReportsDecided,
  type AdminReportRow,
} from '../hub/hub-reports-repository';
import { notify } from '../notifications/notifications-service';
import { suspendUserInTransaction } from './admin-users-service';
import { recordAdminAction } from './audit-log';
import { readTimeCursor, toPage, writeTimeCursor } from './keyset-cursor';

export const REPORT_NOT_FOUND_MESSAGE = contractMessage(msg`Report not found.`);

export type ReportAction = 'hide' | 'dismiss' | 'suspend_author';

const STATUS_OF: Readonly<Record<ReportAction, Exclude<TReportStatus, 'open'>>> = {
  hide: 'hidden',
  dismiss: 'dismissed',
  suspend_author: 'author_suspended',
};

function toAdminReport(row: AdminReportRow): TAdminReport {
  const { report } = row;
  return {
    id: report.id,
    status: report.status,
    targetType: report.targetType,
    targetId: report.targetId,
    postId: report.postId,
    category: report.category,
    comment: report.comment,
    reporter: { id: report.reporterUserId, username: row.reporterUsername },
    author: { id: report.authorUserId, username: row.authorUsername, suspended: row.authorSuspended },
    excerpt: row.excerpt,
    targetHidden: row.targetHidden,
    reportCountOnTarget: Math.max(1, row.reportCountOnTarget),
    createdAt: report.createdAt.toISOString(),
    decidedAt: report.decidedAt?.toISOString() ?? null,
    decidedBy: row.deciderUsername,
  };
}

/** The reports queue: open ones oldest first (the longest waiting on top), decided ones newest first. */
export async function listReports(db: Db, query: { status: TReportStatus; cursor?: string | undefined; limit: number }): Promise<TAdminReportListResponse> {
  const after = readTimeCursor(query.cursor);
  const rows = await listAdminReportRows(db, { status: query.status, after, limit: query.limit + 1 });
  const { page, nextCursor } = toPage(rows, query.limit, (row) => writeTimeCursor(row.cursorAt, row.report.id));
  return { items: page.map(toAdminReport), nextCursor };
}

function outcomeMessage(action: ReportAction, noun: string): MessageDescriptor {
  if (noun === 'comment') {
    return action === 'dismiss' ? msg`We looked at the comment you reported and left it up.` : msg`Thanks for your report. We removed the comment.`;
  }
  if (noun === 'post') return action === 'dismiss' ? msg`We looked at the post you reported and left it up.` : msg`Thanks for your report. We removed the post.`;
  return action === 'dismiss' ? msg`We looked at the ${{ noun }} you reported and left it up.` : msg`Thanks for your report. We removed the ${{ noun }}.`;
}

/**
 * Decides a report and every other open report on the same item, in one transaction: the item
 * hidden (hide, suspend_author), the author suspended with their sessions revoked through the
 * admin users code (suspend_author; an author already suspended stays so), the reports marked and
 * an audit row. The open reports of the item are locked first, in id order, so two admins deciding
 * at once cannot both succeed: the second gets 409. After the commit the author's sockets are
 * closed and each reporter is told the outcome.
 */
export async function decideReport(
  app: FastifyInstance,
  admin: UserRow,
  reportId: string,
  input: { action: ReportAction; reason: string },
): Promise<TAdminReport> {
  const report = await findReportById(app.db, reportId);
  if (!report) throw new NotFoundError(REPORT_NOT_FOUND_MESSAGE);
  const now = new Date();
  const status = STATUS_OF[input.action];
  const noun = report.targetType;

  const decided = await app.db.transaction(async (tx) => {
    const open = await lockOpenReportsOnTarget(tx, report.targetType, report.targetId);
    if (!open.some((row) => row.id === report.id)) throw new ConflictError(REPORT_ALREADY_DECIDED_MESSAGE);
    if (input.action !== 'dismiss') await hideReportedItem(tx, report.targetType, report.targetId, now);

    let sessionIds: string[] = [];
    let authorSuspended = false;
    if (input.action === 'suspend_author') {
      const author = await findUserById(tx, report.authorUserId);
      if (author && author.suspendedAt === null) {
        const reason = input.reason || `Reported ${noun}: ${reportCategoryLabels[report.category]}`;
        ({ sessionIds } = await suspendUserInTransaction(tx, admin, report.authorUserId, reason, now));
        authorSuspended = true;
      }
    }

    const reportIds = open.map((row) => row.id);
    await markReportsDecided(tx, reportIds, { status, decidedByUserId: admin.id, decidedAt: now, decisionReason: input.reason || null });
    await recordAdminAction(tx, {
      adminUserId: admin.id,
      action: `report.${input.action}`,
      targetType: 'hub_report',
      targetId: report.id,
      details: {
        itemType: report.targetType,
        itemId: report.targetId,
        postId: report.postId,
        authorUserId: report.authorUserId,
        category: report.category,
        reportIds,
        reason: input.reason,
        ...(input.action === 'suspend_author' ? { authorSuspended } : {}),
      },
    });
    return { reporters: open.map((row) => ({ reportId: row.id, reporterUserId: row.reporterUserId })), sessionIds };
  });

  for (const sessionId of decided.sessionIds) app.realtime.disconnectSession(sessionId);
  const message = outcomeMessage(input.action, noun);
  // The decision is committed: a notification that fails is logged, never turned into a failed request.
  try {
    for (const reporter of decided.reporters) {
      await notify(app, reporter.reporterUserId, {
        type: 'report',
        source: 'pulse_hub',
        message,
        content_type: noun,
        related_entity_id: report.postId,
        idempotencyKey: `hub-report-outcome:${reporter.reportId}`,
      });
    }
  } catch (error) {
    app.log.error({ err: error, reportId: report.id }, 'Report outcome notification failed');
  }
  const [row] = await listAdminReportRows(app.db, { id: report.id });
  if (!row) throw new NotFoundError(REPORT_NOT_FOUND_MESSAGE);
  return toAdminReport(row);
}
