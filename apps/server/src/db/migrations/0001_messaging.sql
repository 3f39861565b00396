CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_byte_size_positive" CHECK ("uploads"."byte_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "member_low_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "member_high_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Conversations made before this migration: the pair comes from the two members; anything that is
-- not exactly two members cannot be a conversation any more.
DELETE FROM "conversations" c WHERE (SELECT count(*) FROM "conversation_members" m WHERE m."conversation_id" = c."id") <> 2;--> statement-breakpoint
UPDATE "conversations" c SET "member_low_id" = p."low", "member_high_id" = p."high" FROM (SELECT "conversation_id", min("user_id"::text)::uuid AS "low", max("user_id"::text)::uuid AS "high" FROM "conversation_members" GROUP BY "conversation_id") p WHERE p."conversation_id" = c."id";--> statement-breakpoint
DELETE FROM "conversations" c WHERE c."member_low_id" = c."member_high_id" OR c."id" NOT IN (SELECT DISTINCT ON ("member_low_id", "member_high_id") "id" FROM "conversations" ORDER BY "member_low_id", "member_high_id", "created_at");--> statement-breakpoint
UPDATE "conversations" c SET "last_activity_at" = greatest(c."created_at", coalesce((SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id"), c."created_at"));--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "member_low_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "member_high_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_unique" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_owner_user_id_idx" ON "uploads" USING btree ("owner_user_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_low_id_users_id_fk" FOREIGN KEY ("member_low_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_high_id_users_id_fk" FOREIGN KEY ("member_high_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_last_activity_idx" ON "conversations" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_idempotency_unique" ON "messages" USING btree ("conversation_id","sender_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pair_subject_unique" UNIQUE NULLS NOT DISTINCT("member_low_id","member_high_id","subject_kind","subject_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pair_sorted" CHECK ("conversations"."member_low_id" < "conversations"."member_high_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_subject_complete" CHECK (("conversations"."subject_kind" is null and "conversations"."subject_id" is null) or ("conversations"."subject_kind" in ('product', 'order') and "conversations"."subject_id" is not null));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 4000);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_not_empty" CHECK (char_length("messages"."body") > 0 or "messages"."image_upload_id" is not null);