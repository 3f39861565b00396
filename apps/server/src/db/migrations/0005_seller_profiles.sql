CREATE TABLE "seller_profile_photos" (
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	CONSTRAINT "seller_profile_photos_user_id_position_pk" PRIMARY KEY("user_id","position")
);
--> statement-breakpoint
CREATE TABLE "seller_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"shop_name" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_profiles_lat_lng_pair" CHECK (("seller_profiles"."lat" is null) = ("seller_profiles"."lng" is null))
);
--> statement-breakpoint
ALTER TABLE "seller_profile_photos" ADD CONSTRAINT "seller_profile_photos_user_id_seller_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."seller_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_profile_photos" ADD CONSTRAINT "seller_profile_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD CONSTRAINT "seller_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_profile_photos_upload_id_idx" ON "seller_profile_photos" USING btree ("upload_id");--> statement-breakpoint
-- Backfill (decision 013): every seller already approved gets a shop from their application.
INSERT INTO "seller_profiles" ("user_id", "shop_name", "region", "lat", "lng")
SELECT "user_id", "business_name", "region", "lat", "lng" FROM "seller_applications" WHERE "status" = 'approved'
ON CONFLICT ("user_id") DO NOTHING;
