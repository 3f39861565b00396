CREATE TYPE "public"."payment_intent_purpose" AS ENUM('top_up', 'checkout');--> statement-breakpoint
CREATE TYPE "public"."payment_intent_status" AS ENUM('created', 'pending', 'succeeded', 'failed', 'abandoned');--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'user_payout_pending';--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'platform_provider_fees';--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'provider_fee';--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'payout_return';--> statement-breakpoint
ALTER TYPE "public"."payout_status" ADD VALUE 'reversed';--> statement-breakpoint
ALTER TYPE "public"."top_up_status" ADD VALUE 'abandoned';--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"event" text NOT NULL,
	"reference" text,
	"payload" jsonb NOT NULL,
	"outcome" text,
	"note" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "payment_intent_purpose" NOT NULL,
	"checkout_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"method" text NOT NULL,
	"status" "payment_intent_status" DEFAULT 'created' NOT NULL,
	"next_action" text,
	"display_text" text,
	"authorization_url" text,
	"failure_reason" text,
	"verified_amount_minor" bigint,
	"verified_currency" text,
	"fees_minor" bigint,
	"mismatch" text,
	"verify_payload" jsonb,
	"expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"recipient_code" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recipient_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "intent_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_recipients" ADD CONSTRAINT "payout_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_key_unique" ON "payment_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "payment_events_reference_idx" ON "payment_events" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_events_unprocessed_idx" ON "payment_events" USING btree ("created_at") WHERE processed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_reference_unique" ON "payment_intents" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_intents_user_idx" ON "payment_intents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_undecided_idx" ON "payment_intents" USING btree ("created_at") WHERE status in ('created', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payout_recipients_account_unique" ON "payout_recipients" USING btree ("user_id","provider","bank_code","account_number");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "top_ups_intent_id_idx" ON "top_ups" USING btree ("intent_id");