// The setup the in-process page benchmarks share (bench/overview.ts, bench/campaign-page.ts): a
// fresh database on the PostgreSQL named on the command line, DATABASE_URL pointed at it before
// lib/db is first imported, and the timing helpers their results are printed with.
import pg from "pg";

/**
 * Creates `sb_bench_<prefix>_<time>` on the server given as argv[2] (or BENCH_DATABASE_URL) and
 * points DATABASE_URL at it; import lib/db only after this. `drop` removes the database again.
 */
export async function freshDatabase(script: string, prefix: string) {
  const serverUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error(`usage: npx tsx bench/${script} <postgres url>`);
  const name = `sb_bench_${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.LOG_LEVEL = "fatal";
  return {
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
    /** Leaves the database (for EXPLAINs by hand) and closes the admin connection. */
    async keep() {
      await admin.end();
    },
  };
}

/** BENCH_MESSAGES (default 1,000,000) and BENCH_RUNS (default 20). */
export const benchSize = () => ({
  total: Number(process.env.BENCH_MESSAGES ?? 1_000_000),
  runs: Number(process.env.BENCH_RUNS ?? 20),
});

/** Milliseconds since `t0` (process.hrtime.bigint()). */
export const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** Median, p95 and max of `xs` milliseconds. */
export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};
