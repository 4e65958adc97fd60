ALTER TABLE "profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_activity" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
-- Profiles with a country but no place yet (those from before places were kept): the start fills
-- them in (features/profile/places.repo.ts); this index finds them at once when there are none.
CREATE INDEX IF NOT EXISTS "profiles_place_missing_idx" ON "profiles" ("id") WHERE "latitude" IS NULL AND "country" IS NOT NULL;
--> statement-breakpoint
-- Nearest first (GET /api/members.php?sort=distance, bench/search.bench.ts): the search index also
-- carries each member's place, so that the distances of a country's members come from the index
-- alone; and the places themselves are indexed, so that the members within a box around the
-- searcher are found without working out everyone's distance.
DROP INDEX IF EXISTS "profiles_search_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_search_idx" ON "profiles" ("site_id", "gender", "country", "id" DESC) INCLUDE ("date_of_birth", "region", "latitude", "longitude") WHERE "status" = 'enabled' AND NOT "invisible";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_place_idx" ON "profiles" USING gist (point("longitude", "latitude")) INCLUDE ("site_id", "gender", "country", "date_of_birth") WHERE "status" = 'enabled' AND NOT "invisible";
