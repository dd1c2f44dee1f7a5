import type { PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { pool } from "../../db/pool";
import { ListRowsBinaryWriter } from "./copy-binary-rows";
import type { ByteRows } from "./csv-rows";
import type { ListRow } from "./list-cells";
import { attachSql, keySql, listRowsTable, standaloneTableSql, uuidLiteral } from "./list-rows-table";

/** Accepted plain rows of a stretch of the file read as bytes (csv-rows.ts): which, and their numbers. */
export type PlainRows = { rows: ByteRows; picked: number[]; phones: string[] };

/** Where accepted rows go: written batch by batch, `end` when the file is done. */
export type RowSink = {
  write(rows: ListRow[], plain?: PlainRows): Promise<void>;
  /** The file is done; `key: false` leaves the rows' key to the launch's preparation (keyListRows). */
  end(opts: { key: boolean }): Promise<void>;
  abort(): void;
};

/**
 * One COPY ... FROM STDIN (binary format: copy-binary-rows.ts) for the whole file on a dedicated
 * connection: PostgreSQL's fastest way in, with the socket's back-pressure reaching the CSV
 * parser (a slow database slows the upload instead of filling memory). The rows go into the
 * list's own table, keyed and attached when the file is done (as loadListRows does), in one transaction.
 */
export async function copyRowSink(listId: string, businessId: string): Promise<RowSink> {
  const client: PoolClient = await pool().connect();
  const table = listRowsTable(listId);
  let stream: ReturnType<typeof copyFrom>;
  try {
    await holdList(client, listId);
    await client.query(standaloneTableSql(table, listId));
    // The list and business are the table's defaults: not sent with every row.
    await client.query(
      `ALTER TABLE ${table} ALTER list_id SET DEFAULT ${uuidLiteral(listId)},
         ALTER business_id SET DEFAULT ${uuidLiteral(businessId)}`,
    );
    stream = client.query(
      copyFrom(`COPY ${table} (row_number, phone, cells) FROM STDIN WITH (FORMAT binary)`),
    );
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  let failure: Error | undefined;
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", (err: Error) => {
      failure = err;
      reject(err);
    });
  });
  done.catch(() => undefined);
  const writer = new ListRowsBinaryWriter();
  writer.header();
  const send = async (buffers: Buffer[]) => {
    for (const b of buffers) {
      if (!stream.write(b)) {
        await Promise.race([new Promise<void>((resolve) => stream.once("drain", resolve)), done]);
      }
    }
  };
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  return {
    async write(rows, plain) {
      if (failure) throw failure;
      for (const r of rows) writer.row(r.rowNumber, r.phone, r.cells);
      if (plain)
        for (let k = 0; k < plain.picked.length; k++)
          writer.plainRow(plain.phones[k]!, plain.rows, plain.picked[k]!);
      await send(writer.take());
    },
    async end({ key }) {
      writer.trailer();
      await send(writer.take());
      stream.end();
      try {
        await done;
        if (key) await client.query(keySql(table));
        await client.query(attachSql(table, listId));
        await client.query("COMMIT");
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

/**
 * target_list_rows has no foreign key (its per-row check was half the COPY's time; a trigger
 * deletes the rows of deleted lists): the COPY's transaction locks the list row once instead,
 * as the key did for every row, so a deletion meanwhile waits and then takes the rows along.
 */
async function holdList(client: PoolClient, listId: string): Promise<void> {
  await client.query("BEGIN");
  const held = await client.query(HOLD_LIST, [listId]);
  if (held.rowCount === 0) {
    await client.query("ROLLBACK");
    throw listRemoved(listId);
  }
}

const HOLD_LIST = "SELECT 1 FROM target_lists WHERE id = $1 FOR KEY SHARE";
const listRemoved = (listId: string) => new Error(`list ${listId} was removed during its upload`);
