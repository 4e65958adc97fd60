CREATE TABLE "date_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"sharer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"place" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_sharer_id_profiles_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_partner_id_profiles_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_shares" ADD CONSTRAINT "date_shares_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_shares_token_key" ON "date_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "date_shares_sharer_idx" ON "date_shares" USING btree ("sharer_id","expires_at");--> statement-breakpoint
CREATE INDEX "date_shares_partner_idx" ON "date_shares" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "date_shares_conversation_idx" ON "date_shares" USING btree ("conversation_id");