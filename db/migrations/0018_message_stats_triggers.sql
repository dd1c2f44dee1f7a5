-- The overview's message counts (db/schema/message-stats.ts): statement-level triggers append
-- one delta row per (business, quarter hour, status, error code) that a statement changed, in
-- that statement's transaction. Appending (never updating a shared counter row) keeps
-- concurrent sends and status moves of one business from queueing on a row lock.
CREATE FUNCTION message_stats_bucket(t timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin('15 minutes', t, TIMESTAMPTZ '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
CREATE FUNCTION message_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stats (business_id, bucket, status, error_code, count)
  SELECT business_id, message_stats_bucket(created_at), status, coalesce(error_code, ''), count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION message_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stats (business_id, bucket, status, error_code, count)
  SELECT business_id, bucket, status, error_code, sum(n) FROM (
    SELECT o.business_id, message_stats_bucket(o.created_at) AS bucket, o.status,
      coalesce(o.error_code, '') AS error_code, -1 AS n
    FROM old_rows o JOIN new_rows r ON r.id = o.id
    WHERE (o.status, coalesce(o.error_code, ''), o.created_at, o.business_id)
      IS DISTINCT FROM (r.status, coalesce(r.error_code, ''), r.created_at, r.business_id)
    UNION ALL
    SELECT r.business_id, message_stats_bucket(r.created_at), r.status, coalesce(r.error_code, ''), 1
    FROM old_rows o JOIN new_rows r ON r.id = o.id
    WHERE (o.status, coalesce(o.error_code, ''), o.created_at, o.business_id)
      IS DISTINCT FROM (r.status, coalesce(r.error_code, ''), r.created_at, r.business_id)
  ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A business being deleted takes its messages and its counts with it (cascade): no delta then.
CREATE FUNCTION message_stats_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stats (business_id, bucket, status, error_code, count)
  SELECT o.business_id, message_stats_bucket(o.created_at), o.status, coalesce(o.error_code, ''), -count(*)
  FROM old_rows o WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = o.business_id)
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_stats_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_stats_on_insert();
--> statement-breakpoint
CREATE TRIGGER message_stats_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION message_stats_on_update();
--> statement-breakpoint
CREATE TRIGGER message_stats_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION message_stats_on_delete();
--> statement-breakpoint
-- Messages sent before this migration.
INSERT INTO message_stats (business_id, bucket, status, error_code, count)
SELECT business_id, message_stats_bucket(created_at), status, coalesce(error_code, ''), count(*)
FROM messages GROUP BY 1, 2, 3, 4;
