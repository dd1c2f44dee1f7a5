import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Executor } from "../db/pool";
import { rawQuery } from "../db/sql";

export type MigrationStatus = { expected: number; applied: number };

// The code's migrations do not change while the process runs: hashed once.
const hashesByFolder = new Map<string, string[]>();

function codeHashes(folder: string): string[] {
  let hashes = hashesByFolder.get(folder);
  if (!hashes) {
    hashes = readMigrationFiles({ migrationsFolder: path.resolve(folder) }).map((m) => m.hash);
    hashesByFolder.set(folder, hashes);
  }
  return hashes;
}

/**
 * How many of the code's migrations the database has applied. Fewer than expected means the
 * database is behind the code (a new release started on an old database whose migration
 * failed, or a restore of an old backup). More rows than the code knows (a newer release
 * already migrated it during a rolling upgrade) are not counted and are fine: migrations are
 * additive (docs/decisions/production-operations.md).
 */
export async function migrationStatus(db: Executor, folder = "db/migrations"): Promise<MigrationStatus> {
  const hashes = codeHashes(folder);
  const rows = await rawQuery<{ n: number }>(
    db,
    "SELECT count(*)::int AS n FROM schema_migrations WHERE hash = ANY($1::text[])",
    [hashes],
  ).catch((err: unknown) => {
    // No table yet: nothing applied.
    if ((err as { code?: string }).code === "42P01") return [{ n: 0 }];
    throw err;
  });
  return { expected: hashes.length, applied: rows[0]?.n ?? 0 };
}
