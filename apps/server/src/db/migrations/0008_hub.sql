CREATE TYPE "public"."hub_report_category" AS ENUM('spam', 'scam', 'offensive', 'other');--> statement-breakpoint
CREATE TYPE "public"."hub_report_status" AS ENUM('open', 'hidden', 'dismissed', 'author_suspended');--> statement-breakpoint
CREATE TYPE "public"."hub_report_target_type" AS ENUM('post', 'comment');--> statement-breakpoint
CREATE TABLE "hub_comment_likes" (
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hub_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"parent_id" uuid,
	"reply_to_user_id" uuid,
	"text" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_comments_like_count_nonnegative" CHECK ("hub_comments"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hub_follows" (
	"follower_user_id" uuid NOT NULL,
	"followee_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_follows_follower_user_id_followee_user_id_pk" PRIMARY KEY("follower_user_id","followee_user_id"),
	CONSTRAINT "hub_follows_not_self" CHECK ("hub_follows"."follower_user_id" <> "hub_follows"."followee_user_id")
);
--> statement-breakpoint
CREATE TABLE "hub_post_images" (
	"post_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "hub_post_images_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
CREATE TABLE "hub_post_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hub_post_products" (
	"post_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "hub_post_products_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
CREATE TABLE "hub_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"text" text NOT NULL,
	"region" text,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"tip_total_minor" bigint DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_posts_counts_nonnegative" CHECK ("hub_posts"."like_count" >= 0 and "hub_posts"."comment_count" >= 0 and "hub_posts"."tip_total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hub_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reporter_user_id" uuid NOT NULL,
	"target_type" "hub_report_target_type" NOT NULL,
	"target_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"category" "hub_report_category" NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" "hub_report_status" DEFAULT 'open' NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_tips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"tipper_user_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_tips_amount_positive" CHECK ("hub_tips"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "hub_comment_likes" ADD CONSTRAINT "hub_comment_likes_comment_id_hub_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."hub_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_comment_likes" ADD CONSTRAINT "hub_comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_comments" ADD CONSTRAINT "hub_comments_post_id_hub_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."hub_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_comments" ADD CONSTRAINT "hub_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_comments" ADD CONSTRAINT "hub_comments_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_follows" ADD CONSTRAINT "hub_follows_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_follows" ADD CONSTRAINT "hub_follows_followee_user_id_users_id_fk" FOREIGN KEY ("followee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_post_images" ADD CONSTRAINT "hub_post_images_post_id_hub_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."hub_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_post_images" ADD CONSTRAINT "hub_post_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_post_likes" ADD CONSTRAINT "hub_post_likes_post_id_hub_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."hub_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_post_likes" ADD CONSTRAINT "hub_post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_post_products" ADD CONSTRAINT "hub_post_products_post_id_hub_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."hub_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_post_products" ADD CONSTRAINT "hub_post_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_posts" ADD CONSTRAINT "hub_posts_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_reports" ADD CONSTRAINT "hub_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_reports" ADD CONSTRAINT "hub_reports_post_id_hub_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."hub_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_reports" ADD CONSTRAINT "hub_reports_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_reports" ADD CONSTRAINT "hub_reports_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tips" ADD CONSTRAINT "hub_tips_post_id_hub_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."hub_posts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tips" ADD CONSTRAINT "hub_tips_tipper_user_id_users_id_fk" FOREIGN KEY ("tipper_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tips" ADD CONSTRAINT "hub_tips_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tips" ADD CONSTRAINT "hub_tips_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hub_comment_likes_user_idx" ON "hub_comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hub_comments_post_parent_created_idx" ON "hub_comments" USING btree ("post_id","parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hub_comments_parent_idx" ON "hub_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "hub_follows_followee_idx" ON "hub_follows" USING btree ("followee_user_id");--> statement-breakpoint
CREATE INDEX "hub_post_images_upload_id_idx" ON "hub_post_images" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "hub_post_likes_user_idx" ON "hub_post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hub_post_products_product_id_idx" ON "hub_post_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hub_posts_author_client_id_unique" ON "hub_posts" USING btree ("author_user_id","client_id");--> statement-breakpoint
CREATE INDEX "hub_posts_visible_created_idx" ON "hub_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE hidden_at is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "hub_posts_author_created_idx" ON "hub_posts" USING btree ("author_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "hub_reports_reporter_target_unique" ON "hub_reports" USING btree ("reporter_user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "hub_reports_status_created_idx" ON "hub_reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "hub_reports_target_idx" ON "hub_reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "hub_tips_post_created_idx" ON "hub_tips" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "hub_tips_ledger_transaction_unique" ON "hub_tips" USING btree ("ledger_transaction_id");