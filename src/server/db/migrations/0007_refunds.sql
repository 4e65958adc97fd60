ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "refund_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;