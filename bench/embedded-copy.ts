// The embedded database's way in for list rows (issue 27, "E1 on the embedded database within 3x
// of PostgreSQL"): PGlite cannot take COPY FROM STDIN through its socket, so lists are written
// there with multi-row inserts of one JSON document per batch (row-sinks.ts, insertRowSink).
// Would PGlite's own COPY, called in its process with the rows as a Blob (`COPY ... FROM
// '/dev/blob'`), be faster? BENCH_ROWS (1,000,000) rows like E1's (row number, phone, four
// cells), into an in-memory PGlite, each way in turn, timed from the first batch built to the
// last statement's end:
//   json         json_to_recordset inserts of 10,000 rows, as insertRowSink writes them;
//   copy binary  COPY (FORMAT binary) of 50,000 rows per blob, built by ListRowsBinaryWriter;
//   copy text    COPY (FORMAT text) of 50,000 rows per blob.
// Run: npx tsx bench/embedded-copy.ts
import { cpus, loadavg } from "node:os";
import { PGlite } from "@electric-sql/pglite";
import { ListRowsBinaryWriter } from "../lib/promotions/lists/copy-binary-rows";
import { LIST_CELL_SEPARATOR } from "../lib/promotions/lists/list-cells";

const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const load1 = loadavg()[0]!.toFixed(2);
const db = await PGlite.create("memory://");
const cellsOf = (i: number) => [`Name ${i}`, String(i), "City", `sub${i}`];
const phoneOf = (i: number) => `9198${String(i).padStart(8, "0")}`;

async function timed(name: string, batch: number, write: (from: number, to: number) => Promise<void>) {
  await db.exec(`DROP TABLE IF EXISTS rows_${name.replace(" ", "_")}`);
  const table = `rows_${name.replace(" ", "_")}`;
  await db.exec(
    `CREATE TABLE ${table} (list_id uuid NOT NULL DEFAULT '0190a0a0-0000-7000-8000-000000000000',
       business_id uuid NOT NULL DEFAULT '0190a0a0-0000-7000-8000-000000000001',
       row_number int NOT NULL, phone text NOT NULL, cells text NOT NULL)`,
  );
  const t0 = performance.now();
  for (let from = 0; from < N; from += batch) await write(from, Math.min(N, from + batch));
  const ms = performance.now() - t0;
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  if (rows[0]!.n !== N) throw new Error(`${name}: ${rows[0]!.n} rows of ${N}`);
  return { name, ms };
}

const results = [
  await timed("json", 10_000, async (from, to) => {
    const doc = JSON.stringify(
      Array.from({ length: to - from }, (_, k) => ({
        n: from + k,
        p: phoneOf(from + k),
        c: cellsOf(from + k).join(LIST_CELL_SEPARATOR),
      })),
    );
    await db.query(
      `INSERT INTO rows_json (row_number, phone, cells)
       SELECT u.n, u.p, u.c FROM json_to_recordset($1::json) AS u(n int, p text, c text)`,
      [doc],
    );
  }),
  await timed("copy binary", 50_000, async (from, to) => {
    const writer = new ListRowsBinaryWriter();
    writer.header();
    for (let i = from; i < to; i++) writer.row(i, phoneOf(i), cellsOf(i));
    writer.trailer();
    const blob = new Blob(writer.take().map((b) => new Uint8Array(b)));
    await db.query(
      `COPY rows_copy_binary (row_number, phone, cells) FROM '/dev/blob' WITH (FORMAT binary)`,
      [],
      {
        blob,
      },
    );
  }),
  await timed("copy text", 50_000, async (from, to) => {
    let text = "";
    for (let i = from; i < to; i++) text += `${i}\t${phoneOf(i)}\t${cellsOf(i).join(LIST_CELL_SEPARATOR)}\n`;
    await db.query(`COPY rows_copy_text (row_number, phone, cells) FROM '/dev/blob'`, [], {
      blob: new Blob([text]),
    });
  }),
];
await db.close();

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PGlite in memory, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(`Command: npx tsx bench/embedded-copy.ts (${N} rows)\n`);
console.log("| way in | seconds | rows/s | vs json inserts |\n|---|---:|---:|---:|");
for (const r of results)
  console.log(
    `| ${r.name} | ${(r.ms / 1000).toFixed(2)} | ${Math.round((N * 1000) / r.ms)} | ${((r.ms / results[0]!.ms) * 100).toFixed(0)}% |`,
  );
