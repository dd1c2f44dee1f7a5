ALTER TABLE "messages" ADD COLUMN "billable" boolean;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_category" text;