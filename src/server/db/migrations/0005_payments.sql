CREATE TABLE "credit_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"prices" jsonb NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer,
	"site_id" integer NOT NULL,
	"bundle_id" integer,
	"credits" integer NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"discount_code" text,
	"fee" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"checkout_url" text,
	"credited_at" timestamp with time zone,
	"invoice_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"method" text NOT NULL,
	"redirect_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_bundles" ADD CONSTRAINT "credit_bundles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bundle_id_credit_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."credit_bundles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_bundles_site_idx" ON "credit_bundles" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_key" ON "payments" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_purchase_once" ON "credit_ledger" USING btree ("ref") WHERE "credit_ledger"."reason" = 'purchase';--> statement-breakpoint
-- Sites that existed before bundles get the default catalogue (src/common/creditBundles.ts).
INSERT INTO "credit_bundles" ("site_id", "credits", "prices", "popular")
SELECT s.id, b.credits, b.prices, b.popular FROM "sites" s CROSS JOIN (VALUES
  (20, '{"EUR":999,"CHF":999,"GBP":899,"PLN":4299,"SEK":10900,"NOK":10900,"DKK":7500,"USD":1099,"CAD":1499,"AUD":1699,"NZD":1799}'::jsonb, false),
  (50, '{"EUR":1999,"CHF":1999,"GBP":1699,"PLN":8499,"SEK":21900,"NOK":21900,"DKK":14900,"USD":2199,"CAD":2999,"AUD":3299,"NZD":3499}'::jsonb, true),
  (120, '{"EUR":3999,"CHF":3999,"GBP":3499,"PLN":16999,"SEK":43900,"NOK":43900,"DKK":29900,"USD":4299,"CAD":5999,"AUD":6499,"NZD":6999}'::jsonb, false),
  (300, '{"EUR":7999,"CHF":7999,"GBP":6999,"PLN":33999,"SEK":87900,"NOK":87900,"DKK":59900,"USD":8599,"CAD":11999,"AUD":12999,"NZD":13999}'::jsonb, false)
) AS b(credits, prices, popular) ORDER BY s.id, b.credits;
