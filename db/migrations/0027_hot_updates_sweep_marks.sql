CREATE TABLE "sweep_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"mark" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "messages_open_idx";--> statement-breakpoint
DROP INDEX "callback_deliveries_failed_idx";--> statement-breakpoint
DROP INDEX "callback_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "callback_deliveries" ALTER COLUMN "next_attempt_at" DROP DEFAULT;--> statement-breakpoint
-- HOT updates (docs/decisions.md, "HOT updates on the bulk path"): an attempted message always
-- holds a dispatch lease (it is born leased) and no other message does, so the lease index is
-- the dispatch sweeper's "not accepted yet"; a failed delivery always has its last error.
UPDATE "messages" SET "dispatch_locked_until" = NULL WHERE "status" <> 'attempted' AND "dispatch_locked_until" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "dispatch_locked_until" = "updated_at" WHERE "status" = 'attempted' AND "dispatch_locked_until" IS NULL;--> statement-breakpoint
UPDATE "callback_deliveries" SET "last_error" = 'failed' WHERE "status" = 'failed' AND "last_error" IS NULL;--> statement-breakpoint
-- The sweepers that read by id start where they have something to find (not from the first
-- row): pending deliveries written before have a next_attempt_at (the old default), so the
-- due index finds them; the simulator reconcile starts at its oldest message not final.
INSERT INTO "sweep_marks" ("name", "mark") VALUES ('callbacks.new-deliveries', now() - interval '1 minute');--> statement-breakpoint
INSERT INTO "sweep_marks" ("name", "mark")
  SELECT 'messages.simulator', coalesce(min("created_at"), now()) - interval '1 minute' FROM "messages"
  WHERE "provider" = 'simulator' AND "status" IN ('attempted', 'accepted', 'sent', 'delivered');--> statement-breakpoint
CREATE INDEX "messages_dispatch_lease_idx" ON "messages" USING btree ("dispatch_locked_until") WHERE "messages"."dispatch_locked_until" is not null;--> statement-breakpoint
CREATE INDEX "messages_simulator_idx" ON "messages" USING btree ("id") WHERE "messages"."provider" = 'simulator';--> statement-breakpoint
CREATE INDEX "callback_deliveries_failed_idx" ON "callback_deliveries" USING btree ("business_id","id") WHERE "callback_deliveries"."last_error" is not null;--> statement-breakpoint
CREATE INDEX "callback_deliveries_due_idx" ON "callback_deliveries" USING btree ("next_attempt_at") WHERE "callback_deliveries"."next_attempt_at" is not null;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_failed_has_error" CHECK ("callback_deliveries"."status" <> 'failed' or "callback_deliveries"."last_error" is not null);--> statement-breakpoint
-- Room on each page for the new versions of its rows: a page's rows are written together (one
-- send's messages, one chunk's deliveries) and updated together in one transaction, so every
-- new version must fit beside the old ones for the update to stay HOT. Pages written before
-- keep their layout.
ALTER TABLE "messages" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "callback_deliveries" SET (fillfactor = 40);
