CREATE TABLE "away_notices" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_hours" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"week" jsonb NOT NULL,
	"holidays" text[] DEFAULT '{}'::text[] NOT NULL,
	"away_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_runs" ADD COLUMN "wake_id" uuid;--> statement-breakpoint
ALTER TABLE "away_notices" ADD CONSTRAINT "away_notices_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "away_notices" ADD CONSTRAINT "away_notices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_runs_conversation_idx" ON "flow_runs" USING btree ("conversation_id","created_at");