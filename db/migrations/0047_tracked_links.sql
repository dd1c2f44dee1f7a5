CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"promotion_id" uuid,
	"phone" text NOT NULL,
	"message_id" uuid,
	"clicked_at" timestamp with time zone NOT NULL,
	"agent_class" text NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "tracked_links" (
	"code" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"promotion_id" uuid,
	"seq" bigint,
	"phone" text NOT NULL,
	"message_id" uuid,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Campaigns written before this migration keep sending their links as they were (false); new ones track (the default, true).
ALTER TABLE "promotions" ADD COLUMN "track_clicks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ALTER COLUMN "track_clicks" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_clicks_promotion_idx" ON "link_clicks" USING btree ("business_id","promotion_id","phone") WHERE "link_clicks"."promotion_id" is not null;--> statement-breakpoint
CREATE INDEX "tracked_links_promotion_idx" ON "tracked_links" USING btree ("business_id","promotion_id") WHERE "tracked_links"."promotion_id" is not null;