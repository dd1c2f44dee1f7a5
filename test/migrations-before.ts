import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { endPool } from "../lib/db/end-pool";
import { onTestFinished } from "vitest";
import { migrate } from "../lib/db/migrate";
import { freshDatabase } from "./fresh-database";

type Journal = { entries: { tag: string }[] };

/**
 * db/migrations up to (not including) the migration whose tag ends with `tagSuffix`, in a
 * folder of their own: a migration test runs these, writes the old shape, then migrates.
 */
export function migrationsBefore(tagSuffix: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "sb-migrations-"));
  cpSync("db/migrations", folder, { recursive: true });
  const file = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(file, "utf8")) as Journal;
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (at <= 0) throw new Error(`no migration ending with ${tagSuffix} after the first`);
  writeFileSync(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A fresh database migrated up to (not including) the migration whose tag ends with
 * `tagSuffix`, as a pool: the test writes the old shape, then runs `migrate(pool)`. `cleanup`
 * ends the pool, drops the database and removes the folder.
 */
async function databaseBefore(tagSuffix: string): Promise<{ pool: pg.Pool; cleanup: () => Promise<void> }> {
  const fresh = await freshDatabase();
  const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
  const before = migrationsBefore(tagSuffix);
  const cleanup = async () => {
    before.remove();
    await endPool(pool);
    await fresh.drop();
  };
  try {
    await migrate(pool, before.folder);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { pool, cleanup };
}

/**
 * databaseBefore for the running test: its pool, cleaned up (pool ended, database dropped) when
 * the test finishes, pass or fail.
 */
export async function poolBefore(tagSuffix: string): Promise<pg.Pool> {
  const { pool, cleanup } = await databaseBefore(tagSuffix);
  onTestFinished(cleanup);
  return pool;
}
