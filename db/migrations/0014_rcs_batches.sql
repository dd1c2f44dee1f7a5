ALTER TABLE "promotion_batches" ADD COLUMN "first_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_batches" ADD COLUMN "awaiting" jsonb;