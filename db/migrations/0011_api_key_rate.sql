CREATE TABLE "api_key_rate_buckets" (
	"key_id" uuid PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_limit" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_burst" integer;--> statement-breakpoint
ALTER TABLE "api_key_rate_buckets" ADD CONSTRAINT "api_key_rate_buckets_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;