import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor } from './money';
import { ZProductImage, ZProductSummary } from './products';
import { ZWalletResponse } from './wallet';

/**
 * Pulse Hub (issue 12, decision 022): posts with photos and linked products, comments with one level
 * of replies, likes, tips paid from the wallet, follows, reports and moderation.
 *
 * Every route is under /api/hub/ (admin moderation under /api/admin/reports). Lists use keyset
 * cursors that carry the sort value and the id, so nothing repeats or goes missing while new rows
 * arrive.
 */

// ----- Limits -----

export const POST_MAX_LENGTH = 2000;
export const POST_MAX_PHOTOS = 4;
export const POST_MAX_PRODUCTS = 3;
/** A post can be edited for this long after it was published. */
export const POST_EDIT_WINDOW_MINUTES = 15;
export const COMMENT_MAX_LENGTH = 1000;
export const BIO_MAX_LENGTH = 300;
export const PROFESSION_MAX_LENGTH = 80;
export const HUB_PAGE_DEFAULT_LIMIT = 10;
export const HUB_PAGE_MAX_LIMIT = 30;

// ----- Messages (shown as they are) -----

export const POST_UNAVAILABLE_MESSAGE = contractMessage(msg`This post is no longer available`);
export const COMMENT_NOT_FOUND_MESSAGE = contractMessage(msg`This comment is no longer available`);
export const PROFILE_NOT_FOUND_MESSAGE = contractMessage(msg`No one on Pulse Hub has that name`);
export const POST_EDIT_WINDOW_CLOSED_MESSAGE = contractMessage(msg`Posts can be edited for ${{ postEditWindowMinutes: POST_EDIT_WINDOW_MINUTES }} minutes after posting`);
export const POST_PRODUCT_UNAVAILABLE_MESSAGE = contractMessage(msg`One of the linked products is no longer on sale`);
export const POST_PHOTO_NOT_YOURS_MESSAGE = contractMessage(msg`One of the photos was not uploaded by you`);
export const TIP_SELF_MESSAGE = contractMessage(msg`You cannot tip your own post`);
export const FOLLOW_SELF_MESSAGE = contractMessage(msg`You cannot follow yourself`);
export const ALREADY_REPORTED_MESSAGE = contractMessage(msg`You have already reported this`);
export const REPORT_OWN_MESSAGE = contractMessage(msg`You cannot report your own post or comment`);
export const REPORT_ALREADY_DECIDED_MESSAGE = contractMessage(msg`This report has already been handled`);
export const AUTHOR_SUSPENDED_MESSAGE = contractMessage(msg`This account is suspended.`);

// ----- People -----

/** The author line of a post or comment. */
export const ZHubAuthor = z.object({
  id: ZId,
  username: z.string(),
  profile_picture_url: z.string().nullable(),
  profession: z.string().nullable(),
  is_legacy_creator: z.boolean(),
});
export type THubAuthor = z.infer<typeof ZHubAuthor>;

/** GET /api/hub/profiles/{username} */
export const ZHubProfile = ZHubAuthor.extend({
  bio: z.string().nullable(),
  followerCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  postCount: z.number().int().nonnegative(),
  /** The signed-in caller follows this person. */
  followedByMe: z.boolean(),
  isMe: z.boolean(),
  /** Set when the person sells: their farm shop (the web links it to the shop page). */
  shop: z.object({ sellerUserId: ZId, farmName: z.string() }).nullable(),
});
export type THubProfile = z.infer<typeof ZHubProfile>;

/** PATCH /api/hub/profile: the caller's own bio, profession and photo (an image upload id). */
export const ZUpdateHubProfileInput = z.object({
  bio: z.string().trim().max(BIO_MAX_LENGTH, { message: contractMessage(msg`Bio is too long (${{ bioMaxLength: BIO_MAX_LENGTH }} characters at most)`) }).nullable().optional(),
  profession: z
    .string()
    .trim()
    .max(PROFESSION_MAX_LENGTH, { message: contractMessage(msg`Profession is too long (${{ professionMaxLength: PROFESSION_MAX_LENGTH }} characters at most)`) })
    .nullable()
    .optional(),
  /** An upload of the caller (POST /api/uploads/images); null removes the photo. */
  photoUploadId: ZId.nullable().optional(),
});
export type TUpdateHubProfileInput = z.infer<typeof ZUpdateHubProfileInput>;

/** PUT / DELETE /api/hub/users/{username}/follow */
export const ZFollowResponse = z.object({ following: z.boolean(), followerCount: z.number().int().nonnegative() });
export type TFollowResponse = z.infer<typeof ZFollowResponse>;

// ----- Posts -----

export const ZPost = z.object({
  id: ZId,
  author: ZHubAuthor,
  text: z.string(),
  images: z.array(ZProductImage),
  /** Linked products still on sale, in the author's order (archived ones drop out). */
  products: z.array(ZProductSummary),
  region: z.string().nullable(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  /** createdAt + POST_EDIT_WINDOW_MINUTES; the author can edit until then. */
  editableUntil: z.iso.datetime(),
  likeCount: z.number().int().nonnegative(),
  commentCount: z.number().int().nonnegative(),
  tipTotalMinor: ZMinor,
  likedByMe: z.boolean(),
  /** Only ever true for the author's own view: a moderator hid it from everyone else. */
  hidden: z.boolean(),
  isMine: z.boolean(),
  /** The caller follows the author (false on one's own posts). */
  followingAuthor: z.boolean(),
});
export type TPost = z.infer<typeof ZPost>;

const postText = z
  .string({ message: contractMessage(msg`Write something to post`) })
  .trim()
  .min(1, { message: contractMessage(msg`Write something to post`) })
  .max(POST_MAX_LENGTH, { message: contractMessage(msg`Posts are at most ${{ postMaxLength: POST_MAX_LENGTH }} characters`) });

/**
 * POST /api/hub/posts. `clientId` is made in the browser (a UUID) when the post is written, so a
 * retried send (offline queue, double click) answers with the post already made instead of a second.
 */
export const ZCreatePostInput = z.object({
  clientId: ZId,
  text: postText,
  imageUploadIds: z.array(ZId).max(POST_MAX_PHOTOS, { message: contractMessage(msg`At most ${{ postMaxPhotos: POST_MAX_PHOTOS }} photos`) }).default([]),
  productIds: z.array(ZId).max(POST_MAX_PRODUCTS, { message: contractMessage(msg`At most ${{ postMaxProducts: POST_MAX_PRODUCTS }} products`) }).default([]),
  region: z.string().trim().max(100, { message: contractMessage(msg`Region is too long (100 characters at most)`) }).nullable().optional(),
});
export type TCreatePostInput = z.input<typeof ZCreatePostInput>;

/** PATCH /api/hub/posts/{id}: within POST_EDIT_WINDOW_MINUTES, by the author. */
export const ZUpdatePostInput = z.object({
  text: postText,
  region: z.string().trim().max(100, { message: contractMessage(msg`Region is too long (100 characters at most)`) }).nullable().optional(),
});
export type TUpdatePostInput = z.infer<typeof ZUpdatePostInput>;

const ZHubCursor = z.string().max(300).optional();
const ZHubLimit = z.coerce
  .number({ message: contractMessage(msg`Must be a number`) })
  .int()
  .min(1)
  .max(HUB_PAGE_MAX_LIMIT)
  .default(HUB_PAGE_DEFAULT_LIMIT);

/**
 * GET /api/hub/feed: posts of people the caller follows first (newest first), then everyone else's
 * (newest first). GET /api/hub/profiles/{username}/posts: one person's posts, newest first.
 */
export const ZPostPageQuery = z.object({ cursor: ZHubCursor, limit: ZHubLimit });
export type TPostPageQuery = z.input<typeof ZPostPageQuery>;
export const ZPostPage = z.object({ items: z.array(ZPost), nextCursor: z.string().nullable() });
export type TPostPage = z.infer<typeof ZPostPage>;

// ----- Likes -----

/** PUT (like) / DELETE (undo) /api/hub/posts/{id}/like and /api/hub/comments/{id}/like. */
export const ZLikeResponse = z.object({ liked: z.boolean(), likeCount: z.number().int().nonnegative() });
export type TLikeResponse = z.infer<typeof ZLikeResponse>;

// ----- Comments -----

export const ZComment = z.object({
  id: ZId,
  postId: ZId,
  /** The top-level comment this one answers; null for a top-level comment. */
  parentId: ZId.nullable(),
  /** "replying to @name" when it answers a reply (threads are two levels deep). */
  replyToUsername: z.string().nullable(),
  author: ZHubAuthor,
  /** Empty when deleted (a deleted comment with replies stays as "Comment deleted"). */
  text: z.string(),
  deleted: z.boolean(),
  hidden: z.boolean(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  likeCount: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  isMine: z.boolean(),
});
export type TComment = z.infer<typeof ZComment>;

export const ZCommentThread = ZComment.extend({
  /** Replies, oldest first. */
  replies: z.array(ZComment),
});
export type TCommentThread = z.infer<typeof ZCommentThread>;

export const ZCommentOrder = z.enum(['newest', 'oldest']);
export type TCommentOrder = z.infer<typeof ZCommentOrder>;

/** GET /api/hub/posts/{id}/comments?order=&cursor=&limit= (top-level comments, each with its replies). */
export const ZCommentPageQuery = z.object({ order: ZCommentOrder.default('newest'), cursor: ZHubCursor, limit: ZHubLimit });
export type TCommentPageQuery = z.input<typeof ZCommentPageQuery>;
export const ZCommentPage = z.object({ items: z.array(ZCommentThread), nextCursor: z.string().nullable() });
export type TCommentPage = z.infer<typeof ZCommentPage>;

const commentText = z
  .string({ message: contractMessage(msg`Write a comment`) })
  .trim()
  .min(1, { message: contractMessage(msg`Write a comment`) })
  .max(COMMENT_MAX_LENGTH, { message: contractMessage(msg`Comments are at most ${{ commentMaxLength: COMMENT_MAX_LENGTH }} characters`) });

/** POST /api/hub/posts/{id}/comments. `replyToId`: a comment of this post (top-level or a reply). */
export const ZCreateCommentInput = z.object({ text: commentText, replyToId: ZId.nullable().optional() });
export type TCreateCommentInput = z.infer<typeof ZCreateCommentInput>;

/** PATCH /api/hub/comments/{id} (own comment). DELETE /api/hub/comments/{id} (own comment, or the post's author). */
export const ZUpdateCommentInput = z.object({ text: commentText });
export type TUpdateCommentInput = z.infer<typeof ZUpdateCommentInput>;

// ----- Tips -----

/** GET /api/hub/tip-options: presets and bounds (configured on the server: HUB_TIP_MIN_MINOR, HUB_TIP_MAX_MINOR). */
export const ZTipOptions = z.object({
  currency: z.string(),
  presetsMinor: z.array(ZMinor),
  minMinor: ZMinor,
  maxMinor: ZMinor,
});
export type TTipOptions = z.infer<typeof ZTipOptions>;

/** POST /api/hub/posts/{id}/tips with header Idempotency-Key: the same key pays once. */
export const ZTipInput = z.object({
  amountMinor: z.number({ message: contractMessage(msg`Enter an amount`) }).int({ message: contractMessage(msg`Enter a whole number of cents`) }).positive({ message: contractMessage(msg`Enter an amount`) }),
});
export type TTipInput = z.infer<typeof ZTipInput>;

export const ZTipResponse = z.object({
  id: ZId,
  amountMinor: ZMinor,
  tipTotalMinor: ZMinor,
  /** The tipper's wallet after the tip. */
  wallet: ZWalletResponse,
});
export type TTipResponse = z.infer<typeof ZTipResponse>;

/** GET /api/hub/posts/{id}/tips: for the post's author only (anyone else gets 404). */
export const ZPostTip = z.object({ id: ZId, tipper: ZHubAuthor, amountMinor: ZMinor, createdAt: z.iso.datetime() });
export type TPostTip = z.infer<typeof ZPostTip>;
export const ZPostTipList = z.object({ items: z.array(ZPostTip), tipTotalMinor: ZMinor });
export type TPostTipList = z.infer<typeof ZPostTipList>;

// ----- Reports and moderation -----

export const REPORT_CATEGORIES = ['spam', 'scam', 'offensive', 'other'] as const;
export const ZReportCategory = z.enum(REPORT_CATEGORIES, { message: contractMessage(msg`Choose what is wrong`) });
export type TReportCategory = z.infer<typeof ZReportCategory>;
export const reportCategoryLabels: Readonly<Record<TReportCategory, string>> = {
  spam: contractMessage(msg`Spam`),
  scam: contractMessage(msg`Scam or fraud`),
  offensive: contractMessage(msg`Offensive or abusive`),
  other: contractMessage(msg`Something else`),
};

export const ZReportTargetType = z.enum(['post', 'comment']);
export type TReportTargetType = z.infer<typeof ZReportTargetType>;

/** POST /api/hub/reports: one report per person per item (409 ALREADY_REPORTED_MESSAGE). */
export const ZCreateReportInput = z.object({
  targetType: ZReportTargetType,
  targetId: ZId,
  category: ZReportCategory,
  comment: z.string().trim().max(1000, { message: contractMessage(msg`Too long (1000 characters at most)`) }).default(''),
});
export type TCreateReportInput = z.input<typeof ZCreateReportInput>;
export const ZCreateReportResponse = z.object({ id: ZId });

export const ZReportStatus = z.enum(['open', 'hidden', 'dismissed', 'author_suspended']);
export type TReportStatus = z.infer<typeof ZReportStatus>;
export const reportStatusLabels: Readonly<Record<TReportStatus, string>> = {
  open: contractMessage(msg`Waiting for review`),
  hidden: contractMessage(msg`Removed`),
  dismissed: contractMessage(msg`No action needed`),
  author_suspended: contractMessage(msg`Removed, author suspended`),
};

/** One report in the admin queue, with the reported item as it is now. */
export const ZAdminReport = z.object({
  id: ZId,
  status: ZReportStatus,
  targetType: ZReportTargetType,
  targetId: ZId,
  /** The post the item is (or belongs to), for a link to /pulse/{postId}. */
  postId: ZId,
  category: ZReportCategory,
  comment: z.string(),
  reporter: z.object({ id: ZId, username: z.string() }),
  author: z.object({ id: ZId, username: z.string(), suspended: z.boolean() }),
  /** The reported text (as written, even when hidden or deleted). */
  excerpt: z.string(),
  targetHidden: z.boolean(),
  /** Open reports on the same item, this one included. */
  reportCountOnTarget: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: z.string().nullable(),
});
export type TAdminReport = z.infer<typeof ZAdminReport>;

/** GET /api/admin/reports?status=open&cursor=&limit= (oldest open first; decided ones newest first). */
export const ZAdminReportListQuery = z.object({
  status: ZReportStatus.default('open'),
  cursor: ZHubCursor,
  limit: z.coerce.number({ message: contractMessage(msg`Must be a number`) }).int().min(1).max(100).default(20),
});
export type TAdminReportListQuery = z.input<typeof ZAdminReportListQuery>;
export const ZAdminReportListResponse = z.object({ items: z.array(ZAdminReport), nextCursor: z.string().nullable() });
export type TAdminReportListResponse = z.infer<typeof ZAdminReportListResponse>;

/**
 * POST /api/admin/reports/{id}/decision. `hide`: the item leaves feeds and /pulse for everyone but its
 * author; `dismiss`: nothing wrong; `suspend_author`: hide and suspend the author (sessions revoked).
 * Every open report on the same item is decided with it; each reporter is told the outcome.
 */
export const ZReportDecisionInput = z.object({
  action: z.enum(['hide', 'dismiss', 'suspend_author'], { message: contractMessage(msg`Choose hide, dismiss or suspend`) }),
  reason: z.string().trim().max(1000, { message: contractMessage(msg`Too long (1000 characters at most)`) }).default(''),
});
export type TReportDecisionInput = z.input<typeof ZReportDecisionInput>;

// ----- Real time -----

/**
 * `hubPostCreated`: sent to every signed-in socket when a visible post is published, so an open feed
 * shows "n new posts" instead of moving the page.
 */
export const ZHubPostCreatedPayload = z.object({ postId: ZId, authorId: ZId, createdAt: z.iso.datetime() });
export type THubPostCreatedPayload = z.infer<typeof ZHubPostCreatedPayload>;
