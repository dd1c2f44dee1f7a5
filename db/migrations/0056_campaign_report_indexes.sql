DROP INDEX "tracked_links_promotion_idx";--> statement-breakpoint
CREATE INDEX "conversions_occurred_idx" ON "conversions" USING btree ("business_id","occurred_at");--> statement-breakpoint
CREATE INDEX "tracked_links_promotion_phone_idx" ON "tracked_links" USING btree ("business_id","promotion_id","phone") WHERE "tracked_links"."promotion_id" is not null;