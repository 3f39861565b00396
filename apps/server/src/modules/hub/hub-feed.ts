import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { TPostPage } from '@pulse/contract/hub';
import type { PostRecord } from './hub-json';
import { decodeHubCursor, encodeHubCursor, type HubKeyset } from './hub-cursor';
import { readPostRecords, toPostsJson } from './hub-posts-query';

/**
 * Newest first, written as the indexes are (drizzle makes `desc` indexes NULLS LAST; a plain
 * `desc` means NULLS FIRST and would not use them). The columns are never null.
 */
export const NEWEST_FIRST = sql`p.created_at desc nulls last, p.id desc nulls last`;

function keysetBefore(keyset: HubKeyset | null): SQL {
  return keyset ? sql`and (p.created_at, p.id) < (${keyset.k}::timestamptz, ${keyset.i}::uuid)` : sql``;
}

async function toPage(app: FastifyInstance, viewerUserId: string, records: PostRecord[], limit: number): Promise<TPostPage> {
  const page = records.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = records.length > limit && last ? encodeHubCursor({ t: last.tier, k: last.createdKey, i: last.id }) : null;
  return { items: await toPostsJson(app.db, page, viewerUserId, app.config.currency), nextCursor };
}

/**
 * The feed page's ids in ONE statement: tier 0 is the caller's own posts and those of people they
 * follow, tier 1 everyone else's; each tier newest first, read from the keyset on (created_at, id),
 * so posts published while someone scrolls land above where they are and never shift the pages
 * below. Each tier is its own limited, index-ordered branch (author index for the followed,
 * the partial visible-posts index for the rest).
 */
export function feedPageSql(viewerUserId: string, keyset: HubKeyset | null, fetch: number): SQL {
  // Tier 0: per followed author (and the caller), their newest visible posts from the author index,
  // then the newest `fetch` of those; a suspended author's posts are left out.
  const tier0 = sql`(select p.id, 0 as tier, p.created_at
      from (select f.followee_user_id as author_id from hub_follows f where f.follower_user_id = ${viewerUserId}::uuid
            union all select ${viewerUserId}::uuid) a
      join users u on u.id = a.author_id and u.suspended_at is null
      cross join lateral (select p.id, p.created_at from hub_posts p
        where p.author_user_id = a.author_id and p.hidden_at is null and p.deleted_at is null ${keysetBefore(keyset?.t === 0 ? keyset : null)}
        order by ${NEWEST_FIRST} limit ${fetch}) p
      order by ${NEWEST_FIRST} limit ${fetch})`;
  // Tier 1: the partial index of visible posts, newest first, skipping the followed and suspended
  // authors row by row (primary key look-ups), so only about a page of index entries is read.
  const tier1 = sql`(select p.id, 1 as tier, p.created_at from hub_posts p
      where p.hidden_at is null and p.deleted_at is null and p.author_user_id <> ${viewerUserId}::uuid
        and not exists (select 1 from hub_follows f where f.follower_user_id = ${viewerUserId}::uuid and f.followee_user_id = p.author_user_id)
        and (select u.suspended_at from users u where u.id = p.author_user_id) is null
        ${keysetBefore(keyset?.t === 1 ? keyset : null)}
      order by ${NEWEST_FIRST} limit ${fetch})`;
  const branches = keyset?.t === 1 ? tier1 : sql`${tier0} union all ${tier1}`;
  return sql`select id, tier from (${branches}) feed order by tier, created_at desc, id desc limit ${fetch}`;
}

/**
 * GET /api/hub/feed. A page is a fixed number of statements whatever its size: the page's ids, the
 * posts with authors, images, likedByMe and followingAuthor (one statement, hub-posts-query.ts), and
 * the linked products' cards (one more, only when some post links products). Counts are the
 * counters on the post rows.
 */
export async function getFeedPage(app: FastifyInstance, viewerUserId: string, query: { cursor?: string | undefined; limit: number }): Promise<TPostPage> {
  const keyset = decodeHubCursor(query.cursor);
  const records = await readPostRecords(app.db, viewerUserId, feedPageSql(viewerUserId, keyset, query.limit + 1));
  return toPage(app, viewerUserId, records, query.limit);
}

/**
 * One person's posts, newest first (GET /api/hub/profiles/{username}/posts). Their own view also
 * has their hidden posts (marked hidden) and does not depend on their suspension.
 */
export async function getAuthorPostsPage(
  app: FastifyInstance,
  viewerUserId: string,
  author: { id: string; suspended: boolean },
  query: { cursor?: string | undefined; limit: number },
): Promise<TPostPage> {
  const isOwner = author.id === viewerUserId;
  if (author.suspended && !isOwner) return { items: [], nextCursor: null };
  const keyset = decodeHubCursor(query.cursor);
  const visible = isOwner ? sql`p.deleted_at is null` : sql`p.deleted_at is null and p.hidden_at is null`;
  const pageSql = sql`select p.id, 0 as tier from hub_posts p
    where p.author_user_id = ${author.id}::uuid and ${visible} ${keysetBefore(keyset)}
    order by ${NEWEST_FIRST} limit ${query.limit + 1}`;
  const records = await readPostRecords(app.db, viewerUserId, pageSql);
  return toPage(app, viewerUserId, records, query.limit);
}
