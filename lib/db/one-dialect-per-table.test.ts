import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { sourceFiles } from "./statement-scan";

/**
 * A file reads and writes one table in one dialect: Drizzle's builder, or raw SQL where a bench
 * shows the raw form matters or Drizzle cannot express it (docs/architecture.md, "Database
 * access"). Both for the same table in one file is allowed only when listed here with the bench
 * or the reason.
 */
const MIXED_FOR_A_REASON: Record<string, string> = {};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The SQL table names the schema declares, by the Drizzle export's name. */
const tableOf = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as const] : [],
  ),
);
const tables = new Set<string>(tableOf.values());

/** Tables a file's SQL literals name (FROM, JOIN, INTO, UPDATE, DELETE FROM). */
function rawTables(text: string): Set<string> {
  const out = new Set<string>();
  for (const literal of text.match(/`[^`]*`|"(?:[^"\\\n]|\\.)*"/g) ?? []) {
    if (!/^.\s*(?:\/\*[\s\S]*?\*\/\s*)?(select|insert|update|delete|with)\b/i.test(literal)) continue;
    for (const m of literal.matchAll(/\b(?:from|join|into|update)\s+(\w+)/gi))
      if (tables.has(m[1]!)) out.add(m[1]!);
  }
  return out;
}

/** Tables a file reaches through Drizzle's builder (`.from(t)`, `.insert(t)`, joins ...). */
function drizzleTables(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\.(?:from|insert|update|delete|\w*[jJ]oin)\(\s*(\w+)\s*[,)]/g)) {
    const table = tableOf.get(m[1]!);
    if (table) out.add(table);
  }
  return out;
}

describe("one dialect per table in a file", () => {
  it("no file uses both Drizzle and raw SQL for one table without a listed reason", () => {
    const mixed: string[] = [];
    for (const file of sourceFiles(root, ["lib", "app"])) {
      const text = readFileSync(path.join(root, file), "utf8");
      const raw = rawTables(text);
      if (raw.size === 0) continue;
      const both = [...drizzleTables(text)].filter((t) => raw.has(t));
      if (both.length > 0 && !(file in MIXED_FOR_A_REASON)) mixed.push(`${file}: ${both.join(", ")}`);
    }
    expect(mixed).toEqual([]);
    expect(tables.size).toBeGreaterThan(40);
  });

  it("finds a mix when there is one", () => {
    const text = `await db.update(promotions).set({}); await rawQuery(db, \`SELECT id FROM promotions\`, []);`;
    expect([...drizzleTables(text)].filter((t) => rawTables(text).has(t))).toEqual(["promotions"]);
  });
});
