import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOrderParams } from '@pulse/contract/orders';
import { ZProductIdParams } from '@pulse/contract/products';
import { ZReview, ZReviewInput, ZReviewListQuery, ZReviewListResponse, ZReviewParams, ZReviewReplyInput } from '@pulse/contract/reviews';
import { ZGetSellerParams } from '@pulse/contract/sellers';
import { requireUser } from '../../plugins/auth';
import { createReview, listProductReviews, listSellerReviews, replyToReview } from './reviews-service';

/** Reviews of completed orders: written by the buyer, answered once by the farm, listed publicly. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/:orderId/review',
    { schema: { params: ZOrderParams, body: ZReviewInput, response: { 201: ZReview } }, preValidation: app.authenticate },
    async (request, reply) => reply.code(201).send(await createReview(app, requireUser(request), request.params.orderId.toLowerCase(), request.body)),
  );

  app.post(
    '/api/reviews/:reviewId/reply',
    { schema: { params: ZReviewParams, body: ZReviewReplyInput, response: { 200: ZReview } }, preValidation: app.authenticate },
    async (request) => replyToReview(app, requireUser(request), request.params.reviewId.toLowerCase(), request.body.body),
  );

  app.get(
    '/api/products/:productId/reviews',
    { schema: { params: ZProductIdParams, querystring: ZReviewListQuery, response: { 200: ZReviewListResponse } } },
    async (request) => listProductReviews(app.db, request.params.productId.toLowerCase(), request.query),
  );

  app.get(
    '/api/sellers/:userId/reviews',
    { schema: { params: ZGetSellerParams, querystring: ZReviewListQuery, response: { 200: ZReviewListResponse } } },
    async (request) => listSellerReviews(app.db, request.params.userId.toLowerCase(), request.query),
  );
};
