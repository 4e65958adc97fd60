CREATE TABLE "hidden_words" (
	"member_id" integer NOT NULL,
	"key" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_words_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "in_hidden_folder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "kept_in_inbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hidden_words" ADD CONSTRAINT "hidden_words_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;