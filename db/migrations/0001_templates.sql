CREATE TABLE "template_status_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_usage" (
	"template_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_usage_template_id_pk" PRIMARY KEY("template_id")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"rejection_reason" text,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rcs_card" jsonb,
	"media_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lint_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider" text DEFAULT 'simulator' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"business_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_objects_business_id_sha256_pk" PRIMARY KEY("business_id","sha256")
);
--> statement-breakpoint
ALTER TABLE "template_status_history" ADD CONSTRAINT "template_status_history_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_status_history" ADD CONSTRAINT "template_status_history_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_usage" ADD CONSTRAINT "template_usage_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_usage" ADD CONSTRAINT "template_usage_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_status_history_idx" ON "template_status_history" USING btree ("business_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "template_usage_business_idx" ON "template_usage" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_business_channel_name_unique" ON "templates" USING btree ("business_id","channel","name");--> statement-breakpoint
CREATE INDEX "templates_business_list_idx" ON "templates" USING btree ("business_id","channel","id");--> statement-breakpoint
CREATE INDEX "templates_status_idx" ON "templates" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "templates_provider_ref_idx" ON "templates" USING btree ("provider","provider_ref") WHERE "templates"."provider_ref" is not null;