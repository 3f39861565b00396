import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TCommentOrder } from '@pulse/contract/hub';
import type { Db } from '../../db/client';
import { hubComments, hubPosts, type HubCommentRow } from '../../db/schema/hub';
import type { CommentRecord } from './hub-json';
import type { HubKeyset } from './hub-cursor';
import { isoSql, rowsOf } from './hub-posts-query';

const COMMENT_COLUMNS = (viewerUserId: string) => sql`c.id, c.post_id, c.parent_id, c.text, c.like_count,
  c.deleted_at is not null as deleted, c.hidden_at is not null as hidden,
  ${isoSql(sql`c.created_at`)} as created_iso, c.created_at::text as created_key, ${isoSql(sql`c.edited_at`)} as edited_iso,
  u.id as author_id, u.username, u.profile_picture_url, u.profession, u.is_legacy_creator,
  ru.username as reply_to_username,
  exists (select 1 from hub_comment_likes l where l.comment_id = c.id and l.user_id = ${viewerUserId}::uuid) as liked_by_me`;

const COMMENT_JOINS = sql`join users u on u.id = c.author_user_id left join users ru on ru.id = c.reply_to_user_id`;

function nullableString(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function toCommentRecord(row: Record<string, unknown>): CommentRecord {
  return {
    id: String(row.id),
    postId: String(row.post_id),
    parentId: nullableString(row.parent_id),
    replyToUsername: nullableString(row.reply_to_username),
    author: {
      id: String(row.author_id),
      username: String(row.username),
      profilePictureUrl: nullableString(row.profile_picture_url),
      profession: nullableString(row.profession),
      isLegacyCreator: Boolean(row.is_legacy_creator),
    },
    text: String(row.text),
    deleted: Boolean(row.deleted),
    hidden: Boolean(row.hidden),
    createdAtIso: String(row.created_iso),
    createdKey: String(row.created_key),
    editedAtIso: nullableString(row.edited_iso),
    likeCount: Number(row.like_count),
    likedByMe: Boolean(row.liked_by_me),
  };
}

/** Hidden comments are shown to their author only. */
function visibleTo(viewerUserId: string): SQL {
  return sql`(c.hidden_at is null or c.author_user_id = ${viewerUserId}::uuid)`;
}

/**
 * A page of top-level comments (one statement). A deleted one stays while it has replies (shown as
 * deleted, without its text), so the thread under it still reads.
 */
export async function findTopLevelComments(
  db: Db,
  postId: string,
  viewerUserId: string,
  order: TCommentOrder,
  keyset: HubKeyset | null,
  fetch: number,
): Promise<CommentRecord[]> {
  const newest = order === 'newest';
  const after = keyset
    ? newest
      ? sql`and (c.created_at, c.id) < (${keyset.k}::timestamptz, ${keyset.i}::uuid)`
      : sql`and (c.created_at, c.id) > (${keyset.k}::timestamptz, ${keyset.i}::uuid)`
    : sql``;
  const rows = await rowsOf(
    db,
    sql`select ${COMMENT_COLUMNS(viewerUserId)} from hub_comments c ${COMMENT_JOINS}
      where c.post_id = ${postId}::uuid and c.parent_id is null and ${visibleTo(viewerUserId)}
        and (c.deleted_at is null or exists (select 1 from hub_comments r where r.parent_id = c.id and r.deleted_at is null))
        ${after}
      order by ${newest ? sql`c.created_at desc, c.id desc` : sql`c.created_at asc, c.id asc`}
      limit ${fetch}`,
  );
  return rows.map(toCommentRecord);
}

/** The replies of these top-level comments, oldest first (one statement); deleted replies are gone. */
export async function findReplies(db: Db, parentIds: readonly string[], viewerUserId: string): Promise<CommentRecord[]> {
  if (parentIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`select ${COMMENT_COLUMNS(viewerUserId)} from hub_comments c ${COMMENT_JOINS}
      where c.parent_id = any(${`{${parentIds.join(',')}}`}::uuid[]) and c.deleted_at is null and ${visibleTo(viewerUserId)}
      order by c.created_at asc, c.id asc`,
  );
  return rows.map(toCommentRecord);
}

export async function findCommentRecord(db: Db, commentId: string, viewerUserId: string): Promise<CommentRecord | null> {
  const rows = await rowsOf(db, sql`select ${COMMENT_COLUMNS(viewerUserId)} from hub_comments c ${COMMENT_JOINS} where c.id = ${commentId}::uuid`);
  const row = rows[0];
  return row ? toCommentRecord(row) : null;
}

/** Adds the comment and moves the post's comment count, in the caller's transaction; null when the post was deleted meanwhile. */
export async function insertComment(
  db: Db,
  values: { postId: string; authorUserId: string; parentId: string | null; replyToUserId: string | null; text: string },
): Promise<HubCommentRow | null> {
  const [post] = await db
    .update(hubPosts)
    .set({ commentCount: sql`${hubPosts.commentCount} + 1` })
    .where(and(eq(hubPosts.id, values.postId), isNull(hubPosts.deletedAt)))
    .returning({ id: hubPosts.id });
  if (!post) return null;
  const [row] = await db.insert(hubComments).values(values).returning();
  return row ?? null;
}

export async function updateCommentText(db: Db, commentId: string, text: string): Promise<boolean> {
  const rows = await db
    .update(hubComments)
    .set({ text, editedAt: sql`now()` })
    .where(and(eq(hubComments.id, commentId), isNull(hubComments.deletedAt)))
    .returning({ id: hubComments.id });
  return rows.length > 0;
}

/** Soft-deletes the comment and moves the post's count down, only if it was not deleted already. */
export async function softDeleteComment(db: Db, commentId: string, postId: string): Promise<boolean> {
  const rows = await db
    .update(hubComments)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(hubComments.id, commentId), isNull(hubComments.deletedAt)))
    .returning({ id: hubComments.id });
  if (rows.length === 0) return false;
  await db
    .update(hubPosts)
    .set({ commentCount: sql`greatest(${hubPosts.commentCount} - 1, 0)` })
    .where(eq(hubPosts.id, postId));
  return true;
}
