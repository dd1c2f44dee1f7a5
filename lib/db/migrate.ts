import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { log } from "../log";

// Any constant works; it only has to be the same for every instance of this service.
const MIGRATION_LOCK = 7_300_214_001;

export type MigrationResult = { applied: number; total: number };

/**
 * Applies drizzle-kit's migrations in one transaction that first takes a transaction-scoped
 * advisory lock: two instances starting together serialise here, and the second finds
 * nothing left to do.
 */
export async function migrate(
  pool: pg.Pool,
  folder = "db/migrations",
  opts: { only?: ReadonlySet<string> } = {},
): Promise<MigrationResult> {
  const all = readMigrationFiles({ migrationsFolder: path.resolve(folder) });
  // `only`: the schema a backup was taken on, built before its rows are loaded (the restore).
  const migrations = opts.only ? all.filter((m) => opts.only!.has(m.hash)) : all;
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      hash text PRIMARY KEY,
      created_at bigint NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ hash: string }>("SELECT hash FROM schema_migrations");
    const done = new Set(rows.map((r) => r.hash));
    let applied = 0;
    for (const m of migrations) {
      if (done.has(m.hash)) continue;
      for (const statement of m.sql) {
        if (statement.trim()) await client.query(statement);
      }
      await client.query("INSERT INTO schema_migrations (hash, created_at) VALUES ($1, $2)", [
        m.hash,
        m.folderMillis,
      ]);
      applied++;
    }
    await client.query("COMMIT");
    if (applied) log.info({ applied, total: migrations.length }, "database migrated");
    return { applied, total: migrations.length };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The hashes of the migrations in `folder`, in the order they apply. */
export function migrationHashes(folder = "db/migrations"): string[] {
  return readMigrationFiles({ migrationsFolder: path.resolve(folder) }).map((m) => m.hash);
}
