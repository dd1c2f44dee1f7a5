ALTER TABLE "callback_deliveries" ADD COLUMN "attempt_log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "callback_deliveries" d SET "attempt_log" = a."log" FROM (
  SELECT "delivery_id", jsonb_agg(jsonb_build_object(
    'id', "id", 'attemptNo', "attempt_no", 'url', "url",
    'requestedAt', floor(extract(epoch FROM "requested_at"))::bigint,
    'responseStatus', "response_status", 'latencyMs', "latency_ms", 'error', "error",
    'responseBody', "response_body") ORDER BY "requested_at", "attempt_no", "id") AS "log"
  FROM "callback_attempts" GROUP BY "delivery_id"
) a WHERE d."id" = a."delivery_id";--> statement-breakpoint
DROP TABLE "callback_attempts" CASCADE;--> statement-breakpoint
DROP INDEX "callback_deliveries_status_idx";--> statement-breakpoint
CREATE INDEX "callback_deliveries_failed_idx" ON "callback_deliveries" USING btree ("business_id","id") WHERE "callback_deliveries"."status" = 'failed';
