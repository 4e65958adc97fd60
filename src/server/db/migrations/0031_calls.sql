CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"caller_id" integer NOT NULL,
	"callee_id" integer NOT NULL,
	"media" text NOT NULL,
	"status" text DEFAULT 'ringing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"minute_credits" integer DEFAULT 0 NOT NULL,
	"minutes_charged" integer DEFAULT 0 NOT NULL,
	"caller_alive_at" timestamp with time zone DEFAULT now() NOT NULL,
	"callee_alive_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_profiles_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_callee_id_profiles_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_conversation_idx" ON "calls" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "calls_live_caller_idx" ON "calls" USING btree ("caller_id") WHERE status IN ('ringing', 'active');--> statement-breakpoint
CREATE INDEX "calls_live_callee_idx" ON "calls" USING btree ("callee_id") WHERE status IN ('ringing', 'active');