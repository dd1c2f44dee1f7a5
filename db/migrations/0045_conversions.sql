CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"phone" text,
	"subscriber_id" text,
	"value" numeric(18, 4),
	"currency" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"promotion_id" uuid,
	"message_id" uuid,
	"attribution" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_business_event_unique" ON "conversions" USING btree ("business_id","event_id");--> statement-breakpoint
CREATE INDEX "conversions_promotion_idx" ON "conversions" USING btree ("business_id","promotion_id") WHERE "conversions"."promotion_id" is not null;