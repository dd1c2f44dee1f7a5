import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { FileFrame, Frame, TableFrame } from "./backup-format";
import { qualified } from "./export-database";

export type ImportResult = {
  rows: Record<string, number>;
  /** Tables in the backup this schema does not have (none, unless it outlived a later migration). */
  skipped: string[];
  files: string[];
};

/**
 * Loads a backup's frames (after its header) into the database `client` is connected to, whose
 * schema the caller built to the backup's migrations. One transaction: a restore is whole or
 * not at all. Triggers and foreign keys are off while it loads (session_replication_role =
 * replica): the rows come with the counters and references they had, and replace what the
 * migrations seeded. Partitions made at run
 * time (a list's rows, a job queue's jobs) are made again from their DDL. `onFile` gets the
 * backup's DATA_DIR files. Every table's row count is checked against the one the backup wrote.
 */
export async function importDatabase(
  client: pg.PoolClient | pg.Client,
  frames: AsyncIterator<Frame>,
  onFile: (frame: FileFrame, data: Buffer) => void,
): Promise<ImportResult> {
  const rows: Record<string, number> = {};
  const skipped: string[] = [];
  const files: string[] = [];
  await client.query("BEGIN");
  try {
    await client.query("SET LOCAL session_replication_role = replica");
    for (;;) {
      const { value: f, done } = await frames.next();
      if (done) throw new Error("the backup has no end: it is truncated");
      if (f.kind === "table") {
        if (await makeTable(client, f.frame)) rows[f.frame.table] = await load(client, f.frame, f.rows);
        else {
          for await (const chunk of f.rows) void chunk;
          skipped.push(f.frame.table);
        }
      } else if (f.kind === "sequence") {
        await client.query("SELECT setval($1::regclass, $2::bigint, $3)", [
          qualified(f.frame.sequence),
          f.frame.value,
          f.frame.called,
        ]);
      } else if (f.kind === "file") {
        onFile(f.frame, f.data);
        files.push(f.frame.file);
      } else if (f.kind === "end") {
        for (const [table, n] of Object.entries(f.frame.rows)) {
          if (skipped.includes(table)) continue;
          if (rows[table] !== n)
            throw new Error(`${table}: the backup holds ${n} rows, ${rows[table] ?? 0} were restored`);
        }
        break;
      } else throw new Error("the backup holds a second header");
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  }
  return { rows, skipped, files };
}

/** Whether the table is there to load into, making a run-time partition first. */
async function makeTable(client: pg.PoolClient | pg.Client, frame: TableFrame): Promise<boolean> {
  const exists = async (name: string) =>
    (await client.query("SELECT to_regclass($1) IS NOT NULL AS ok", [qualified(name)])).rows[0].ok as boolean;
  if (await exists(frame.table)) return true;
  const p = frame.partition;
  if (!p || !(await exists(p.parent))) return false;
  await client.query(`CREATE TABLE ${qualified(frame.table)} PARTITION OF ${qualified(p.parent)} ${p.bound}`);
  for (const ddl of p.ddl) await client.query(ddl);
  return true;
}

async function load(
  client: pg.PoolClient | pg.Client,
  frame: TableFrame,
  data: AsyncIterable<Buffer>,
): Promise<number> {
  // The backup's rows are the table's whole content: what the migrations seeded goes first.
  await client.query(`DELETE FROM ${qualified(frame.table)}`);
  const list = frame.columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(", ");
  const stream = client.query(copyFrom(`COPY ${qualified(frame.table)} (${list}) FROM STDIN`));
  await pipeline(Readable.from(data), stream);
  return stream.rowCount;
}
