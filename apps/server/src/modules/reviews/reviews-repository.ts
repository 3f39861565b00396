import { and, count, desc, eq, inArray, isNotNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { TReview } from '@pulse/contract/reviews';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { reviews, type ReviewRow } from '../../db/schema/reviews';
import { users } from '../../db/schema/users';

export function toReviewJson(row: ReviewRow & { buyerUsername: string }): TReview {
  return {
    id: row.id,
    orderId: row.orderId,
    buyerUsername: row.buyerUsername,
    rating: row.rating,
    body: row.body,
    sellerReply: row.sellerReply,
    sellerRepliedAt: row.sellerRepliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function reviewSelect(db: Db) {
  return db.select({ review: reviews, buyerUsername: users.username }).from(reviews).innerJoin(users, eq(users.id, reviews.buyerUserId));
}

export async function findReviewJsonForOrder(db: Db, orderId: string): Promise<TReview | null> {
  const [row] = await reviewSelect(db).where(eq(reviews.orderId, orderId));
  return row ? toReviewJson({ ...row.review, buyerUsername: row.buyerUsername }) : null;
}

export async function findReviewJson(db: Db, reviewId: string): Promise<TReview | null> {
  const [row] = await reviewSelect(db).where(eq(reviews.id, reviewId));
  return row ? toReviewJson({ ...row.review, buyerUsername: row.buyerUsername }) : null;
}

/** Inserts the order's review unless there is one already (null then). */
export async function insertReviewOnce(db: Db, values: { orderId: string; buyerUserId: string; sellerUserId: string; rating: number; body: string }): Promise<ReviewRow | null> {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing({ target: reviews.orderId }).returning();
  return row ?? null;
}

export async function lockReview(db: Db, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
  return row;
}

export async function setSellerReply(db: Db, reviewId: string, body: string, now: Date): Promise<void> {
  await db.update(reviews).set({ sellerReply: body, sellerRepliedAt: now }).where(eq(reviews.id, reviewId));
}

/** Adds the rating to every product of the order (the listing shows stars without a join). */
export async function addRatingToOrderProducts(db: Db, orderId: string, rating: number): Promise<void> {
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)));
  const productIds = rows.map((row) => row.productId).filter((id): id is string => id !== null).sort();
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({ ratingSum: sql`${products.ratingSum} + ${rating}`, ratingCount: sql`${products.ratingCount} + 1` })
    .where(inArray(products.id, productIds));
}

export type ReviewScope = { productId: string } | { sellerUserId: string };

function scopeCondition(scope: ReviewScope): SQL {
  if ('sellerUserId' in scope) return eq(reviews.sellerUserId, scope.sellerUserId);
  return sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${reviews.orderId} and ${orderItems.productId} = ${scope.productId})`;
}

/** Newest first (ids are UUIDv7). */
export async function listReviews(db: Db, scope: ReviewScope, beforeId: string | undefined, limit: number): Promise<TReview[]> {
  const rows = await reviewSelect(db)
    .where(and(scopeCondition(scope), beforeId ? lt(reviews.id, beforeId) : undefined))
    .orderBy(desc(reviews.id))
    .limit(limit);
  return rows.map((row) => toReviewJson({ ...row.review, buyerUsername: row.buyerUsername }));
}

export async function reviewStats(db: Db, scope: ReviewScope): Promise<{ count: number; sum: number }> {
  if ('productId' in scope) {
    const [row] = await db.select({ count: products.ratingCount, sum: products.ratingSum }).from(products).where(eq(products.id, scope.productId));
    return { count: row?.count ?? 0, sum: row?.sum ?? 0 };
  }
  const [row] = await db.select({ count: count(), sum: sum(reviews.rating) }).from(reviews).where(scopeCondition(scope));
  return { count: Number(row?.count ?? 0), sum: Number(row?.sum ?? 0) };
}

export async function productExists(db: Db, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return Boolean(row);
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}
