import { describe, expect, it } from "vitest";
import { db } from "./pool";
import { rawQuery } from "./sql";

// The frequent updates of the bulk path are HOT (heap-only: no new index entries) only while
// no index refers, in its key or its predicate, to a column they change, and while the table's
// pages keep room for the new versions (docs/decisions/hot-updates-bulk-path.md).
// An index added on one of these columns would silently make every such update write every
// index again: this test says so at once.
const hotColumns = {
  // The status updates (sent, delivered, read, failed after acceptance): lib/messages/status.
  messages: [
    "status",
    "updated_at",
    "sent_at",
    "delivered_at",
    "read_at",
    "failed_at",
    "error_code",
    "failed_reason",
    "failure_details",
    "dispatch_attempts",
  ],
  // The outcome of a new delivery's first attempt when it succeeds: lib/callbacks/process-deliveries.
  callback_deliveries: [
    "status",
    "attempts",
    "locked_until",
    "last_response_code",
    "updated_at",
    "delivered_at",
    "attempt_log",
  ],
};

describe("HOT updates on the bulk path", () => {
  for (const [table, columns] of Object.entries(hotColumns)) {
    it(`no index of ${table} refers to a column its frequent update changes, and its pages keep room`, async () => {
      const indexes = await rawQuery<{ name: string; def: string }>(
        db(),
        `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1`,
        [table],
      );
      expect(indexes.length).toBeGreaterThan(0);
      const offending = indexes.flatMap((i) => {
        const uses = i.def.slice(i.def.indexOf(" USING "));
        return columns.filter((c) => new RegExp(`\\b${c}\\b`).test(uses)).map((c) => `${i.name}: ${c}`);
      });
      expect(offending).toEqual([]);
      const [rel] = await rawQuery<{ options: string[] | null }>(
        db(),
        `SELECT reloptions AS options FROM pg_class WHERE oid = $1::regclass`,
        [table],
      );
      expect(rel!.options?.some((o) => o.startsWith("fillfactor="))).toBe(true);
    });
  }
});
