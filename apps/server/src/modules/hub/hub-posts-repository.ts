import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hubPostImages, hubPostProducts, hubPosts, type HubPostRow } from '../../db/schema/hub';
import { products } from '../../db/schema/products';

export async function findPostByClientId(db: Db, authorUserId: string, clientId: string): Promise<HubPostRow | null> {
  const [row] = await db
    .select()
    .from(hubPosts)
    .where(and(eq(hubPosts.authorUserId, authorUserId), eq(hubPosts.clientId, clientId)));
  return row ?? null;
}

/**
 * Inserts the post unless the author already has one with this clientId (the unique index decides,
 * so two concurrent sends of one post make one row); null when it existed.
 */
export async function insertPostOnce(
  db: Db,
  values: { authorUserId: string; clientId: string; text: string; region: string | null },
): Promise<HubPostRow | null> {
  const [row] = await db
    .insert(hubPosts)
    .values(values)
    .onConflictDoNothing({ target: [hubPosts.authorUserId, hubPosts.clientId] })
    .returning();
  return row ?? null;
}

export async function insertPostImages(db: Db, postId: string, uploadIds: readonly string[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db.insert(hubPostImages).values(uploadIds.map((uploadId, position) => ({ postId, uploadId, position })));
}

export async function insertPostProducts(db: Db, postId: string, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.insert(hubPostProducts).values(productIds.map((productId, position) => ({ postId, productId, position })));
}

/** The ids among `productIds` that are on sale, locked against a concurrent archive until commit. */
export async function lockActiveProductIds(db: Db, productIds: readonly string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), eq(products.status, 'active')))
    .for('share');
  return new Set(rows.map((row) => row.id));
}

/** The author's own post (not deleted), locked for the edit/delete that follows. */
export async function findOwnPostForUpdate(db: Db, postId: string, authorUserId: string): Promise<HubPostRow | null> {
  const [row] = await db
    .select()
    .from(hubPosts)
    .where(and(eq(hubPosts.id, postId), eq(hubPosts.authorUserId, authorUserId), isNull(hubPosts.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function updatePostText(db: Db, postId: string, values: { text: string; region?: string | null | undefined }): Promise<void> {
  await db
    .update(hubPosts)
    .set({ text: values.text, ...(values.region !== undefined ? { region: values.region } : {}), editedAt: sql`now()` })
    .where(eq(hubPosts.id, postId));
}

export async function softDeletePost(db: Db, postId: string): Promise<void> {
  await db.update(hubPosts).set({ deletedAt: sql`now()` }).where(and(eq(hubPosts.id, postId), isNull(hubPosts.deletedAt)));
}
