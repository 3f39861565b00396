CREATE TYPE "public"."agent_vehicle" AS ENUM('on_foot', 'bicycle', 'motorbike', 'car', 'van');--> statement-breakpoint
CREATE TYPE "public"."delivery_failure_reason" AS ENUM('nobody_there', 'wrong_address', 'refused', 'unsafe', 'other');--> statement-breakpoint
CREATE TYPE "public"."delivery_task_status" AS ENUM('open', 'claimed', 'in_transit', 'delivered', 'failed', 'returned', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."agent_kind" ADD VALUE 'both';--> statement-breakpoint
CREATE TABLE "agent_application_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"status" "application_status" NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"submission" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_task_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"status" "delivery_task_status" DEFAULT 'open' NOT NULL,
	"agent_user_id" uuid,
	"attempt" integer DEFAULT 1 NOT NULL,
	"pickup_lat" double precision,
	"pickup_lng" double precision,
	"drop_off_lat" double precision,
	"drop_off_lng" double precision,
	"fee_minor" bigint NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer,
	"window_starts_at" timestamp with time zone,
	"window_ends_at" timestamp with time zone,
	"pickup_code" text NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" "delivery_failure_reason",
	"failure_note" text,
	"recipient_name" text,
	"proof_upload_id" uuid,
	"ended_message" text,
	"last_lat" double precision,
	"last_lng" double precision,
	"last_accuracy" double precision,
	"last_position_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "working_radius_km" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "vehicle" "agent_vehicle";--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "payout_method" "payout_method";--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "payout_account_name" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "payout_account_number" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "payout_provider_name" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "id_document_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "reviewed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "agent_application_history" ADD CONSTRAINT "agent_application_history_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_task_events" ADD CONSTRAINT "delivery_task_events_task_id_delivery_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."delivery_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_task_events" ADD CONSTRAINT "delivery_task_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_application_history_agent_idx" ON "agent_application_history" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_task_events_task_created_idx" ON "delivery_task_events" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_tasks_order_unique" ON "delivery_tasks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_tasks_open_pickup_idx" ON "delivery_tasks" USING btree ("pickup_lat","pickup_lng") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "delivery_tasks_agent_status_idx" ON "delivery_tasks" USING btree ("agent_user_id","status");--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_id_document_upload_id_uploads_id_fk" FOREIGN KEY ("id_document_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_status_submitted_idx" ON "agents" USING btree ("status","submitted_at","id");--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_lat_lng_pair" CHECK (("agents"."lat" is null) = ("agents"."lng" is null));--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_working_radius_range" CHECK ("agents"."working_radius_km" between 1 and 100);