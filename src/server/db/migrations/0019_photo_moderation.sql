ALTER TABLE "photos" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "rejection_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Photos from before moderation were shown already: the queue starts with the next upload.
UPDATE "photos" SET "decided_at" = "created_at";--> statement-breakpoint
CREATE INDEX "photos_waiting_idx" ON "photos" USING btree ("created_at") WHERE decided_at IS NULL;