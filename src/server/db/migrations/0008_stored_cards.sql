CREATE TABLE "stored_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"mandate_id" text NOT NULL,
	"label" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_provider_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"label" text NOT NULL,
	"declines" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "store_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "mandate_id" text;--> statement-breakpoint
ALTER TABLE "stored_cards" ADD CONSTRAINT "stored_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_cards_mandate_key" ON "stored_cards" USING btree ("provider","mandate_id");--> statement-breakpoint
CREATE INDEX "stored_cards_user_idx" ON "stored_cards" USING btree ("user_id");