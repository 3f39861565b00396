import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZPost, type TCreatePostInput, type TPost } from '@pulse/contract/hub';
import { hubPosts } from '../../../db/schema/hub';
import { bearer } from '../../../testing/auth-helpers';
import { publicUploadFor } from '../../agents/testing/agent-fixtures';
import { createBuyer, type TestUser } from '../../orders/testing/order-fixtures';

/** Test data for Pulse Hub: people, posts, follows (through the API, as a client would). */

export { createBuyer as createHubUser, publicUploadFor, type TestUser };

export function hubRequest(app: FastifyInstance, user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload ? { payload } : {}) });
}

/** A post by `author` (201 expected); `text` defaults to a unique line. */
export async function createHubPost(app: FastifyInstance, author: TestUser, input: Partial<TCreatePostInput> = {}): Promise<TPost> {
  const response = await hubRequest(app, author, 'POST', '/api/hub/posts', {
    clientId: randomUUID(),
    text: `Harvest note ${randomUUID().slice(0, 8)}`,
    ...input,
  });
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
  return ZPost.parse(response.json());
}

export async function follow(app: FastifyInstance, follower: TestUser, followee: TestUser): Promise<void> {
  const response = await hubRequest(app, follower, 'PUT', `/api/hub/users/${followee.username}/follow`);
  if (response.statusCode !== 200) throw new Error(`follow failed: ${response.statusCode} ${response.body}`);
}

/** Moves a post's created_at into the past (edit window, feed order) without waiting. */
export async function agePost(app: FastifyInstance, postId: string, minutes: number): Promise<void> {
  await app.db
    .update(hubPosts)
    .set({ createdAt: sql`${hubPosts.createdAt} - make_interval(mins => ${minutes}::int)` })
    .where(eq(hubPosts.id, postId));
}

export async function hidePost(app: FastifyInstance, postId: string): Promise<void> {
  await app.db.update(hubPosts).set({ hiddenAt: new Date() }).where(eq(hubPosts.id, postId));
}
