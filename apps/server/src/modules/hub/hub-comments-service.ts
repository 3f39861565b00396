import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  COMMENT_NOT_FOUND_MESSAGE,
  POST_UNAVAILABLE_MESSAGE,
  type TComment,
  type TCommentPage,
  type ZCommentPageQuery,
  type ZCreateCommentInput,
  type ZUpdateCommentInput,
} from '@pulse/contract/hub';
import type { UserRow } from '../../db/schema/users';
import { INVALID_CURSOR_MESSAGE } from '@pulse/contract/admin';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import { decodeHubCursor, encodeHubCursor } from './hub-cursor';
import { toCommentJson } from './hub-json';
import { sendHubNotices, type HubNotice } from './hub-notify';
import { findCommentWithPost, findPostForViewer, type CommentWithPost } from './hub-post-lookup';
import { findCommentRecord, findReplies, findTopLevelComments, insertComment, softDeleteComment, updateCommentText } from './hub-comments-repository';

type CommentPageQuery = z.output<typeof ZCommentPageQuery>;
type CreateCommentInput = z.output<typeof ZCreateCommentInput>;
type UpdateCommentInput = z.output<typeof ZUpdateCommentInput>;

async function requireVisiblePost(app: FastifyInstance, postId: string, viewerUserId: string) {
  const found = await findPostForViewer(app.db, postId, viewerUserId);
  if (!found) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
  return found;
}

/** A comment the viewer can see, on a post they can see; 404 with the contract's words otherwise. */
async function requireVisibleComment(app: FastifyInstance, commentId: string, viewerUserId: string): Promise<CommentWithPost> {
  const found = await findCommentWithPost(app.db, commentId);
  if (!found || found.comment.deletedAt !== null || (found.comment.hiddenAt !== null && found.comment.authorUserId !== viewerUserId)) {
    throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  }
  if (!(await findPostForViewer(app.db, found.post.id, viewerUserId))) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  return found;
}

async function loadComment(app: FastifyInstance, commentId: string, viewerUserId: string): Promise<TComment> {
  const record = await findCommentRecord(app.db, commentId, viewerUserId);
  if (!record) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  return toCommentJson(record, viewerUserId);
}

/**
 * GET /api/hub/posts/{id}/comments: top-level comments newest or oldest first (keyset on
 * created_at, id), each with all its replies oldest first; two statements per page.
 */
export async function listComments(app: FastifyInstance, user: UserRow, postId: string, query: CommentPageQuery): Promise<TCommentPage> {
  await requireVisiblePost(app, postId, user.id);
  const keyset = decodeHubCursor(query.cursor);
  // A cursor of the other order would skip or repeat comments.
  if (keyset && keyset.o !== query.order) throw new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  const rows = await findTopLevelComments(app.db, postId, user.id, query.order, keyset, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const replies = await findReplies(
    app.db,
    page.map((comment) => comment.id),
    user.id,
  );
  const byParent = new Map<string, TComment[]>();
  for (const reply of replies) {
    if (!reply.parentId) continue;
    const list = byParent.get(reply.parentId) ?? [];
    list.push(toCommentJson(reply, user.id));
    byParent.set(reply.parentId, list);
  }
  const last = page.at(-1);
  return {
    items: page.map((comment) => ({ ...toCommentJson(comment, user.id), replies: byParent.get(comment.id) ?? [] })),
    nextCursor: rows.length > query.limit && last ? encodeHubCursor({ t: 0, k: last.createdKey, i: last.id, o: query.order }) : null,
  };
}

/**
 * POST /api/hub/posts/{id}/comments. A reply to a reply joins the thread of its top-level comment
 * and names the person answered ("replying to @name"). The comment and the post's comment count are
 * written in one transaction; the post's author and the person answered are notified after it.
 */
export async function createComment(app: FastifyInstance, user: UserRow, postId: string, input: CreateCommentInput): Promise<TComment> {
  const { post } = await requireVisiblePost(app, postId, user.id);
  let parentId: string | null = null;
  let replyToUserId: string | null = null;
  let answeredUserId: string | null = null;
  if (input.replyToId) {
    const target = await findCommentWithPost(app.db, input.replyToId);
    const usable =
      target !== null &&
      target.comment.postId === postId &&
      target.comment.deletedAt === null &&
      (target.comment.hiddenAt === null || target.comment.authorUserId === user.id);
    if (!target || !usable) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
    parentId = target.comment.parentId ?? target.comment.id;
    replyToUserId = target.comment.parentId ? target.comment.authorUserId : null;
    answeredUserId = target.comment.authorUserId;
  }

  const row = await app.db.transaction((tx) => insertComment(tx, { postId, authorUserId: user.id, parentId, replyToUserId, text: input.text }));
  if (!row) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);

  const notices: HubNotice[] = [];
  if (answeredUserId) {
    notices.push({
      userId: answeredUserId,
      type: 'comment_reply',
      message: msg`${{ username: user.username }} replied to your comment`,
      postId,
      idempotencyKey: `hub:comment_reply:${row.id}`,
    });
  }
  // The post's author hears about it once: as "replied" when it is their comment that was answered.
  if (post.authorUserId !== answeredUserId) {
    notices.push({
      userId: post.authorUserId,
      type: 'post_comment',
      message: msg`${{ username: user.username }} commented on your post`,
      postId,
      idempotencyKey: `hub:post_comment:${row.id}`,
    });
  }
  await sendHubNotices(app, user.id, notices);
  return loadComment(app, row.id, user.id);
}

/** PATCH /api/hub/comments/{id}: one's own comment; anyone else's is 404. */
export async function updateComment(app: FastifyInstance, user: UserRow, commentId: string, input: UpdateCommentInput): Promise<TComment> {
  const found = await requireVisibleComment(app, commentId, user.id);
  if (found.comment.authorUserId !== user.id) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  if (!(await updateCommentText(app.db, commentId, input.text))) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  return loadComment(app, commentId, user.id);
}

/** DELETE /api/hub/comments/{id}: one's own comment, or any comment on one's own post. */
export async function deleteComment(app: FastifyInstance, user: UserRow, commentId: string): Promise<void> {
  const found = await requireVisibleComment(app, commentId, user.id);
  if (found.comment.authorUserId !== user.id && found.post.authorUserId !== user.id) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
  const deleted = await app.db.transaction((tx) => softDeleteComment(tx, commentId, found.post.id));
  if (!deleted) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);
}
