CREATE TABLE "promotion_minute_stats" (
	"promotion_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_counters" ADD COLUMN "refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Campaigns launched before this column: every row of the list is a recipient or was refused,
-- so what is not a recipient was refused (a campaign still preparing counts its own at launch).
UPDATE "promotion_counters" c SET "refused" = GREATEST(0, l."row_count" + l."rejected_count" - r."n")
FROM "promotions" p
JOIN "target_lists" l ON l."id" = p."target_list_id" AND l."business_id" = p."business_id"
JOIN (SELECT "promotion_id", count(*)::int AS "n" FROM "promotion_recipients" GROUP BY "promotion_id") r
  ON r."promotion_id" = p."id"
WHERE c."promotion_id" = p."id" AND c."round" = 0 AND p."kind" = 'promotion' AND p."status" <> 'Preparing';--> statement-breakpoint
ALTER TABLE "promotion_minute_stats" ADD CONSTRAINT "promotion_minute_stats_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_minute_stats_promotion_idx" ON "promotion_minute_stats" USING btree ("promotion_id","minute");--> statement-breakpoint
-- The campaign page's chart reads these deltas, never the campaign's messages. Each statement
-- on `messages` appends one delta per (promotion, minute of creation, status) it changed, in
-- its own transaction; only messages whose transaction is a promotion (a primary-key probe per
-- distinct transaction of the statement, after grouping) are counted.
CREATE FUNCTION promotion_minute_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO promotion_minute_stats (promotion_id, business_id, minute, status, count)
  SELECT g.transaction_id, g.business_id, g.minute, g.status, g.n FROM (
    SELECT transaction_id, business_id, date_trunc('minute', created_at) AS minute, status, count(*) AS n
    FROM new_rows GROUP BY 1, 2, 3, 4) g
  WHERE EXISTS (SELECT 1 FROM promotions p WHERE p.id = g.transaction_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION promotion_minute_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO promotion_minute_stats (promotion_id, business_id, minute, status, count)
  SELECT d.transaction_id, d.business_id, d.minute, d.status, d.n FROM (
    SELECT transaction_id, business_id, minute, status, sum(n) AS n FROM (
      SELECT o.transaction_id, o.business_id, date_trunc('minute', o.created_at) AS minute, o.status, -1 AS n
      FROM old_rows o JOIN new_rows r ON r.id = o.id
      WHERE (o.status, o.created_at) IS DISTINCT FROM (r.status, r.created_at)
      UNION ALL
      SELECT r.transaction_id, r.business_id, date_trunc('minute', r.created_at), r.status, 1
      FROM old_rows o JOIN new_rows r ON r.id = o.id
      WHERE (o.status, o.created_at) IS DISTINCT FROM (r.status, r.created_at)
    ) x GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0) d
  WHERE EXISTS (SELECT 1 FROM promotions p WHERE p.id = d.transaction_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION promotion_minute_stats_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO promotion_minute_stats (promotion_id, business_id, minute, status, count)
  SELECT g.transaction_id, g.business_id, g.minute, g.status, -g.n FROM (
    SELECT transaction_id, business_id, date_trunc('minute', created_at) AS minute, status, count(*) AS n
    FROM old_rows GROUP BY 1, 2, 3, 4) g
  WHERE EXISTS (SELECT 1 FROM promotions p WHERE p.id = g.transaction_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER promotion_minute_stats_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_minute_stats_on_insert();
--> statement-breakpoint
CREATE TRIGGER promotion_minute_stats_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION promotion_minute_stats_on_update();
--> statement-breakpoint
CREATE TRIGGER promotion_minute_stats_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION promotion_minute_stats_on_delete();
--> statement-breakpoint
-- Campaign messages sent before this migration (one read of the promotions' messages).
INSERT INTO promotion_minute_stats (promotion_id, business_id, minute, status, count)
SELECT m.transaction_id, m.business_id, date_trunc('minute', m.created_at), m.status, count(*)
FROM messages m JOIN promotions p ON p.id = m.transaction_id AND p.business_id = m.business_id
GROUP BY 1, 2, 3, 4;
