ALTER TABLE "messages" ADD COLUMN "scam_signals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_scam_idx" ON "messages" USING btree ("sender_id") WHERE scam_signals <> 0;