import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { db } from "../lib/db/pool";
import { rawQuery } from "../lib/db/sql";

/**
 * Migration 0058's recount of the A/B arm counters and the clicks per hour (its statements after
 * the tables), as an install upgraded with it gets them: for a test that writes a campaign's
 * recipients, clicks or conversions row by row, not through the writers that keep the counters.
 */
export function armCountersRecount(): string[] {
  const dir = path.resolve("db/migrations");
  const file = readdirSync(dir).find((f) => f.endsWith("_promotion_arm_counters.sql"))!;
  const statements = readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint");
  return statements.slice(statements.findIndex((s) => s.includes("recounted from their rows")));
}

/** Runs the recount over every campaign of the test's database. */
export async function recountArmCounters(): Promise<void> {
  for (const s of armCountersRecount()) await rawQuery(db(), s, []);
}
