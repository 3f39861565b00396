import { translateContractMessage } from '@pulse/contract/messages-i18n';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import {
  ALREADY_REPORTED_MESSAGE,
  COMMENT_NOT_FOUND_MESSAGE,
  POST_UNAVAILABLE_MESSAGE,
  REPORT_OWN_MESSAGE,
  reportCategoryLabels,
  type TCreateReportInput,
} from '@pulse/contract/hub';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { notify } from '../notifications/notifications-service';
import { findCommentWithPost, findPostForViewer } from './hub-post-lookup';
import { insertReportOnce, listActiveAdminIds } from './hub-reports-repository';

type ReportInput = Required<Pick<TCreateReportInput, 'targetType' | 'targetId' | 'category'>> & { comment: string };

/** The reported item as the reporter can see it: its post and author; 404 when they cannot see it. */
async function reportedItem(app: FastifyInstance, reporter: UserRow, input: ReportInput): Promise<{ postId: string; authorUserId: string }> {
  if (input.targetType === 'post') {
    const found = await findPostForViewer(app.db, input.targetId, reporter.id);
    if (!found) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
    return { postId: found.post.id, authorUserId: found.post.authorUserId };
  }
  const found = await findCommentWithPost(app.db, input.targetId);
  if (!found || found.comment.deletedAt !== null || (found.comment.hiddenAt !== null && found.comment.authorUserId !== reporter.id)) {
    throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  }
  // A comment under a post the reporter cannot see is gone for them too.
  if (!(await findPostForViewer(app.db, found.post.id, reporter.id))) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  return { postId: found.post.id, authorUserId: found.comment.authorUserId };
}

/**
 * Reports a post or comment. One report per person per item: the unique index decides, so two
 * requests at once get one 201 and one 409. Every active admin gets a `report` notification that
 * points at the post.
 */
export async function createReport(app: FastifyInstance, reporter: UserRow, input: ReportInput): Promise<{ id: string }> {
  const item = await reportedItem(app, reporter, input);
  if (item.authorUserId === reporter.id) throw new InvalidError(REPORT_OWN_MESSAGE);
  const report = await insertReportOnce(app.db, {
    reporterUserId: reporter.id,
    targetType: input.targetType,
    targetId: input.targetId,
    postId: item.postId,
    authorUserId: item.authorUserId,
    category: input.category,
    comment: input.comment,
  });
  if (!report) throw new ConflictError(ALREADY_REPORTED_MESSAGE);

  const username = reporter.username;
  const message = (i18n: I18n) => {
    const category = translateContractMessage(i18n, reportCategoryLabels[input.category]);
    return input.targetType === 'comment'
      ? i18n._(msg`${{ username }} reported a comment: ${{ category }}`)
      : i18n._(msg`${{ username }} reported a post: ${{ category }}`);
  };
  // The report is stored: a notification that fails is logged, never turned into a failed request.
  try {
    for (const adminId of await listActiveAdminIds(app.db)) {
      await notify(app, adminId, {
        type: 'report',
        source: 'pulse_hub',
        message,
        content_type: input.targetType,
        related_entity_id: item.postId,
        idempotencyKey: `hub-report:${report.id}:${adminId}`,
      });
    }
  } catch (error) {
    app.log.error({ err: error, reportId: report.id }, 'Report notification failed');
  }
  return { id: report.id };
}
