CREATE TYPE "public"."discount_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."discount_redemption_status" AS ENUM('active', 'returned');--> statement-breakpoint
CREATE TYPE "public"."discount_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'platform_discount';--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid,
	"code" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"value" bigint NOT NULL,
	"min_order_minor" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_uses" integer,
	"uses_per_buyer" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"status" "discount_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_upper" CHECK ("discount_codes"."code" = upper("discount_codes"."code")),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_limits" CHECK ("discount_codes"."min_order_minor" >= 0 and ("discount_codes"."total_uses" is null or "discount_codes"."total_uses" > 0) and ("discount_codes"."uses_per_buyer" is null or "discount_codes"."uses_per_buyer" > 0))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" "discount_redemption_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "discount_redemptions_amount" CHECK ("discount_redemptions"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "farm_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "farm_discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "farm_discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_discount_code" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_owner_code_unique" ON "discount_codes" USING btree ("owner_user_id","code") WHERE owner_user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_platform_code_unique" ON "discount_codes" USING btree ("code") WHERE owner_user_id is null;--> statement-breakpoint
CREATE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_code_order_unique" ON "discount_redemptions" USING btree ("code_id","order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("code_id","status");--> statement-breakpoint
CREATE INDEX "discount_redemptions_order_idx" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discounts" CHECK ("orders"."farm_discount_minor" >= 0 and "orders"."platform_discount_minor" >= 0 and "orders"."farm_discount_minor" + "orders"."platform_discount_minor" <= "orders"."subtotal_minor");