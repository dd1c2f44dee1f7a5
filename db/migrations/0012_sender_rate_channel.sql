CREATE TABLE "sender_rate_buckets" (
	"business_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"tokens" double precision NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sender_rate_buckets_business_id_channel_sender_pk" PRIMARY KEY("business_id","channel","sender")
);
--> statement-breakpoint
ALTER TABLE "sender_rate_limits" DROP CONSTRAINT "sender_rate_limits_business_id_sender_pk";--> statement-breakpoint
ALTER TABLE "sender_rate_limits" ADD COLUMN "channel" text;--> statement-breakpoint
-- Hand-written data migration: a stored limit applied to every sender with its id, so it goes to
-- the RCS agent with that id and to the chatapp number with that id (both, when both carry it);
-- an id on neither channel any more stays as a chatapp row (shown as stale, can be cleared).
INSERT INTO "sender_rate_limits" ("business_id", "channel", "sender", "per_second", "updated_at")
  SELECT l."business_id", 'rcs', l."sender", l."per_second", l."updated_at" FROM "sender_rate_limits" l
  WHERE l."channel" IS NULL AND EXISTS (
    SELECT 1 FROM "business_channels" c WHERE c."business_id" = l."business_id" AND c."channel" = 'rcs'
      AND c."config"->>'agentId' = l."sender");--> statement-breakpoint
DELETE FROM "sender_rate_limits" l
  WHERE l."channel" IS NULL
    AND EXISTS (
      SELECT 1 FROM "sender_rate_limits" r WHERE r."business_id" = l."business_id" AND r."sender" = l."sender"
        AND r."channel" = 'rcs')
    AND NOT EXISTS (
      SELECT 1 FROM "business_channels" c WHERE c."business_id" = l."business_id" AND c."channel" = 'chatapp'
        AND c."config"->'phoneNumberIds' @> to_jsonb(l."sender"));--> statement-breakpoint
UPDATE "sender_rate_limits" SET "channel" = 'chatapp' WHERE "channel" IS NULL;--> statement-breakpoint
ALTER TABLE "sender_rate_limits" ALTER COLUMN "channel" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sender_rate_limits" ADD CONSTRAINT "sender_rate_limits_business_id_channel_sender_pk" PRIMARY KEY("business_id","channel","sender");--> statement-breakpoint
ALTER TABLE "sender_rate_buckets" ADD CONSTRAINT "sender_rate_buckets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
