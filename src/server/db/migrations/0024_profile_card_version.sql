ALTER TABLE "profiles" ADD COLUMN "card_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The likes page (GET /api/likes.php) keeps its answer while a stamp of what it shows is unchanged
-- (LikesListCache); for each card the stamp reads this version instead of hashing the row. It moves
-- with every change to what a card shows (name, gender, date of birth, place, fictional, verified, main
-- photo), to whether it is shown (status: bans, suspensions and leaving set it), and to the main photo itself
-- (status, files, deletion). The activity is not here: the stamp reads it as shown at the time.
CREATE OR REPLACE FUNCTION "profile_card_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.card_version := OLD.card_version % 2000000000 + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_card_version" BEFORE UPDATE ON "profiles" FOR EACH ROW
  WHEN ((OLD.name, OLD.gender, OLD.date_of_birth, OLD.country, OLD.region, OLD.city, OLD.fictional, OLD.latitude, OLD.longitude, OLD.verified_at, OLD.status, OLD.main_photo_id)
    IS DISTINCT FROM (NEW.name, NEW.gender, NEW.date_of_birth, NEW.country, NEW.region, NEW.city, NEW.fictional, NEW.latitude, NEW.longitude, NEW.verified_at, NEW.status, NEW.main_photo_id))
  EXECUTE FUNCTION "profile_card_version_bump"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "photo_card_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET card_version = card_version % 2000000000 + 1 WHERE id = OLD.profile_id AND main_photo_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "photos_card_version" AFTER UPDATE ON "photos" FOR EACH ROW
  WHEN ((OLD.id, OLD.status, OLD.filename, OLD.thumb_filename, OLD.match_filename) IS DISTINCT FROM (NEW.id, NEW.status, NEW.filename, NEW.thumb_filename, NEW.match_filename))
  EXECUTE FUNCTION "photo_card_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "photos_card_version_deleted" AFTER DELETE ON "photos" FOR EACH ROW EXECUTE FUNCTION "photo_card_version_bump"();
