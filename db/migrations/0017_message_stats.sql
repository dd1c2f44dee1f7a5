CREATE TABLE "message_stats" (
	"business_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"error_code" text DEFAULT '' NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_stats" ADD CONSTRAINT "message_stats_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_stats_business_bucket_idx" ON "message_stats" USING btree ("business_id","bucket");