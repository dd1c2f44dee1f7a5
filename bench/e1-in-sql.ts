// The E1 goal (>= 60% of `\copy` while another process loads the machine): would
// "PostgreSQL parses the CSV" reach it (docs/decisions/where-the-design-stops.md: measured, it does not)? The upload's
// bytes streamed unparsed into `COPY staging FROM STDIN (FORMAT csv)`, then the rows checked in SQL
// (plain E.164 number, storable text, length, the first of each number kept) into the list's
// rows, and the refused ones kept with their reasons; no per-row work in Node. Not the product
// (it has no libphonenumber fallback for national or formatted numbers, which this file has
// none of): a measurement of its floor.
// Same file shape as bench/promotion-ingest.ts (BENCH_ROWS, default 1,000,000: phone, name,
// order, city, subscriber id), on a fresh database, each way BENCH_RUNS (3) times, alternating:
//   \copy      psql's \copy into a plain table (the baseline E1 is measured against);
//   in SQL     the file streamed from Node through pg-copy-streams into a staging table, then
//              the checks and the two inserts, in one transaction, timed to its commit.
// Quiet, then beside a one-core busy loop (`node -e 'for(;;){}'`), as promotion-ingest's
// loaded runs. Run: npx tsx bench/e1-in-sql.ts postgres://postgres@127.0.0.1:5432/postgres
import { execFileSync, spawn } from "node:child_process";
import { createReadStream, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { writeE1Csv } from "./lib/e1-csv";

const adminUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error("usage: npx tsx bench/e1-in-sql.ts <postgres url>");
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const file = path.join(tmpdir(), `sb-e1-sql-${process.pid}.csv`);
const load1 = loadavg()[0]!.toFixed(2);

await writeE1Csv(file, ROWS);

const name = `sb_bench_e1sql_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();

const SETUP = `
  DROP TABLE IF EXISTS staging, list_rows, list_rejects, plain_copy;
  CREATE UNLOGGED TABLE staging (n int GENERATED ALWAYS AS IDENTITY, phone text, name text, ord text, city text, sub text);
  CREATE TABLE list_rows (row_number int NOT NULL, phone text NOT NULL, cells text NOT NULL);
  CREATE TABLE list_rejects (row_number int NOT NULL, reason text NOT NULL, phone text);
  CREATE TABLE plain_copy (phone text, name text, "order" text, city text, bsid text);`;
// A row's number is its line after the header; the reason of the first check it fails.
const CHECKS = `
  WITH checked AS (
    SELECT n, phone, concat_ws(E'\\x1f', name, ord, city, sub) AS cells,
      CASE
        WHEN phone IS NULL OR phone !~ '^\\+?[1-9][0-9]{7,14}$' THEN 'invalid phone'
        WHEN length(concat(name, ord, city, sub)) > 65536 THEN 'row too long'
        WHEN strpos(concat(name, ord, city, sub), E'\\x1f') > 0 THEN 'unsupported character'
        WHEN row_number() OVER (PARTITION BY phone ORDER BY n) > 1 THEN 'duplicate phone'
      END AS reason
    FROM staging
  ), kept AS (
    INSERT INTO list_rows (row_number, phone, cells)
    SELECT n, ltrim(phone, '+'), cells FROM checked WHERE reason IS NULL RETURNING 1
  )
  INSERT INTO list_rejects (row_number, reason, phone)
  SELECT n, reason, left(phone, 64) FROM checked WHERE reason IS NOT NULL`;

/** Time to commit, and of it the COPY's part. */
async function inSql(): Promise<{ ms: number; copyMs: number }> {
  await client.query(SETUP);
  const t0 = performance.now();
  await client.query("BEGIN");
  await pipeline(
    createReadStream(file, { highWaterMark: 1 << 20 }),
    client.query(
      copyFrom("COPY staging (phone, name, ord, city, sub) FROM STDIN WITH (FORMAT csv, HEADER true)"),
    ),
  );
  const copyMs = performance.now() - t0;
  await client.query(CHECKS);
  await client.query("COMMIT");
  const ms = performance.now() - t0;
  const { rows } = await client.query<{ kept: number; refused: number }>(
    "SELECT (SELECT count(*)::int FROM list_rows) AS kept, (SELECT count(*)::int FROM list_rejects) AS refused",
  );
  if (rows[0]!.kept + rows[0]!.refused !== ROWS) throw new Error(`rows lost: ${JSON.stringify(rows[0])}`);
  return { ms, copyMs };
}

function plainCopy(): number {
  execFileSync("psql", [url.toString(), "-q", "-c", SETUP]);
  const t0 = performance.now();
  execFileSync("psql", [
    url.toString(),
    "-v",
    "ON_ERROR_STOP=1",
    "-q",
    "-c",
    `\\copy plain_copy FROM '${file}' WITH (FORMAT csv, HEADER true)`,
  ]);
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: Array<{ setting: string; copy: number; sql: number; sqlCopy: number }> = [];
try {
  for (const setting of ["quiet", "beside a one-core loop"] as const) {
    const busy =
      setting === "quiet" ? undefined : spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" });
    try {
      const copy: number[] = [];
      const sql: number[] = [];
      const sqlCopy: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        copy.push(plainCopy());
        const { ms, copyMs } = await inSql();
        sql.push(ms);
        sqlCopy.push(copyMs);
      }
      results.push({ setting, copy: median(copy), sql: median(sql), sqlCopy: median(sqlCopy) });
    } finally {
      busy?.kill();
    }
  }
} finally {
  await client.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(file, { force: true });
}

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PostgreSQL, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(`Command: npx tsx bench/e1-in-sql.ts ${adminUrl} (${ROWS} rows, medians of ${RUNS} runs)\n`);
console.log(
  "| setting | \\copy s | in SQL: to commit s | of which the COPY s | in SQL / \\copy speed |\n|---|---:|---:|---:|---:|",
);
for (const r of results)
  console.log(
    `| ${r.setting} | ${(r.copy / 1000).toFixed(2)} | ${(r.sql / 1000).toFixed(2)} | ${(r.sqlCopy / 1000).toFixed(2)} | ${((r.copy / r.sql) * 100).toFixed(0)}% |`,
  );
