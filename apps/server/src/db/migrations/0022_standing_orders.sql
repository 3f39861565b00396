CREATE TYPE "public"."standing_cycle_status" AS ENUM('upcoming', 'placed', 'partly_placed', 'held_price', 'held_funds', 'skipped', 'no_slot', 'missed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."standing_order_status" AS ENUM('active', 'paused', 'cancelled', 'ended');--> statement-breakpoint
CREATE TABLE "standing_order_cycles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"standing_order_id" uuid NOT NULL,
	"cycle_date" date NOT NULL,
	"status" "standing_cycle_status" NOT NULL,
	"slot_id" uuid,
	"slot_starts_at" timestamp with time zone,
	"cutoff_at" timestamp with time zone,
	"order_id" uuid,
	"total_minor" bigint,
	"left_out" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"standing_order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"accepted_unit_price_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_order_lines_quantity" CHECK ("standing_order_lines"."quantity" >= 1),
	CONSTRAINT "standing_order_lines_price" CHECK ("standing_order_lines"."accepted_unit_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"fulfilment" "fulfilment_method" NOT NULL,
	"address_id" uuid,
	"slot_minute_of_week" integer NOT NULL,
	"interval_weeks" integer DEFAULT 1 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"paused_until" date,
	"price_increase_limit_percent" integer DEFAULT 10 NOT NULL,
	"status" "standing_order_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_interval" CHECK ("standing_orders"."interval_weeks" in (1, 2)),
	CONSTRAINT "standing_orders_minute" CHECK ("standing_orders"."slot_minute_of_week" >= 0 and "standing_orders"."slot_minute_of_week" < 10080),
	CONSTRAINT "standing_orders_price_limit" CHECK ("standing_orders"."price_increase_limit_percent" >= 0 and "standing_orders"."price_increase_limit_percent" <= 1000),
	CONSTRAINT "standing_orders_dates" CHECK ("standing_orders"."ends_on" is null or "standing_orders"."ends_on" >= "standing_orders"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "accepts_standing_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_order_cycles" ADD CONSTRAINT "standing_order_cycles_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_cycles" ADD CONSTRAINT "standing_order_cycles_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_cycles" ADD CONSTRAINT "standing_order_cycles_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_lines" ADD CONSTRAINT "standing_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_cycles_once" ON "standing_order_cycles" USING btree ("standing_order_id","cycle_date");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_cycles_order_unique" ON "standing_order_cycles" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "standing_order_cycles_status_idx" ON "standing_order_cycles" USING btree ("status","cutoff_at");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_lines_product_unique" ON "standing_order_lines" USING btree ("standing_order_id","product_id");--> statement-breakpoint
CREATE INDEX "standing_order_lines_product_idx" ON "standing_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "standing_orders_buyer_idx" ON "standing_orders" USING btree ("buyer_user_id","status");--> statement-breakpoint
CREATE INDEX "standing_orders_seller_idx" ON "standing_orders" USING btree ("seller_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_orders_one_running_per_farm" ON "standing_orders" USING btree ("buyer_user_id","seller_user_id") WHERE status in ('active', 'paused');