CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_provider_ref_idx" ON "inbound_messages" USING btree ("business_id","channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_business_from_idx" ON "inbound_messages" USING btree ("business_id","from","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_business_created_idx" ON "inbound_messages" USING btree ("business_id","id");