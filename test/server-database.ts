import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty database `<prefix>_<random>` on the PostgreSQL server at `serverUrl`: its URL,
 * and `drop` (dropDatabase below) to remove it again.
 */
export async function createDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * Drops a test database once its last connection has gone. `pool.end()` resolves before the
 * pool's sockets have closed, and `DROP DATABASE … WITH (FORCE)` terminates any backend still
 * there with FATAL 57P01: a closing client without a listener then throws an uncaught 'error'
 * into whatever test runs next. So wait (up to 5 s) for the connections to leave; FORCE only
 * ends what is still there after that.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
        [name],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}
