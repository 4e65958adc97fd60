ALTER TABLE "profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_activity" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
-- Profiles with a country but no place yet (those from before places were kept): the start fills
-- them in (features/profile/places.repo.ts); this index finds them at once when there are none.
CREATE INDEX IF NOT EXISTS "profiles_place_missing_idx" ON "profiles" ("id") WHERE "latitude" IS NULL AND "country" IS NOT NULL;
