CREATE TABLE "search_site_tallies" (
	"site_id" integer NOT NULL,
	"gender" text,
	"birth_month" date,
	"verified" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_site_tallies_key" UNIQUE NULLS NOT DISTINCT("site_id","gender","birth_month","verified")
);
--> statement-breakpoint
CREATE TABLE "search_tallies" (
	"site_id" integer NOT NULL,
	"country" text,
	"gender" text,
	"birth_month" date,
	"verified" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_tallies_key" UNIQUE NULLS NOT DISTINCT("site_id","country","gender","birth_month","verified")
);
--> statement-breakpoint
-- The search count (GET /api/members.php's total) for a filter of site, country, gender, verified and
-- ages sums these tallies of listed profiles (status = 'enabled' AND NOT invisible: the rule of
-- listedSql in features/members/access.ts, as the search indexes of 0002 write it) instead of counting
-- up to a million rows. The triggers below keep them exact in the same transaction as each change:
-- inserts and deletes once per statement (a bulk insert adds one row per key), an update per row only
-- when a key column or what decides "listed" changed (not the frequent last-visit writes). Each
-- writes search_tallies first, then search_site_tallies, each in key order, so that two writers lock
-- shared tallies in the same order.
LOCK TABLE "profiles" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_tallies_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_tallies AS t (site_id, country, gender, birth_month, verified, n)
  SELECT site_id, country, gender, date_trunc('month', date_of_birth::timestamp)::date, verified_at IS NOT NULL, count(*)
  FROM inserted WHERE status = 'enabled' AND NOT invisible
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT search_tallies_key DO UPDATE SET n = t.n + EXCLUDED.n;
  INSERT INTO search_site_tallies AS t (site_id, gender, birth_month, verified, n)
  SELECT site_id, gender, date_trunc('month', date_of_birth::timestamp)::date, verified_at IS NOT NULL, count(*)
  FROM inserted WHERE status = 'enabled' AND NOT invisible
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT search_site_tallies_key DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_tallies_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_tallies AS t (site_id, country, gender, birth_month, verified, n)
  SELECT site_id, country, gender, date_trunc('month', date_of_birth::timestamp)::date, verified_at IS NOT NULL, -count(*)
  FROM deleted WHERE status = 'enabled' AND NOT invisible
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT search_tallies_key DO UPDATE SET n = t.n + EXCLUDED.n;
  INSERT INTO search_site_tallies AS t (site_id, gender, birth_month, verified, n)
  SELECT site_id, gender, date_trunc('month', date_of_birth::timestamp)::date, verified_at IS NOT NULL, -count(*)
  FROM deleted WHERE status = 'enabled' AND NOT invisible
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT search_site_tallies_key DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_tallies_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_month date := date_trunc('month', OLD.date_of_birth::timestamp)::date;
  new_month date := date_trunc('month', NEW.date_of_birth::timestamp)::date;
  old_n int := CASE WHEN OLD.status = 'enabled' AND NOT OLD.invisible THEN -1 ELSE 0 END;
  new_n int := CASE WHEN NEW.status = 'enabled' AND NOT NEW.invisible THEN 1 ELSE 0 END;
BEGIN
  -- The old row's key loses one if it was listed, the new row's key gains one if it is listed.
  INSERT INTO search_tallies AS t (site_id, country, gender, birth_month, verified, n)
  SELECT site_id, country, gender, birth_month, verified, sum(d)
  FROM (VALUES (OLD.site_id, OLD.country, OLD.gender, old_month, OLD.verified_at IS NOT NULL, old_n),
               (NEW.site_id, NEW.country, NEW.gender, new_month, NEW.verified_at IS NOT NULL, new_n)) AS k(site_id, country, gender, birth_month, verified, d)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT search_tallies_key DO UPDATE SET n = t.n + EXCLUDED.n;
  INSERT INTO search_site_tallies AS t (site_id, gender, birth_month, verified, n)
  SELECT site_id, gender, birth_month, verified, sum(d)
  FROM (VALUES (OLD.site_id, OLD.gender, old_month, OLD.verified_at IS NOT NULL, old_n),
               (NEW.site_id, NEW.gender, new_month, NEW.verified_at IS NOT NULL, new_n)) AS k(site_id, gender, birth_month, verified, d)
  GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT search_site_tallies_key DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_tallies_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_tallies;
  DELETE FROM search_site_tallies;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_search_tallies_inserted" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "search_tallies_inserted"();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_tallies_deleted" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "search_tallies_deleted"();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_tallies_updated" AFTER UPDATE ON "profiles" FOR EACH ROW
  WHEN ((OLD.site_id, OLD.country, OLD.gender, OLD.date_of_birth, OLD.verified_at, OLD.status, OLD.invisible)
    IS DISTINCT FROM (NEW.site_id, NEW.country, NEW.gender, NEW.date_of_birth, NEW.verified_at, NEW.status, NEW.invisible))
  EXECUTE FUNCTION "search_tallies_updated"();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_tallies_truncated" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "search_tallies_truncated"();
--> statement-breakpoint
INSERT INTO "search_tallies" ("site_id", "country", "gender", "birth_month", "verified", "n")
SELECT "site_id", "country", "gender", date_trunc('month', "date_of_birth"::timestamp)::date, "verified_at" IS NOT NULL, count(*)
FROM "profiles" WHERE "status" = 'enabled' AND NOT "invisible"
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "search_site_tallies" ("site_id", "gender", "birth_month", "verified", "n")
SELECT "site_id", "gender", "birth_month", "verified", sum("n") FROM "search_tallies" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The months at the edges of an age range, which a tally holds only in part, are counted from the
-- profiles born in them: a month or two of the site's listed members, from this index alone.
CREATE INDEX IF NOT EXISTS "profiles_birth_idx" ON "profiles" ("site_id", "date_of_birth") INCLUDE ("gender", "country", "verified_at") WHERE "status" = 'enabled' AND NOT "invisible";
