CREATE TABLE "opt_outs" (
	"business_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_business_id_phone_pk" PRIMARY KEY("business_id","phone")
);
--> statement-breakpoint
CREATE TABLE "promotion_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"components" jsonb NOT NULL,
	"do_capability" boolean NOT NULL,
	"state" text NOT NULL,
	"total" integer NOT NULL,
	"rcs_count" integer,
	"non_rcs_count" integer,
	"fallback" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_counters" (
	"promotion_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"business_id" uuid NOT NULL,
	"attempted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"interacted" integer DEFAULT 0 NOT NULL,
	"optout" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_counters_promotion_id_round_pk" PRIMARY KEY("promotion_id","round")
);
--> statement-breakpoint
CREATE TABLE "promotion_recipients" (
	"promotion_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"business_id" uuid NOT NULL,
	"batch_id" uuid,
	"phone" text NOT NULL,
	"name" text,
	"language" text,
	"subscriber_id" text,
	"vars" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"via_fallback" boolean DEFAULT false NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"message_id" uuid,
	"error_code" text,
	"error" text,
	"interacted" boolean DEFAULT false NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_recipients_promotion_id_seq_pk" PRIMARY KEY("promotion_id","seq")
);
--> statement-breakpoint
CREATE TABLE "promotion_sends" (
	"promotion_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"round" integer NOT NULL,
	"message_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_sends_promotion_id_seq_round_pk" PRIMARY KEY("promotion_id","seq","round")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"channel_type" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"created_by" uuid,
	"promotion_type" text DEFAULT 'IMMEDIATE' NOT NULL,
	"target_source" text DEFAULT 'CSV' NOT NULL,
	"target_list_id" uuid,
	"target_list_name" text,
	"flow_id" text,
	"flow_name" text,
	"promotion_base" text,
	"attribution_window" integer DEFAULT 24 NOT NULL,
	"phone_number_id" text,
	"template_id" uuid,
	"template" jsonb,
	"promotion_end_time" timestamp with time zone,
	"start_time" timestamp with time zone,
	"most_recent_start_time" timestamp with time zone,
	"schedule_time" timestamp with time zone,
	"tag_search_criteria" text DEFAULT 'ANY' NOT NULL,
	"retry_promotion" boolean DEFAULT false NOT NULL,
	"max_retries" integer DEFAULT 0 NOT NULL,
	"retries_left" integer DEFAULT 0 NOT NULL,
	"current_round" integer DEFAULT 0 NOT NULL,
	"batch_size" integer DEFAULT 0 NOT NULL,
	"batch_timer" integer DEFAULT 0 NOT NULL,
	"staggered" boolean DEFAULT false NOT NULL,
	"subscriber_limit_per_group" integer DEFAULT 0 NOT NULL,
	"call_campaign" boolean DEFAULT false NOT NULL,
	"utility_template_index" integer DEFAULT 0 NOT NULL,
	"stop_on_category_update" boolean DEFAULT false NOT NULL,
	"fallback" jsonb,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_list_rejects" (
	"list_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL,
	"phone" text,
	CONSTRAINT "target_list_rejects_list_id_row_number_pk" PRIMARY KEY("list_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "target_list_rows" (
	"list_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"phone" text NOT NULL,
	"fields" jsonb NOT NULL,
	CONSTRAINT "target_list_rows_list_id_row_number_pk" PRIMARY KEY("list_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "target_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"phone_column" text NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_batches" ADD CONSTRAINT "promotion_batches_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_counters" ADD CONSTRAINT "promotion_counters_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_recipients" ADD CONSTRAINT "promotion_recipients_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_sends" ADD CONSTRAINT "promotion_sends_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_list_rejects" ADD CONSTRAINT "target_list_rejects_list_id_target_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."target_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_list_rows" ADD CONSTRAINT "target_list_rows_list_id_target_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."target_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_lists" ADD CONSTRAINT "target_lists_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_batches_promotion_idx" ON "promotion_batches" USING btree ("business_id","promotion_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_recipients_phone_idx" ON "promotion_recipients" USING btree ("promotion_id","phone");--> statement-breakpoint
CREATE INDEX "promotion_recipients_message_idx" ON "promotion_recipients" USING btree ("message_id") WHERE "promotion_recipients"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "promotion_recipients_pending_idx" ON "promotion_recipients" USING btree ("promotion_id","round","seq") WHERE "promotion_recipients"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "promotions_business_created_idx" ON "promotions" USING btree ("business_id","channel_type","id");--> statement-breakpoint
CREATE INDEX "promotions_due_idx" ON "promotions" USING btree ("next_run_at") WHERE "promotions"."status" in ('Scheduled', 'Active');--> statement-breakpoint
CREATE UNIQUE INDEX "target_list_rows_phone_idx" ON "target_list_rows" USING btree ("list_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "target_lists_business_name_idx" ON "target_lists" USING btree ("business_id","name");