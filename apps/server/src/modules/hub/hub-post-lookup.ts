import type { TPost } from '@pulse/contract/hub';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hubComments, hubPosts, type HubCommentRow, type HubPostRow } from '../../db/schema/hub';
import { users } from '../../db/schema/users';
import { isVisibleTo, readPostRecord, toPostsJson } from './hub-posts-query';

/**
 * What other Hub code (tips, reports, moderation) needs to find posts and comments the way the
 * posts module does, so "who may see this post" is decided in one place:
 *
 * - a deleted post is gone for everyone;
 * - a hidden post (a moderator's decision), and any post of a suspended author, is gone for
 *   everyone but its author (who sees it marked hidden).
 */

export interface PostAuthor {
  id: string;
  username: string;
  suspendedAt: Date | null;
}

export interface PostWithAuthor {
  post: HubPostRow;
  author: PostAuthor;
}

/** The post with its author, or null when the viewer may not see it (unknown, deleted, hidden, suspended author). */
export async function findPostForViewer(db: Db, postId: string, viewerUserId: string | null): Promise<PostWithAuthor | null> {
  const [row] = await db
    .select({ post: hubPosts, author: { id: users.id, username: users.username, suspendedAt: users.suspendedAt } })
    .from(hubPosts)
    .innerJoin(users, eq(users.id, hubPosts.authorUserId))
    .where(eq(hubPosts.id, postId));
  if (!row) return null;
  const visible = isVisibleTo(
    { deleted: row.post.deletedAt !== null, hidden: row.post.hiddenAt !== null, authorSuspended: row.author.suspendedAt !== null, authorId: row.author.id },
    viewerUserId,
  );
  return visible ? row : null;
}

export interface CommentWithPost {
  comment: HubCommentRow;
  post: HubPostRow;
}

/**
 * The comment and its post as stored (deleted and hidden ones included: check `deletedAt` /
 * `hiddenAt` of both before acting), or null for an unknown id.
 */
export async function findCommentWithPost(db: Db, commentId: string): Promise<CommentWithPost | null> {
  const [row] = await db
    .select({ comment: hubComments, post: hubPosts })
    .from(hubComments)
    .innerJoin(hubPosts, eq(hubPosts.id, hubComments.postId))
    .where(eq(hubComments.id, commentId));
  return row ?? null;
}

/**
 * One ZPost as `viewerUserId` sees it (likedByMe, isMine, followingAuthor, hidden for the author),
 * or null when the viewer may not see it. Two statements at most (the post, its linked products).
 * `currency` is the deployment's (app.config.currency), for the linked product cards.
 */
export async function loadPost(db: Db, postId: string, viewerUserId: string, currency: string): Promise<TPost | null> {
  const record = await readPostRecord(db, postId, viewerUserId);
  if (!record) return null;
  if (!isVisibleTo({ deleted: record.deleted, hidden: record.hidden, authorSuspended: record.authorSuspended, authorId: record.author.id }, viewerUserId)) {
    return null;
  }
  const [post] = await toPostsJson(db, [record], viewerUserId, currency);
  return post ?? null;
}

export { toPostJson } from './hub-json';
