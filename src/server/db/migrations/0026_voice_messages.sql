ALTER TABLE "messages" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
CREATE INDEX "messages_voice_idx" ON "messages" USING btree ("attachment") WHERE kind = 'voice';