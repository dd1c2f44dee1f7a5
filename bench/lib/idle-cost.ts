import { readFileSync } from "node:fs";
import type pg from "pg";
import { treeCpuSeconds } from "./cpu";

export type IdleCost = {
  seconds: number;
  /** Statements the server sent (bench/lib/query-count.ts), per second. */
  statementsPerSec: number;
  /** Transactions the database committed (pg_stat_database: flushed by backends about once a second), per second. */
  commitsPerSec: number;
  /** Rows the database read (returned by scans + fetched by index), per second. */
  rowsReadPerSec: number;
  /** CPU of the server's process tree and of the database's backends, ms per second. */
  serverCpuMsPerSec: number;
  dbCpuMsPerSec: number;
};

/** The running total the server's query counter last wrote (0 before its first write). */
export function statementsSoFar(file: string): number {
  try {
    return Number(readFileSync(file, "utf8")) || 0;
  } catch {
    return 0;
  }
}

/**
 * What `seconds` of nothing arriving cost: the server's statements, the database's commits and
 * rows read, and both sides' CPU. Measured with nothing waiting and with many runs waiting, it
 * shows whether waiting costs per run (a poll per run would grow with the runs).
 */
export async function idleCost(
  sql: pg.Client,
  database: string,
  serverPid: number,
  dbCpu: { mark: () => Promise<number> },
  queryCountFile: string,
  seconds: number,
): Promise<IdleCost> {
  const stats = async () =>
    (
      await sql.query<{ commits: string; rows: string }>(
        `SELECT xact_commit AS commits, tup_returned + tup_fetched AS rows FROM pg_stat_database WHERE datname = $1`,
        [database],
      )
    ).rows[0]!;
  // Let the counters of what came before settle: an idle backend flushes its statistics within
  // 10 s (PostgreSQL 15), this one at once when asked.
  await sql.query("SELECT pg_stat_force_next_flush()");
  await new Promise((r) => setTimeout(r, 11_000));
  const s0 = await stats();
  const q0 = statementsSoFar(queryCountFile);
  const c0 = { server: treeCpuSeconds(serverPid), db: await dbCpu.mark() };
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = (performance.now() - t0) / 1000;
  const q1 = statementsSoFar(queryCountFile);
  const c1 = { server: treeCpuSeconds(serverPid), db: await dbCpu.mark() };
  // The measuring statements themselves (3 per reading) are this connection's, not the server's.
  const s1 = await stats();
  return {
    seconds: elapsed,
    statementsPerSec: (q1 - q0) / elapsed,
    commitsPerSec: (Number(s1.commits) - Number(s0.commits)) / elapsed,
    rowsReadPerSec: (Number(s1.rows) - Number(s0.rows)) / elapsed,
    serverCpuMsPerSec: ((c1.server - c0.server) * 1000) / elapsed,
    dbCpuMsPerSec: ((c1.db - c0.db) * 1000) / elapsed,
  };
}
