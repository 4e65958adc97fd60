CREATE TABLE "complaint_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"decision_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"decision" text NOT NULL,
	"rule" text NOT NULL,
	"reason" text NOT NULL,
	"days" integer,
	"until" timestamp with time zone,
	"restriction_id" integer,
	"decided_by" integer NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"appeal_key" text,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_outcome" text,
	"appeal_reason" text,
	"appeal_decided_by" integer,
	"appeal_decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "complaint_messages" ADD CONSTRAINT "complaint_messages_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_messages" ADD CONSTRAINT "complaint_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notices" ADD CONSTRAINT "member_notices_decision_id_report_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."report_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_decisions" ADD CONSTRAINT "report_decisions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_decisions" ADD CONSTRAINT "report_decisions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_decisions" ADD CONSTRAINT "report_decisions_restriction_id_member_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."member_restrictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_decisions" ADD CONSTRAINT "report_decisions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_decisions" ADD CONSTRAINT "report_decisions_appeal_decided_by_operators_id_fk" FOREIGN KEY ("appeal_decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_messages_complaint_idx" ON "complaint_messages" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE INDEX "member_notices_unseen_idx" ON "member_notices" USING btree ("user_id","id") WHERE seen_at IS NULL;--> statement-breakpoint
CREATE INDEX "report_decisions_member_idx" ON "report_decisions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "report_decisions_appeal_key_idx" ON "report_decisions" USING btree ("appeal_key");--> statement-breakpoint
CREATE INDEX "report_decisions_appeals_open_idx" ON "report_decisions" USING btree ("appealed_at") WHERE appealed_at IS NOT NULL AND appeal_outcome IS NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decision_id_report_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."report_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_queue_idx" ON "complaints" USING btree ("created_at") WHERE status <> 'closed';