ALTER TABLE "promotion_counters" ADD COLUMN "holdout" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_recipients" ADD COLUMN "arm" smallint;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "ab_test" jsonb;