import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { ledgerTransactions } from './ledger';
import { products } from './products';
import { uploads } from './uploads';
import { users } from './users';

/**
 * Pulse Hub (issue 12, decision 022). Counters (likes, comments, tip total) live on the post and
 * comment rows and move in the same transaction as the row that causes them, so a feed page reads
 * them without counting likes per request.
 */
export const hubPosts = pgTable(
  'hub_posts',
  {
    id: idColumn(),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made in the browser when the post was written: a retried send finds the post already made. */
    clientId: uuid('client_id').notNull(),
    text: text('text').notNull(),
    region: text('region'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    tipTotalMinor: bigint('tip_total_minor', { mode: 'number' }).notNull().default(0),
    /** Set by a moderator: gone for everyone but the author. */
    hiddenAt: timestampColumn('hidden_at'),
    deletedAt: timestampColumn('deleted_at'),
    editedAt: timestampColumn('edited_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('hub_posts_author_client_id_unique').on(table.authorUserId, table.clientId),
    // The feed: visible posts newest first, and one author's visible posts newest first.
    index('hub_posts_visible_created_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`hidden_at is null and deleted_at is null`),
    index('hub_posts_author_created_idx').on(table.authorUserId, table.createdAt.desc(), table.id.desc()),
    check('hub_posts_counts_nonnegative', sql`${table.likeCount} >= 0 and ${table.commentCount} >= 0 and ${table.tipTotalMinor} >= 0`),
  ],
);

export const hubPostImages = pgTable(
  'hub_post_images',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => hubPosts.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.position] }), index('hub_post_images_upload_id_idx').on(table.uploadId)],
);

export const hubPostProducts = pgTable(
  'hub_post_products',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => hubPosts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.position] }), index('hub_post_products_product_id_idx').on(table.productId)],
);

/** Comments are two levels deep: `parentId` is the top-level comment a reply belongs to. */
export const hubComments = pgTable(
  'hub_comments',
  {
    id: idColumn(),
    postId: uuid('post_id')
      .notNull()
      .references(() => hubPosts.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    /** For "replying to @name" when the comment answers a reply. */
    replyToUserId: uuid('reply_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    hiddenAt: timestampColumn('hidden_at'),
    deletedAt: timestampColumn('deleted_at'),
    editedAt: timestampColumn('edited_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('hub_comments_post_parent_created_idx').on(table.postId, table.parentId, table.createdAt, table.id),
    index('hub_comments_parent_idx').on(table.parentId),
    check('hub_comments_like_count_nonnegative', sql`${table.likeCount} >= 0`),
  ],
);

/** One like per person per post: the primary key makes a double tap count once. */
export const hubPostLikes = pgTable(
  'hub_post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => hubPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] }), index('hub_post_likes_user_idx').on(table.userId)],
);

export const hubCommentLikes = pgTable(
  'hub_comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => hubComments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] }), index('hub_comment_likes_user_idx').on(table.userId)],
);

export const hubFollows = pgTable(
  'hub_follows',
  {
    followerUserId: uuid('follower_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeUserId: uuid('followee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.followerUserId, table.followeeUserId] }),
    index('hub_follows_followee_idx').on(table.followeeUserId),
    check('hub_follows_not_self', sql`${table.followerUserId} <> ${table.followeeUserId}`),
  ],
);

/** Who tipped what; the money itself is the ledger transaction (kind `tip`). */
export const hubTips = pgTable(
  'hub_tips',
  {
    id: idColumn(),
    postId: uuid('post_id')
      .notNull()
      .references(() => hubPosts.id, { onDelete: 'restrict' }),
    tipperUserId: uuid('tipper_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('hub_tips_post_created_idx').on(table.postId, table.createdAt.desc()),
    uniqueIndex('hub_tips_ledger_transaction_unique').on(table.ledgerTransactionId),
    check('hub_tips_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

export const hubReportTargetType = pgEnum('hub_report_target_type', ['post', 'comment']);
export const hubReportCategory = pgEnum('hub_report_category', ['spam', 'scam', 'offensive', 'other']);
export const hubReportStatus = pgEnum('hub_report_status', ['open', 'hidden', 'dismissed', 'author_suspended']);

/** One report per person per item (the unique index); decided by an admin. */
export const hubReports = pgTable(
  'hub_reports',
  {
    id: idColumn(),
    reporterUserId: uuid('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: hubReportTargetType('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => hubPosts.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: hubReportCategory('category').notNull(),
    comment: text('comment').notNull().default(''),
    status: hubReportStatus('status').notNull().default('open'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestampColumn('decided_at'),
    decisionReason: text('decision_reason'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('hub_reports_reporter_target_unique').on(table.reporterUserId, table.targetType, table.targetId),
    index('hub_reports_status_created_idx').on(table.status, table.createdAt, table.id),
    index('hub_reports_target_idx').on(table.targetType, table.targetId),
  ],
);

export type HubPostRow = typeof hubPosts.$inferSelect;
export type HubCommentRow = typeof hubComments.$inferSelect;
export type HubReportRow = typeof hubReports.$inferSelect;
export type HubTipRow = typeof hubTips.$inferSelect;
