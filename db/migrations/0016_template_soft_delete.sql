DROP INDEX "templates_business_channel_name_unique";--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_business_channel_name_unique" ON "templates" USING btree ("business_id","channel","name") WHERE "templates"."deleted_at" is null;