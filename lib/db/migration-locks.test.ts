import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockViolations } from "./migration-locks";

const folder = path.resolve("db/migrations");

/**
 * Migrations written before the rule, each reviewed: they ran when the tables were
 * small or on releases whose notes said so. Nothing may be added here; a new migration that
 * needs one of these writes it the long-lock-free way (docs/decisions/production-operations.md).
 */
const HISTORIC = [
  "0015_promotion_engine.sql | index built without CONCURRENTLY | promotion_recipients",
  "0020_campaign_page_recipient_indexes.sql | index built without CONCURRENTLY | promotion_recipients",
  "0020_campaign_page_recipient_indexes.sql | index built without CONCURRENTLY | promotion_recipients",
  "0022_callback_attempt_log.sql | rows rewritten in the migration (backfill in batches outside it) | callback_deliveries",
  "0022_callback_attempt_log.sql | index built without CONCURRENTLY | callback_deliveries",
  "0025_list_rows_positional_values.sql | rows rewritten in the migration (backfill in batches outside it) | target_list_rows",
  "0026_list_rows_without_json.sql | SET NOT NULL (full scan under lock) | target_list_rows",
  "0027_hot_updates_sweep_marks.sql | rows rewritten in the migration (backfill in batches outside it) | messages",
  "0027_hot_updates_sweep_marks.sql | rows rewritten in the migration (backfill in batches outside it) | messages",
  "0027_hot_updates_sweep_marks.sql | rows rewritten in the migration (backfill in batches outside it) | callback_deliveries",
  "0027_hot_updates_sweep_marks.sql | index built without CONCURRENTLY | messages",
  "0027_hot_updates_sweep_marks.sql | index built without CONCURRENTLY | messages",
  "0027_hot_updates_sweep_marks.sql | index built without CONCURRENTLY | callback_deliveries",
  "0027_hot_updates_sweep_marks.sql | index built without CONCURRENTLY | callback_deliveries",
  "0027_hot_updates_sweep_marks.sql | constraint validated under lock (add it NOT VALID, validate later) | callback_deliveries",
];

/**
 * Not yet released, reviewed, and owed a rework before the next release: 0058 marks the
 * recipients that already converted (promotion_recipients.converted) in the migration. It
 * touches only those recipients (bounded by the conversions, not by the table), but it holds
 * their row locks until the migration commits; the flag belongs in a table of its own, filled
 * by an INSERT, before 0058 ships (docs/decisions/arm-counters.md, "Upgrade").
 */
const BEFORE_RELEASE = [
  "0058_promotion_arm_counters.sql | rows rewritten in the migration (backfill in batches outside it) | promotion_recipients",
];

describe("migrations take no long lock on large tables", () => {
  it("no migration breaks the rule beyond the reviewed historic ones", () => {
    const found = readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .flatMap((f) => lockViolations(f, readFileSync(path.join(folder, f), "utf8")))
      .map((v) => `${v.file} | ${v.rule} | ${v.table}`);
    expect(found).toEqual([...HISTORIC, ...BEFORE_RELEASE]);
  });

  it.each([
    [
      'CREATE INDEX "m_idx" ON "messages" USING btree ("business_id","recipient");',
      "index built without CONCURRENTLY",
    ],
    [
      'ALTER TABLE "messages" ADD COLUMN "seen_at" timestamp with time zone DEFAULT now() NOT NULL;',
      "column added with a volatile default",
    ],
    [
      'ALTER TABLE "callback_deliveries" ALTER COLUMN "attempts" SET DATA TYPE bigint;',
      "column type changed (table rewrite)",
    ],
    ['ALTER TABLE "messages" ALTER COLUMN "provider" SET NOT NULL;', "SET NOT NULL (full scan under lock)"],
    [
      'ALTER TABLE "messages" ADD CONSTRAINT "m_fk" FOREIGN KEY ("template_id") REFERENCES "templates"("id");',
      "constraint validated under lock (add it NOT VALID, validate later)",
    ],
    [
      'UPDATE "messages" SET "error_code" = \'\' WHERE "error_code" IS NULL;',
      "rows rewritten in the migration (backfill in batches outside it)",
    ],
  ])("flags %s", (sql, rule) => {
    expect(lockViolations("new.sql", sql).map((v) => v.rule)).toEqual([rule]);
  });

  it.each([
    'ALTER TABLE "messages" ADD COLUMN "note" text DEFAULT \'\' NOT NULL;',
    'ALTER TABLE "messages" ADD COLUMN "seen_at" timestamp with time zone;',
    'CREATE INDEX CONCURRENTLY "m_idx" ON "messages" ("recipient");',
    'ALTER TABLE "messages" ADD CONSTRAINT "m_fk" FOREIGN KEY ("template_id") REFERENCES "templates"("id") NOT VALID;',
    'CREATE INDEX "t_idx" ON "templates" ("name");',
    'CREATE TABLE "message_events" ("id" uuid);--> statement-breakpoint\nCREATE INDEX "e_idx" ON "message_events" ("id");',
  ])("allows %s", (sql) => {
    expect(lockViolations("new.sql", sql)).toEqual([]);
  });
});
