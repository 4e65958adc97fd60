-- The verified mark (photo verification, 0022) is part of a member's card in the conversation list:
-- the trigger of 0014 that tells the partners' list of a card change also watches whether the member
-- is verified.
DROP TRIGGER "profiles_chat_card_changed" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_chat_card_changed" AFTER UPDATE ON "profiles" FOR EACH ROW
  WHEN ((OLD.name, OLD.gender, OLD.date_of_birth, OLD.country, OLD.region, OLD.city, OLD.fictional, OLD.status, OLD.main_photo_id, OLD.verified_at IS NULL)
    IS DISTINCT FROM (NEW.name, NEW.gender, NEW.date_of_birth, NEW.country, NEW.region, NEW.city, NEW.fictional, NEW.status, NEW.main_photo_id, NEW.verified_at IS NULL))
  EXECUTE FUNCTION "chat_partner_card_changed"();
