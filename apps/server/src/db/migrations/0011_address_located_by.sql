ALTER TABLE "addresses" ADD COLUMN "located_by" text;--> statement-breakpoint
-- Coordinates saved before this column came from the buyer (map or browser position).
UPDATE "addresses" SET "located_by" = 'pin' WHERE "lat" IS NOT NULL AND "lng" IS NOT NULL;
