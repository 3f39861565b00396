CREATE TYPE "public"."referral_earning_status" AS ENUM('pending', 'available', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."referral_side" AS ENUM('buyer', 'farm');--> statement-breakpoint
CREATE TYPE "public"."referral_source" AS ENUM('signup', 'oidc_signup', 'seller_form', 'referred_person');--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'referral_earning';--> statement-breakpoint
CREATE TABLE "referral_attributions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"referred_user_id" uuid NOT NULL,
	"side" "referral_side" NOT NULL,
	"source" "referral_source" NOT NULL,
	"earns_until" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by_user_id" uuid,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_attributions_not_self" CHECK ("referral_attributions"."agent_user_id" <> "referral_attributions"."referred_user_id")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_upper" CHECK ("referral_codes"."code" = upper("referral_codes"."code"))
);
--> statement-breakpoint
CREATE TABLE "referral_earnings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"attribution_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"side" "referral_side" NOT NULL,
	"status" "referral_earning_status" DEFAULT 'pending' NOT NULL,
	"commission_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"ledger_transaction_id" uuid,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_earnings_amounts_nonnegative" CHECK ("referral_earnings"."amount_minor" >= 0 and "referral_earnings"."commission_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"ip_key" text NOT NULL,
	"path" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_attributions" ADD CONSTRAINT "referral_attributions_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_attributions" ADD CONSTRAINT "referral_attributions_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_attributions" ADD CONSTRAINT "referral_attributions_voided_by_user_id_users_id_fk" FOREIGN KEY ("voided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_attribution_id_referral_attributions_id_fk" FOREIGN KEY ("attribution_id") REFERENCES "public"."referral_attributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_attributions_user_side_unique" ON "referral_attributions" USING btree ("referred_user_id","side");--> statement-breakpoint
CREATE INDEX "referral_attributions_agent_idx" ON "referral_attributions" USING btree ("agent_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_agent_unique" ON "referral_codes" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_order_agent_unique" ON "referral_earnings" USING btree ("order_id","agent_user_id");--> statement-breakpoint
CREATE INDEX "referral_earnings_agent_idx" ON "referral_earnings" USING btree ("agent_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_earnings_attribution_idx" ON "referral_earnings" USING btree ("attribution_id");--> statement-breakpoint
CREATE INDEX "referral_visits_agent_visitor_idx" ON "referral_visits" USING btree ("agent_user_id","visitor_key","created_at");--> statement-breakpoint
CREATE INDEX "referral_visits_agent_ip_idx" ON "referral_visits" USING btree ("agent_user_id","ip_key","created_at");