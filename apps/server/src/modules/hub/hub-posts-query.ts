import { POST_EDIT_WINDOW_MINUTES, type TPost } from '@pulse/contract/hub';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadActiveProductSummaries } from '../products/products-service';
import { toPostJson, type HubImageRecord, type PostRecord } from './hub-json';

type RawRow = Record<string, unknown>;

export async function rowsOf(db: Db, query: SQL): Promise<RawRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

export function isoSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function nullableString(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/**
 * The read of a page of posts, in ONE statement whatever the page size: `pageSql` selects the
 * page's `id` and `tier` (already limited), and this adds the author, the images, the linked
 * product ids, and whether the viewer liked the post and follows its author (correlated subqueries
 * evaluated for the page's rows only). Rows come back ordered by tier, then newest first.
 */
export async function readPostRecords(db: Db, viewerUserId: string, pageSql: SQL): Promise<PostRecord[]> {
  const rows = await rowsOf(
    db,
    sql`with page as (${pageSql})
    select p.id, p.text, p.region, p.like_count, p.comment_count, p.tip_total_minor,
      p.hidden_at is not null as hidden, p.deleted_at is not null as deleted,
      ${isoSql(sql`p.created_at`)} as created_iso, p.created_at::text as created_key,
      ${isoSql(sql`p.edited_at`)} as edited_iso,
      ${isoSql(sql`(p.created_at + make_interval(mins => ${POST_EDIT_WINDOW_MINUTES}::int))`)} as editable_until_iso,
      u.id as author_id, u.username, u.profile_picture_url, u.profession, u.is_legacy_creator,
      u.suspended_at is not null as author_suspended, page.tier,
      (select json_agg(json_build_object('id', up.id, 'storageKey', up.storage_key, 'thumbStorageKey', up.thumb_storage_key,
          'width', up.width, 'height', up.height) order by pi.position)
        from hub_post_images pi join uploads up on up.id = pi.upload_id where pi.post_id = p.id) as images,
      (select json_agg(pp.product_id order by pp.position) from hub_post_products pp where pp.post_id = p.id) as product_ids,
      exists (select 1 from hub_post_likes l where l.post_id = p.id and l.user_id = ${viewerUserId}::uuid) as liked_by_me,
      exists (select 1 from hub_follows f where f.follower_user_id = ${viewerUserId}::uuid and f.followee_user_id = p.author_user_id) as following_author
    from page
    join hub_posts p on p.id = page.id
    join users u on u.id = p.author_user_id
    order by page.tier, p.created_at desc, p.id desc`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    author: {
      id: String(row.author_id),
      username: String(row.username),
      profilePictureUrl: nullableString(row.profile_picture_url),
      profession: nullableString(row.profession),
      isLegacyCreator: Boolean(row.is_legacy_creator),
    },
    authorSuspended: Boolean(row.author_suspended),
    text: String(row.text),
    region: nullableString(row.region),
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    tipTotalMinor: Number(row.tip_total_minor),
    hidden: Boolean(row.hidden),
    deleted: Boolean(row.deleted),
    createdAtIso: String(row.created_iso),
    createdKey: String(row.created_key),
    editedAtIso: nullableString(row.edited_iso),
    editableUntilIso: String(row.editable_until_iso),
    images: parseJson<HubImageRecord[]>(row.images, []),
    productIds: parseJson<string[]>(row.product_ids, []),
    likedByMe: Boolean(row.liked_by_me),
    followingAuthor: Boolean(row.following_author),
    tier: Number(row.tier),
  }));
}

/**
 * ZPost of each record for the viewer; the linked products of all of them are read in one more
 * statement (none when no post links a product).
 */
export async function toPostsJson(db: Db, records: readonly PostRecord[], viewerUserId: string, currency: string): Promise<TPost[]> {
  const products = await loadActiveProductSummaries(
    db,
    records.flatMap((record) => record.productIds),
    currency,
  );
  return records.map((record) => toPostJson(record, products, viewerUserId));
}

/** A post record by id (deleted, hidden or not): the caller decides what the viewer may see. */
export async function readPostRecord(db: Db, postId: string, viewerUserId: string): Promise<PostRecord | null> {
  const [record] = await readPostRecords(db, viewerUserId, sql`select id, 0 as tier from hub_posts where id = ${postId}::uuid`);
  return record ?? null;
}

/** Deleted posts are gone for everyone; hidden posts and posts of suspended authors for all but the author. */
export function isVisibleTo(post: { deleted: boolean; hidden: boolean; authorSuspended: boolean; authorId: string }, viewerUserId: string | null): boolean {
  if (post.deleted) return false;
  if (post.authorId === viewerUserId) return true;
  return !post.hidden && !post.authorSuspended;
}
