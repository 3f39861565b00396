import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  POST_EDIT_WINDOW_CLOSED_MESSAGE,
  POST_EDIT_WINDOW_MINUTES,
  POST_PHOTO_NOT_YOURS_MESSAGE,
  POST_PRODUCT_UNAVAILABLE_MESSAGE,
  POST_UNAVAILABLE_MESSAGE,
  type TPost,
  type ZCreatePostInput,
  type ZUpdatePostInput,
} from '@pulse/contract/hub';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { findOwnedUploadIds } from '../products/products-repository';
import { loadPost } from './hub-post-lookup';
import {
  findOwnPostForUpdate,
  findPostByClientId,
  insertPostImages,
  insertPostOnce,
  insertPostProducts,
  lockActiveProductIds,
  softDeletePost,
  updatePostText,
} from './hub-posts-repository';

type CreatePostInput = z.output<typeof ZCreatePostInput>;
type UpdatePostInput = z.output<typeof ZUpdatePostInput>;

const EDIT_WINDOW_MS = POST_EDIT_WINDOW_MINUTES * 60_000;

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

async function loadPostOrGone(app: FastifyInstance, postId: string, viewerUserId: string): Promise<TPost> {
  const post = await loadPost(app.db, postId, viewerUserId, app.config.currency);
  if (!post) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
  return post;
}

/**
 * POST /api/hub/posts. The post, its photos and its product links are written in one transaction;
 * the same clientId from the same author answers the post already made (`created: false`). Other
 * signed-in sockets learn about a new post after the commit.
 */
export async function createPost(app: FastifyInstance, user: UserRow, input: CreatePostInput): Promise<{ post: TPost; created: boolean }> {
  const existing = await findPostByClientId(app.db, user.id, input.clientId);
  if (existing) return { post: await loadPostOrGone(app, existing.id, user.id), created: false };

  const imageUploadIds = unique(input.imageUploadIds);
  const productIds = unique(input.productIds);
  const owned = await findOwnedUploadIds(app.db, user.id, imageUploadIds);
  if (imageUploadIds.some((id) => !owned.has(id))) {
    throw new InvalidError(POST_PHOTO_NOT_YOURS_MESSAGE, { imageUploadIds: POST_PHOTO_NOT_YOURS_MESSAGE });
  }

  const row = await app.db.transaction(async (tx) => {
    const active = await lockActiveProductIds(tx, productIds);
    if (productIds.some((id) => !active.has(id))) {
      throw new InvalidError(POST_PRODUCT_UNAVAILABLE_MESSAGE, { productIds: POST_PRODUCT_UNAVAILABLE_MESSAGE });
    }
    const inserted = await insertPostOnce(tx, { authorUserId: user.id, clientId: input.clientId, text: input.text, region: input.region ?? null });
    if (!inserted) return null;
    await insertPostImages(tx, inserted.id, imageUploadIds);
    await insertPostProducts(tx, inserted.id, productIds);
    return inserted;
  });

  if (!row) {
    // A concurrent send of the same post won the unique index; answer with that one.
    const winner = await findPostByClientId(app.db, user.id, input.clientId);
    if (!winner) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
    return { post: await loadPostOrGone(app, winner.id, user.id), created: false };
  }

  app.realtime.emitToSignedIn('hubPostCreated', { postId: row.id, authorId: user.id, createdAt: row.createdAt.toISOString() });
  return { post: await loadPostOrGone(app, row.id, user.id), created: true };
}

/** GET /api/hub/posts/{id}: 404 with the contract's words for a deleted post, or a hidden one to anyone but its author. */
export function getPost(app: FastifyInstance, user: UserRow, postId: string): Promise<TPost> {
  return loadPostOrGone(app, postId, user.id);
}

/** PATCH /api/hub/posts/{id}: the author, within the edit window (409 after it); anyone else 404. */
export async function updatePost(app: FastifyInstance, user: UserRow, postId: string, input: UpdatePostInput): Promise<TPost> {
  await app.db.transaction(async (tx) => {
    const row = await findOwnPostForUpdate(tx, postId, user.id);
    if (!row) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
    if (Date.now() > row.createdAt.getTime() + EDIT_WINDOW_MS) throw new ConflictError(POST_EDIT_WINDOW_CLOSED_MESSAGE);
    await updatePostText(tx, postId, { text: input.text, region: input.region });
  });
  return loadPostOrGone(app, postId, user.id);
}

/** DELETE /api/hub/posts/{id}: the author only (soft delete: the row stays for tips and reports). */
export async function deletePost(app: FastifyInstance, user: UserRow, postId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await findOwnPostForUpdate(tx, postId, user.id);
    if (!row) throw new NotFoundError(POST_UNAVAILABLE_MESSAGE);
    await softDeletePost(tx, postId);
  });
}
