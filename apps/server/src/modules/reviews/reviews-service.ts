import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import type { TReview, TReviewListResponse } from '@pulse/contract/reviews';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { notify } from '../notifications/notifications-service';
import { findOrderSummary, lockOrder } from '../orders/orders-repository';
import { clearPublicResponses } from '../products/products-response-cache';
import {
  addRatingToOrderProducts,
  findReviewJson,
  insertReviewOnce,
  listReviews,
  lockReview,
  productExists,
  reviewStats,
  setSellerReply,
  userExists,
  type ReviewScope,
} from './reviews-repository';

export const REVIEW_NOT_FOUND_MESSAGE = contractMessage(msg`Review not found.`);
export const ORDER_NOT_FOUND_MESSAGE = contractMessage(msg`Order not found.`);
export const ALREADY_REVIEWED_MESSAGE = contractMessage(msg`You already reviewed this order.`);
export const ALREADY_REPLIED_MESSAGE = contractMessage(msg`You already answered this review.`);
export const NOT_COMPLETED_MESSAGE = contractMessage(msg`You can review an order once it is completed.`);
const INVALID_CURSOR_MESSAGE = contractMessage(msg`The cursor is not valid. Start again from the first page.`);

async function tell(app: FastifyInstance, userId: string, message: MessageDescriptor, orderId: string, key: string): Promise<void> {
  try {
    await notify(app, userId, { type: 'order_update', source: 'marketplace', message, related_entity_id: orderId, content_type: 'order', idempotencyKey: key });
  } catch (error) {
    app.log.error({ err: error, orderId }, 'Review notification failed');
  }
}

/** POST /api/orders/{orderId}/review: the buyer, once, when the order is completed. */
export async function createReview(
  app: FastifyInstance,
  user: Pick<UserRow, 'id'>,
  orderId: string,
  input: { rating: number; body: string },
): Promise<TReview> {
  const review = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || (order.buyerUserId !== user.id && order.sellerUserId !== user.id)) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    if (order.buyerUserId !== user.id) throw new ForbiddenError(msg`Only the buyer can review this order.`);
    if (order.status !== 'completed') throw new ConflictError(NOT_COMPLETED_MESSAGE);
    const row = await insertReviewOnce(tx, { orderId, buyerUserId: user.id, sellerUserId: order.sellerUserId, rating: input.rating, body: input.body });
    if (!row) throw new ConflictError(ALREADY_REVIEWED_MESSAGE);
    await addRatingToOrderProducts(tx, orderId, input.rating);
    return row;
  });
  // Product cards and details show the stars.
  clearPublicResponses(app.db);
  const record = await findOrderSummary(app.db, orderId);
  const rating = review.rating;
  const rated = record?.buyerUsername
    ? msg`${{ buyerUsername: record.buyerUsername }} rated their order ${plural({ rating }, { one: '# star', other: '# stars' })}`
    : msg`A buyer rated their order ${plural({ rating }, { one: '# star', other: '# stars' })}`;
  await tell(app, review.sellerUserId, rated, orderId, `review:${review.id}`);
  const json = await findReviewJson(app.db, review.id);
  if (!json) throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
  return json;
}

/** POST /api/reviews/{reviewId}/reply: the order's seller answers once. */
export async function replyToReview(app: FastifyInstance, user: Pick<UserRow, 'id'>, reviewId: string, body: string, now = new Date()): Promise<TReview> {
  const review = await app.db.transaction(async (tx) => {
    const row = await lockReview(tx, reviewId);
    if (!row || (row.sellerUserId !== user.id && row.buyerUserId !== user.id)) throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
    if (row.sellerUserId !== user.id) throw new ForbiddenError(msg`Only the farm can answer this review.`);
    if (row.sellerReply !== null) throw new ConflictError(ALREADY_REPLIED_MESSAGE);
    await setSellerReply(tx, reviewId, body, now);
    return row;
  });
  const record = await findOrderSummary(app.db, review.orderId);
  await tell(app, review.buyerUserId, record?.shopName ? msg`${{ shopName: record.shopName }} answered your review` : msg`The farm answered your review`, review.orderId, `review-reply:${review.id}`);
  const json = await findReviewJson(app.db, reviewId);
  if (!json) throw new NotFoundError(REVIEW_NOT_FOUND_MESSAGE);
  return json;
}

function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new InvalidError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  return id;
}

async function listFor(db: Db, scope: ReviewScope, query: { cursor?: string | undefined; limit: number }): Promise<TReviewListResponse> {
  const beforeId = decodeCursor(query.cursor);
  const [rows, stats] = await Promise.all([listReviews(db, scope, beforeId, query.limit + 1), reviewStats(db, scope)]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: rows.length > query.limit && last ? Buffer.from(last.id, 'utf8').toString('base64url') : null,
    ratingAverage: stats.count > 0 ? Math.round((stats.sum / stats.count) * 10) / 10 : null,
    ratingCount: stats.count,
  };
}

export async function listProductReviews(db: Db, productId: string, query: { cursor?: string | undefined; limit: number }): Promise<TReviewListResponse> {
  if (!(await productExists(db, productId))) throw new NotFoundError(msg`Product not found.`);
  return listFor(db, { productId }, query);
}

export async function listSellerReviews(db: Db, sellerUserId: string, query: { cursor?: string | undefined; limit: number }): Promise<TReviewListResponse> {
  if (!(await userExists(db, sellerUserId))) throw new NotFoundError(msg`Seller not found.`);
  return listFor(db, { sellerUserId }, query);
}
