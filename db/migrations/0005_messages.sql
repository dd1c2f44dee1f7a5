CREATE TABLE "idempotency_keys" (
	"business_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_business_id_key_pk" PRIMARY KEY("business_id","key")
);
--> statement-breakpoint
CREATE TABLE "message_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"source" text NOT NULL,
	"error_code" text,
	"reason" text,
	"details" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"template_id" uuid,
	"template_name" text,
	"language" text,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"msg_type" text NOT NULL,
	"template_id" uuid,
	"template_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"message_ref" text NOT NULL,
	"status" text DEFAULT 'attempted' NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"error_code" text,
	"failed_reason" text,
	"failure_details" text,
	"dispatch_attempts" integer DEFAULT 0 NOT NULL,
	"dispatch_locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_rate_limits" (
	"business_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"per_second" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_rate_limits_business_id_sender_pk" PRIMARY KEY("business_id","sender")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_transactions" ADD CONSTRAINT "message_transactions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_rate_limits" ADD CONSTRAINT "sender_rate_limits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "message_events_message_idx" ON "message_events" USING btree ("business_id","message_id","received_at");--> statement-breakpoint
CREATE INDEX "message_transactions_business_idx" ON "message_transactions" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "messages_business_transaction_idx" ON "messages" USING btree ("business_id","transaction_id");--> statement-breakpoint
CREATE INDEX "messages_business_recipient_idx" ON "messages" USING btree ("business_id","recipient","id");--> statement-breakpoint
CREATE INDEX "messages_business_created_idx" ON "messages" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "messages_provider_ref_idx" ON "messages" USING btree ("provider","provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_open_idx" ON "messages" USING btree ("status","updated_at") WHERE "messages"."status" in ('attempted', 'accepted', 'sent', 'delivered');