ALTER TABLE "conversation_members" ADD COLUMN "partner_card_at" timestamp with time zone;--> statement-breakpoint
-- The conversation list (GET /api/chats.php) keeps each conversation's item per member and reuses it
-- while the member's side of the conversation (its row version, xmin) is unchanged. A message, a read
-- or a removal writes that row; a change to the partner's card is written there by these triggers:
-- the partner's profile (name, gender, date of birth, place, fictional, status, main photo) and their
-- main photo (status, files, deletion). They touch every other side of the partner's conversations,
-- once per change; such changes are rare (profile edits, moderation).
CREATE OR REPLACE FUNCTION "chat_partner_card_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  partner integer;
BEGIN
  IF TG_TABLE_NAME = 'profiles' THEN
    partner := NEW.id;
  ELSE
    SELECT p.id INTO partner FROM profiles p WHERE p.id = OLD.profile_id AND p.main_photo_id = OLD.id;
    IF partner IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE conversation_members SET partner_card_at = now()
  WHERE conversation_id IN (SELECT conversation_id FROM conversation_members WHERE member_id = partner)
    AND member_id <> partner;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_chat_card_changed" AFTER UPDATE ON "profiles" FOR EACH ROW
  WHEN ((OLD.name, OLD.gender, OLD.date_of_birth, OLD.country, OLD.region, OLD.city, OLD.fictional, OLD.status, OLD.main_photo_id)
    IS DISTINCT FROM (NEW.name, NEW.gender, NEW.date_of_birth, NEW.country, NEW.region, NEW.city, NEW.fictional, NEW.status, NEW.main_photo_id))
  EXECUTE FUNCTION "chat_partner_card_changed"();
--> statement-breakpoint
CREATE TRIGGER "photos_chat_card_changed" AFTER UPDATE ON "photos" FOR EACH ROW
  WHEN ((OLD.status, OLD.filename, OLD.thumb_filename, OLD.match_filename) IS DISTINCT FROM (NEW.status, NEW.filename, NEW.thumb_filename, NEW.match_filename))
  EXECUTE FUNCTION "chat_partner_card_changed"();
--> statement-breakpoint
CREATE TRIGGER "photos_chat_card_deleted" AFTER DELETE ON "photos" FOR EACH ROW EXECUTE FUNCTION "chat_partner_card_changed"();
