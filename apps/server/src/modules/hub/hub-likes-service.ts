import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { COMMENT_NOT_FOUND_MESSAGE, POST_UNAVAILABLE_MESSAGE, type TLikeResponse } from '@pulse/contract/hub';
import { hubCommentLikes, hubComments, hubPostLikes, hubPosts } from '../../db/schema/hub';
import type { UserRow } from '../../db/schema/users';
import { NotFoundError } from '../../errors/domain-errors';
import { sendHubNotices } from './hub-notify';
import { findCommentWithPost, findPostForViewer } from './hub-post-lookup';

/**
 * Likes (decision 022): the primary key (post or comment, user) allows one like per person;
 * `insert ... on conflict do nothing` / `delete` report whether a row really changed, and only then
 * does the counter on the post or comment move, in the same transaction. Concurrent likes of many
 * people each add one; a double tap adds one.
 */
export async function setPostLike(app: FastifyInstance, user: UserRow, postId: string, liked: boolean): Promise<TLikeResponse> {
  const found = await findPostForViewer(app.db, postId, user.id);
  if (!found) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);

  const { changed, likeCount } = await app.db.transaction(async (tx) => {
    const rows = liked
      ? await tx.insert(hubPostLikes).values({ postId, userId: user.id }).onConflictDoNothing().returning({ postId: hubPostLikes.postId })
      : await tx
          .delete(hubPostLikes)
          .where(and(eq(hubPostLikes.postId, postId), eq(hubPostLikes.userId, user.id)))
          .returning({ postId: hubPostLikes.postId });
    const moved = rows.length > 0;
    const [post] = moved
      ? await tx
          .update(hubPosts)
          .set({ likeCount: liked ? sql`${hubPosts.likeCount} + 1` : sql`${hubPosts.likeCount} - 1` })
          .where(eq(hubPosts.id, postId))
          .returning({ likeCount: hubPosts.likeCount })
      : await tx.select({ likeCount: hubPosts.likeCount }).from(hubPosts).where(eq(hubPosts.id, postId));
    return { changed: moved, likeCount: post?.likeCount ?? 0 };
  });

  if (liked && changed) {
    // One key per (post, liker): like, unlike, like again notifies the author once.
    await sendHubNotices(app, user.id, [
      {
        userId: found.post.authorUserId,
        type: 'like',
        message: msg`${{ username: user.username }} liked your post`,
        postId,
        idempotencyKey: `hub:like:${postId}:${user.id}`,
      },
    ]);
  }
  return { liked, likeCount };
}

export async function setCommentLike(app: FastifyInstance, user: UserRow, commentId: string, liked: boolean): Promise<TLikeResponse> {
  const found = await findCommentWithPost(app.db, commentId);
  const commentVisible =
    found !== null &&
    found.comment.deletedAt === null &&
    (found.comment.hiddenAt === null || found.comment.authorUserId === user.id) &&
    (await findPostForViewer(app.db, found.post.id, user.id)) !== null;
  if (!commentVisible) throw new NotFoundError(COMMENT_NOT_FOUND_MESSAGE);

  const likeCount = await app.db.transaction(async (tx) => {
    const rows = liked
      ? await tx
          .insert(hubCommentLikes)
          .values({ commentId, userId: user.id })
          .onConflictDoNothing()
          .returning({ commentId: hubCommentLikes.commentId })
      : await tx
          .delete(hubCommentLikes)
          .where(and(eq(hubCommentLikes.commentId, commentId), eq(hubCommentLikes.userId, user.id)))
          .returning({ commentId: hubCommentLikes.commentId });
    const [comment] =
      rows.length > 0
        ? await tx
            .update(hubComments)
            .set({ likeCount: liked ? sql`${hubComments.likeCount} + 1` : sql`${hubComments.likeCount} - 1` })
            .where(eq(hubComments.id, commentId))
            .returning({ likeCount: hubComments.likeCount })
        : await tx.select({ likeCount: hubComments.likeCount }).from(hubComments).where(eq(hubComments.id, commentId));
    return comment?.likeCount ?? 0;
  });
  return { liked, likeCount };
}
