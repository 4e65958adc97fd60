-- Search (GET /api/members.php): newest members first within gender and country, or gender, country
-- and region. The age filter and the count are answered from the index (INCLUDE), without the table.
CREATE INDEX IF NOT EXISTS "profiles_search_idx" ON "profiles" ("site_id", "gender", "country", "id" DESC) INCLUDE ("date_of_birth", "region") WHERE "status" = 'enabled' AND NOT "invisible";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_search_region_idx" ON "profiles" ("site_id", "gender", "country", "region", "id" DESC) INCLUDE ("date_of_birth") WHERE "status" = 'enabled' AND NOT "invisible";
--> statement-breakpoint
-- Without a gender or country filter: newest first within the site.
CREATE INDEX IF NOT EXISTS "profiles_newest_idx" ON "profiles" ("site_id", "id" DESC) INCLUDE ("gender", "country", "region", "date_of_birth") WHERE "status" = 'enabled' AND NOT "invisible";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "likes_liker_idx" ON "likes" ("liker_id", "created_at");
