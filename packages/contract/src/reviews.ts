import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';

export const ZReview = z.object({
  id: ZId,
  orderId: ZId,
  buyerUsername: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  sellerReply: z.string().nullable(),
  sellerRepliedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TReview = z.infer<typeof ZReview>;

/** POST /api/orders/{orderId}/review (buyer, order completed, once). */
export const ZReviewInput = z.object({
  rating: z.number({ message: contractMessage(msg`Choose 1 to 5 stars`) }).int().min(1, { message: contractMessage(msg`Choose 1 to 5 stars`) }).max(5, { message: contractMessage(msg`Choose 1 to 5 stars`) }),
  body: z.string().trim().max(2000, { message: contractMessage(msg`Too long (2000 characters at most)`) }).default(''),
});
export type TReviewInput = z.input<typeof ZReviewInput>;

/** POST /api/reviews/{reviewId}/reply (the order's seller, once). */
export const ZReviewReplyInput = z.object({
  body: z.string().trim().min(1, { message: contractMessage(msg`Write a reply`) }).max(2000, { message: contractMessage(msg`Too long (2000 characters at most)`) }),
});
export const ZReviewParams = z.object({ reviewId: ZId });

/** GET /api/products/{productId}/reviews and GET /api/sellers/{userId}/reviews */
export const ZReviewListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(50).default(10),
});
export const ZReviewListResponse = z.object({
  items: z.array(ZReview),
  nextCursor: z.string().nullable(),
  ratingAverage: z.number().min(0).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
});
export type TReviewListResponse = z.infer<typeof ZReviewListResponse>;
