DROP INDEX "target_list_rows_phone_idx";--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "round_drained_at" timestamp with time zone;