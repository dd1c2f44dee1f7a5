import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new database `<prefix>_<random>` on the PostgreSQL cluster whose maintenance database is
 * `clusterUrl` (the test run's embedded cluster, or the server DATABASE_URL names): empty, or a
 * copy of `template`. Its URL, and `drop` (dropDatabase below) to remove it again.
 */
export async function createDatabase(
  clusterUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template} STRATEGY ${await strategy(admin)}` : ""}`,
    );
  } finally {
    await admin.end();
  }
  return { name, url: databaseOn(clusterUrl, name), drop: () => dropDatabase(clusterUrl, name) };
}

/**
 * How to copy a template: FILE_COPY copies its files, which on a cluster without WAL for it (the
 * test run's embedded one: wal_level=minimal, no fsync) is a tenth of WAL_LOG's time (40-70 ms
 * against 300); but it checkpoints twice, and on a server with fsync and other databases' dirty
 * pages a checkpoint takes seconds, so there WAL_LOG (PostgreSQL's default).
 */
async function strategy(admin: pg.Client): Promise<"FILE_COPY" | "WAL_LOG"> {
  const { rows } = await admin.query<{ wal_level: string; fsync: string }>(
    "SELECT current_setting('wal_level') AS wal_level, current_setting('fsync') AS fsync",
  );
  return rows[0]!.wal_level === "minimal" && rows[0]!.fsync === "off" ? "FILE_COPY" : "WAL_LOG";
}

/** `clusterUrl` with its database replaced by `name`. */
export function databaseOn(clusterUrl: string, name: string): string {
  const u = new URL(clusterUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Drops a test database once its last connection has gone. `pool.end()` resolves before the
 * pool's sockets have closed, and `DROP DATABASE … WITH (FORCE)` terminates any backend still
 * there with FATAL 57P01: a closing client without a listener then throws an uncaught 'error'
 * into whatever test runs next. So wait (up to 5 s) for the connections to leave; FORCE only
 * ends what is still there after that.
 */
export async function dropDatabase(clusterUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: clusterUrl });
  await c.connect();
  try {
    await untilUnused(c, name);
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Waits (up to 5 s) until database `name` has no connections, through `c` (on the cluster). */
export async function untilUnused(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
      [name],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
