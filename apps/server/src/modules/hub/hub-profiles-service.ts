import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FOLLOW_SELF_MESSAGE,
  PROFILE_NOT_FOUND_MESSAGE,
  type TFollowResponse,
  type THubProfile,
  type TPostPage,
  type ZPostPageQuery,
  type ZUpdateHubProfileInput,
} from '@pulse/contract/hub';
import { hubFollows } from '../../db/schema/hub';
import { uploads } from '../../db/schema/uploads';
import { users, type UserRow } from '../../db/schema/users';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import { findOwnedUploadIds } from '../products/products-repository';
import { buildUploadUrl } from '../uploads/uploads-service';
import { getAuthorPostsPage } from './hub-feed';
import { rowsOf } from './hub-posts-query';

type PostPageQuery = z.output<typeof ZPostPageQuery>;
type UpdateHubProfileInput = z.output<typeof ZUpdateHubProfileInput>;

export const PROFILE_PHOTO_NOT_YOURS_MESSAGE = contractMessage(msg`Choose a photo you uploaded yourself.`);

interface ProfileTarget {
  id: string;
  username: string;
  suspended: boolean;
}

/** The person with this username (case-insensitive, as usernames are unique); 404 with the contract's words. */
async function requireProfileUser(app: FastifyInstance, username: string): Promise<ProfileTarget> {
  const [row] = await app.db
    .select({ id: users.id, username: users.username, suspendedAt: users.suspendedAt })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!row) throw new NotFoundError(PROFILE_NOT_FOUND_MESSAGE);
  return { id: row.id, username: row.username, suspended: row.suspendedAt !== null };
}

/**
 * The profile in one statement: the person, follower/following counts (the follows primary key and
 * its followee index), the number of posts the viewer can see, whether the viewer follows them, and
 * their farm shop when they sell (the seller role with an approved application; the shop name of
 * their seller profile, else the application's business name, as on product pages).
 */
async function readProfile(app: FastifyInstance, userId: string, viewerUserId: string): Promise<THubProfile> {
  const isMe = userId === viewerUserId;
  const rows = await rowsOf(
    app.db,
    sql`select u.id, u.username, u.profile_picture_url, u.profession, u.is_legacy_creator, u.bio,
      (select count(*) from hub_follows f where f.followee_user_id = u.id)::int as follower_count,
      (select count(*) from hub_follows f where f.follower_user_id = u.id)::int as following_count,
      (select count(*) from hub_posts p where p.author_user_id = u.id and p.deleted_at is null
        ${isMe ? sql`` : sql`and p.hidden_at is null and u.suspended_at is null`})::int as post_count,
      exists (select 1 from hub_follows f where f.follower_user_id = ${viewerUserId}::uuid and f.followee_user_id = u.id) as followed_by_me,
      case when 'seller' = any(u.roles) then coalesce(
        (select sp.shop_name from seller_profiles sp where sp.user_id = u.id),
        (select sa.business_name from seller_applications sa where sa.user_id = u.id and sa.status = 'approved')) end as farm_name,
      exists (select 1 from seller_applications sa where sa.user_id = u.id and sa.status = 'approved') as approved_seller
    from users u where u.id = ${userId}::uuid`,
  );
  const row = rows[0];
  if (!row) throw new NotFoundError(PROFILE_NOT_FOUND_MESSAGE);
  const farmName = row.farm_name === null || row.farm_name === undefined ? null : String(row.farm_name);
  return {
    id: String(row.id),
    username: String(row.username),
    profile_picture_url: row.profile_picture_url === null || row.profile_picture_url === undefined ? null : String(row.profile_picture_url),
    profession: row.profession === null || row.profession === undefined ? null : String(row.profession),
    is_legacy_creator: Boolean(row.is_legacy_creator),
    bio: row.bio === null || row.bio === undefined ? null : String(row.bio),
    followerCount: Number(row.follower_count),
    followingCount: Number(row.following_count),
    postCount: Number(row.post_count),
    followedByMe: !isMe && Boolean(row.followed_by_me),
    isMe,
    shop: farmName !== null && Boolean(row.approved_seller) ? { sellerUserId: String(row.id), farmName } : null,
  };
}

/** GET /api/hub/profiles/{username} */
export async function getProfile(app: FastifyInstance, viewer: UserRow, username: string): Promise<THubProfile> {
  const target = await requireProfileUser(app, username);
  return readProfile(app, target.id, viewer.id);
}

/** GET /api/hub/profiles/{username}/posts: newest first; the owner also sees their hidden posts. */
export async function getProfilePosts(app: FastifyInstance, viewer: UserRow, username: string, query: PostPageQuery): Promise<TPostPage> {
  const target = await requireProfileUser(app, username);
  return getAuthorPostsPage(app, viewer.id, target, query);
}

/** An empty bio or profession is no bio or profession. */
function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value === '' ? null : value;
}

/**
 * PATCH /api/hub/profile: the caller's bio, profession and photo. The photo is one of their own
 * public uploads; users.profile_picture_url holds its ~400 px variant's address, as it holds the
 * provider's picture for single sign-on accounts, so /api/auth/me and every author line show it.
 */
export async function updateOwnProfile(app: FastifyInstance, user: UserRow, input: UpdateHubProfileInput): Promise<THubProfile> {
  let profilePictureUrl: string | null | undefined;
  if (input.photoUploadId === null) profilePictureUrl = null;
  if (input.photoUploadId) {
    const owned = await findOwnedUploadIds(app.db, user.id, [input.photoUploadId]);
    if (!owned.has(input.photoUploadId)) throw new InvalidError(PROFILE_PHOTO_NOT_YOURS_MESSAGE, { photoUploadId: PROFILE_PHOTO_NOT_YOURS_MESSAGE });
    const [upload] = await app.db
      .select({ storageKey: uploads.storageKey, thumbStorageKey: uploads.thumbStorageKey })
      .from(uploads)
      .where(eq(uploads.id, input.photoUploadId));
    if (!upload) throw new InvalidError(PROFILE_PHOTO_NOT_YOURS_MESSAGE, { photoUploadId: PROFILE_PHOTO_NOT_YOURS_MESSAGE });
    profilePictureUrl = buildUploadUrl(upload.thumbStorageKey ?? upload.storageKey);
  }
  const bio = blankToNull(input.bio);
  const profession = blankToNull(input.profession);
  const values = {
    ...(bio !== undefined ? { bio } : {}),
    ...(profession !== undefined ? { profession } : {}),
    ...(profilePictureUrl !== undefined ? { profilePictureUrl } : {}),
  };
  if (Object.keys(values).length > 0) await app.db.update(users).set(values).where(eq(users.id, user.id));
  return readProfile(app, user.id, user.id);
}

async function followerCount(app: FastifyInstance, userId: string): Promise<number> {
  const [row] = await app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(hubFollows)
    .where(eq(hubFollows.followeeUserId, userId));
  return Number(row?.count ?? 0);
}

/** PUT / DELETE /api/hub/users/{username}/follow: idempotent; following oneself is 400. */
export async function setFollow(app: FastifyInstance, user: UserRow, username: string, following: boolean): Promise<TFollowResponse> {
  const target = await requireProfileUser(app, username);
  if (target.id === user.id) throw new InvalidError(FOLLOW_SELF_MESSAGE);
  if (following) {
    await app.db.insert(hubFollows).values({ followerUserId: user.id, followeeUserId: target.id }).onConflictDoNothing();
  } else {
    await app.db.delete(hubFollows).where(and(eq(hubFollows.followerUserId, user.id), eq(hubFollows.followeeUserId, target.id)));
  }
  return { following, followerCount: await followerCount(app, target.id) };
}
