import type { PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { pool, type Executor } from "../../db";
import { rawQuery } from "../../db/sql";

/** An accepted list row on its way to target_list_rows. */
export type ListRow = { rowNumber: number; phone: string; fields: Record<string, string> };

/** Where accepted rows go: written batch by batch, `end` when the file is done. */
export type RowSink = { write(rows: ListRow[]): Promise<void>; end(): Promise<void>; abort(): void };

let embedded: Promise<boolean> | undefined;

/**
 * Whether the database is the embedded PGlite. Its socket server does not speak the COPY
 * sub-protocol (checked: COPY FROM STDIN ends the connection with "protocol synchronization
 * lost"), so lists are written there with multi-row inserts instead.
 */
export function isEmbeddedDatabase(executor: Executor): Promise<boolean> {
  embedded ??= rawQuery<{ v: string }>(executor, "SELECT version() AS v").then((r) =>
    /PGlite/i.test(r[0]?.v ?? ""),
  );
  return embedded;
}

// COPY text format: backslash is the escape character; JSON and digits hold no tab or newline.
const copyText = (s: string) => (s.includes("\\") ? s.replace(/\\/g, "\\\\") : s);

/**
 * One COPY ... FROM STDIN for the whole file on a dedicated connection: PostgreSQL's fastest
 * way in, with the socket's back-pressure reaching the CSV parser (a slow database slows the
 * upload instead of filling memory).
 */
export async function copyRowSink(listId: string, businessId: string): Promise<RowSink> {
  const client: PoolClient = await pool().connect();
  const stream = client.query(
    copyFrom("COPY target_list_rows (list_id, business_id, row_number, phone, fields) FROM STDIN"),
  );
  let failure: Error | undefined;
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", (err: Error) => {
      failure = err;
      reject(err);
    });
  });
  done.catch(() => undefined);
  const prefix = `${listId}\t${businessId}\t`;
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  return {
    async write(rows) {
      if (failure) throw failure;
      let text = "";
      for (const r of rows)
        text += `${prefix}${r.rowNumber}\t${r.phone}\t${copyText(JSON.stringify(r.fields))}\n`;
      if (!stream.write(text)) {
        await Promise.race([new Promise<void>((resolve) => stream.once("drain", resolve)), done]);
      }
    },
    async end() {
      stream.end();
      try {
        await done;
        release();
      } catch (err) {
        release(err as Error);
        throw err;
      }
    },
    abort() {
      // Destroying the connection is the one sure way to end a COPY in the middle.
      release(new Error("list upload aborted"));
    },
  };
}

/** Multi-row inserts of one JSON document per batch (the embedded database's way). */
export function insertRowSink(executor: Executor, listId: string, businessId: string): RowSink {
  return {
    async write(rows) {
      const doc = JSON.stringify(rows.map((r) => ({ n: r.rowNumber, p: r.phone, f: r.fields })));
      await rawQuery(
        executor,
        `INSERT INTO target_list_rows (list_id, business_id, row_number, phone, fields)
         SELECT $1, $2, u.n, u.p, u.f FROM json_to_recordset($3::json) AS u(n int, p text, f jsonb)`,
        [listId, businessId, doc],
      );
    },
    end: async () => undefined,
    abort: () => undefined,
  };
}
