import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "@/db/schema";
import { log } from "../log";
import { env } from "../env";
import { setPreparedStatements } from "./prepared";
import { runtimeSlot } from "../runtime";

/**
 * A database handle or an open transaction: domain functions accept either. Drizzle's own
 * `transaction` is left out: lib/db/sql.ts `transaction` (or `inTransaction`) opens one whose
 * handle keeps its `$client`, which raw SQL and pg-boss's inserts run on.
 */
export type Executor = Omit<NodePgDatabase<typeof schema>, "transaction"> & {
  $client: pg.Pool | pg.PoolClient;
};
/** The process's handle on the pool. */
export type Db = Executor & { $client: pg.Pool };

type Holder = { pool?: pg.Pool; db?: Db; url?: string };
declare module "../runtime" {
  interface Runtime {
    /** One pool per process, shared by the Hono app, the workers and the Next.js bundle. */
    db: Holder;
  }
}
const holder = runtimeSlot("db", () => ({}));

// Return int8 and numeric as JS numbers: counts and sums here stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function databaseUrl(): string {
  const url = holder.url ?? env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set and no embedded database was started");
  return url;
}

export function pool(): pg.Pool {
  if (!holder.pool) {
    holder.pool = new pg.Pool({
      connectionString: databaseUrl(),
      max: env().DB_POOL_MAX,
      idleTimeoutMillis: 30_000,
    });
    holder.pool.on("error", (err) => log.error({ err }, "idle database client failed"));
    // pg-pool listens for a client's errors only while it is idle: one checked out (in a
    // transaction, or between its queries) that the server disconnects (a restart, a cut
    // connection, FATAL 57P01) would raise an unhandled 'error' and end the process. Its query
    // is rejected either way; the pool drops the client when it is released.
    holder.pool.on("connect", (client) =>
      client.on("error", (err) => log.warn({ err }, "database connection lost while in use")),
    );
    setPreparedStatements(env().DB_PREPARED_STATEMENTS);
  }
  return holder.pool;
}

export function db(): Db {
  if (!holder.db) holder.db = drizzle({ client: pool(), schema });
  return holder.db;
}

/** Point this process at a database (used by server.ts and the test setup). */
export function setDatabaseUrl(url: string): void {
  holder.url = url;
}

export async function closeDb(): Promise<void> {
  const p = holder.pool;
  holder.pool = undefined;
  holder.db = undefined;
  // pool.end(), not endPool: the pool's 'error' listener (above) already keeps a connection the
  // server ends at shutdown from ending the process, and a connection still connecting (to a
  // database that hangs) would hold endPool's wait while the next pool() is made on the old URL.
  if (p) await p.end();
}
