CREATE TABLE "calling_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"provider" text DEFAULT 'simulator' NOT NULL,
	"caller_id" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_call_sid" text,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"caller_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"direction" text DEFAULT 'OUTBOUND' NOT NULL,
	"recording_url" text,
	"conversation_duration" integer DEFAULT 0 NOT NULL,
	"legs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token" text NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calling_settings" ADD CONSTRAINT "calling_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_business_idx" ON "calls" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "calls_business_user_idx" ON "calls" USING btree ("business_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_provider_sid_unique" ON "calls" USING btree ("provider","provider_call_sid");