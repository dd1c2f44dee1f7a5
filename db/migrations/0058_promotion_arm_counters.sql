CREATE TABLE "promotion_arm_counters" (
	"promotion_id" uuid NOT NULL,
	"arm" smallint NOT NULL,
	"business_id" uuid NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"previews" integer DEFAULT 0 NOT NULL,
	"bots" integer DEFAULT 0 NOT NULL,
	"links" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"revenue" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "promotion_arm_counters_promotion_id_arm_pk" PRIMARY KEY("promotion_id","arm")
);
--> statement-breakpoint
CREATE TABLE "promotion_click_hours" (
	"promotion_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"business_id" uuid NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"clickers" integer DEFAULT 0 NOT NULL,
	"previews" integer DEFAULT 0 NOT NULL,
	"bots" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_click_hours_promotion_id_hour_pk" PRIMARY KEY("promotion_id","hour")
);
--> statement-breakpoint
DROP INDEX "conversions_occurred_idx";--> statement-breakpoint
ALTER TABLE "promotion_recipients" ADD COLUMN "converted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_arm_counters" ADD CONSTRAINT "promotion_arm_counters_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_click_hours" ADD CONSTRAINT "promotion_click_hours_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_ab_start_idx" ON "promotions" USING btree ("business_id","start_time") WHERE "promotions"."ab_test" is not null;--> statement-breakpoint
-- The counters of the campaigns launched before this migration, recounted from their rows (so an
-- upgraded install shows the numbers it showed): first each drawn recipient credited with a
-- conversion (attributed to the campaign, or in its holdout with a conversion of its number in
-- the campaign's window from its start), then every arm's numbers, then the clicks per hour.
-- Written over any counters there are, so the same statements recount a campaign whose rows
-- were written directly (test/recount-arm-counters.ts). The tables are analyzed first: with
-- stale statistics (a campaign written just before) the holdout's join was planned as a loop
-- over the business's conversions per holdout recipient (hours at 100,000 of them).
ANALYZE "promotion_recipients", "conversions", "tracked_links", "link_clicks";
--> statement-breakpoint
UPDATE "promotion_recipients" r SET "converted" = true
FROM (
  SELECT r.promotion_id, r.seq FROM conversions v
  JOIN promotion_recipients r ON r.promotion_id = v.promotion_id AND r.business_id = v.business_id AND r.phone = v.phone
  WHERE v.promotion_id IS NOT NULL AND r.arm IS NOT NULL
  UNION
  SELECT r.promotion_id, r.seq FROM promotions p
  JOIN promotion_recipients r ON r.promotion_id = p.id AND r.business_id = p.business_id AND r.arm = 0 AND r.state = 'holdout'
  JOIN conversions v ON v.business_id = r.business_id AND v.phone = r.phone
    AND v.occurred_at >= p.start_time AND v.occurred_at < p.start_time + make_interval(hours => p.attribution_window)
  WHERE p.ab_test IS NOT NULL AND p.start_time IS NOT NULL
) c
WHERE r.promotion_id = c.promotion_id AND r.seq = c.seq;
--> statement-breakpoint
WITH credited AS (
  SELECT r.promotion_id, r.arm, v.currency, v.value FROM conversions v
  JOIN promotion_recipients r ON r.promotion_id = v.promotion_id AND r.business_id = v.business_id AND r.phone = v.phone
  WHERE v.promotion_id IS NOT NULL AND r.arm IS NOT NULL
  UNION ALL
  SELECT r.promotion_id, r.arm, v.currency, v.value FROM promotions p
  JOIN promotion_recipients r ON r.promotion_id = p.id AND r.business_id = p.business_id AND r.arm = 0 AND r.state = 'holdout'
  JOIN conversions v ON v.business_id = r.business_id AND v.phone = r.phone
    AND v.occurred_at >= p.start_time AND v.occurred_at < p.start_time + make_interval(hours => p.attribution_window)
  WHERE p.ab_test IS NOT NULL AND p.start_time IS NOT NULL
),
parts AS (
  SELECT promotion_id, arm, count(*) AS recipients,
         count(*) FILTER (WHERE state IN ('delivered', 'read')) AS delivered, count(*) FILTER (WHERE state = 'read') AS read,
         count(*) FILTER (WHERE interacted) AS replied, 0 AS clicked, 0 AS clicks, 0 AS previews, 0 AS bots,
         0 AS links, 0 AS linked, count(*) FILTER (WHERE converted) AS converted, 0 AS conversions
  FROM promotion_recipients WHERE arm IS NOT NULL GROUP BY 1, 2
  UNION ALL
  SELECT l.promotion_id, coalesce(r.arm, -2), 0, 0, 0, 0, 0, 0, 0, 0, count(*), count(DISTINCT l.phone), 0, 0
  FROM tracked_links l
  LEFT JOIN promotion_recipients r ON r.promotion_id = l.promotion_id AND r.business_id = l.business_id AND r.phone = l.phone
  WHERE l.promotion_id IS NOT NULL GROUP BY 1, 2
  UNION ALL
  SELECT k.promotion_id, coalesce(r.arm, -2), 0, 0, 0, 0,
         count(DISTINCT k.phone) FILTER (WHERE k.agent_class = 'human'), count(*) FILTER (WHERE k.agent_class = 'human'),
         count(*) FILTER (WHERE k.agent_class = 'preview'), count(*) FILTER (WHERE k.agent_class = 'bot'), 0, 0, 0, 0
  FROM link_clicks k
  LEFT JOIN promotion_recipients r ON r.promotion_id = k.promotion_id AND r.business_id = k.business_id AND r.phone = k.phone
  WHERE k.promotion_id IS NOT NULL GROUP BY 1, 2
  UNION ALL
  SELECT promotion_id, arm, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*) FROM credited GROUP BY 1, 2
),
revenue AS (
  SELECT promotion_id, arm, jsonb_object_agg(currency, value) AS revenue
  FROM (SELECT promotion_id, arm, currency, sum(value) AS value FROM credited
        WHERE currency IS NOT NULL AND value IS NOT NULL GROUP BY 1, 2, 3) g
  GROUP BY 1, 2
)
INSERT INTO "promotion_arm_counters" ("promotion_id", "arm", "business_id", "recipients", "delivered", "read", "replied",
  "clicked", "clicks", "previews", "bots", "links", "linked", "converted", "conversions", "revenue")
SELECT s.promotion_id, s.arm, p.business_id, s.recipients, s.delivered, s.read, s.replied, s.clicked, s.clicks,
       s.previews, s.bots, s.links, s.linked, s.converted, s.conversions, coalesce(v.revenue, '{}'::jsonb)
FROM (SELECT promotion_id, arm, sum(recipients)::int AS recipients, sum(delivered)::int AS delivered, sum(read)::int AS read,
             sum(replied)::int AS replied, sum(clicked)::int AS clicked, sum(clicks)::int AS clicks,
             sum(previews)::int AS previews, sum(bots)::int AS bots, sum(links)::int AS links, sum(linked)::int AS linked,
             sum(converted)::int AS converted, sum(conversions)::int AS conversions
      FROM parts GROUP BY 1, 2) s
JOIN promotions p ON p.id = s.promotion_id
LEFT JOIN revenue v ON v.promotion_id = s.promotion_id AND v.arm = s.arm
ON CONFLICT ("promotion_id", "arm") DO UPDATE SET "recipients" = excluded.recipients, "delivered" = excluded.delivered,
  "read" = excluded.read, "replied" = excluded.replied, "clicked" = excluded.clicked, "clicks" = excluded.clicks,
  "previews" = excluded.previews, "bots" = excluded.bots, "links" = excluded.links, "linked" = excluded.linked,
  "converted" = excluded.converted, "conversions" = excluded.conversions, "revenue" = excluded.revenue;
--> statement-breakpoint
INSERT INTO "promotion_click_hours" ("promotion_id", "hour", "business_id", "clicks", "clickers", "previews", "bots")
SELECT k.promotion_id, date_trunc('hour', k.clicked_at, 'UTC'), p.business_id,
       count(*) FILTER (WHERE k.agent_class = 'human'), count(DISTINCT k.phone) FILTER (WHERE k.agent_class = 'human'),
       count(*) FILTER (WHERE k.agent_class = 'preview'), count(*) FILTER (WHERE k.agent_class = 'bot')
FROM link_clicks k JOIN promotions p ON p.id = k.promotion_id AND p.business_id = k.business_id
WHERE k.promotion_id IS NOT NULL
GROUP BY 1, 2, 3
ON CONFLICT ("promotion_id", "hour") DO UPDATE SET "clicks" = excluded.clicks, "clickers" = excluded.clickers,
  "previews" = excluded.previews, "bots" = excluded.bots;
