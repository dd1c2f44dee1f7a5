import type { Executor } from "../../db/pool";
import { rawQuery } from "../../db/sql";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid as an SQL literal, for DDL (which takes no parameters); anything else throws. */
export function uuidLiteral(id: string): string {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return `'${id}'::uuid`;
}

/**
 * The table that holds one list's rows: target_list_rows is partitioned by list (migration
 * 0028 list_rows_by_list), each list's rows a partition named after its id (the SQL function
 * list_rows_table gives the same name; the delete trigger and the housekeeping use it).
 */
export function listRowsTable(listId: string): string {
  if (!UUID.test(listId)) throw new Error(`not a list id: ${listId}`);
  return `target_list_rows_${listId.replace(/-/g, "").toLowerCase()}`;
}

/**
 * Writes a list's rows into a table of their own before it has an index, then builds its key
 * (a unique index on row_number) in one sorted pass and attaches it to target_list_rows: a
 * b-tree insert per row, WAL-logged one by one, was about half a million-row COPY's time; the
 * build after the load is a fraction of it. `load` gets the table's name and writes every row
 * (an INSERT ... SELECT, or a COPY on the same connection). Runs in the caller's transaction,
 * which must hold the list row (FOR KEY SHARE or stronger): the table appears with the commit,
 * whole.
 *
 * ATTACH takes a SHARE UPDATE EXCLUSIVE lock on target_list_rows, which readers and writers of
 * other lists do not wait for (only another attach or detach does), until the commit: callers
 * commit soon after.
 */
export async function loadListRows<T>(
  executor: Executor,
  listId: string,
  load: (table: string) => Promise<T>,
): Promise<T> {
  const table = listRowsTable(listId);
  await rawQuery(executor, standaloneTableSql(table, listId));
  const loaded = await load(table);
  await rawQuery(executor, keySql(table));
  await rawQuery(executor, attachSql(table, listId));
  return loaded;
}

/**
 * A list's partition, empty, keyed and attached: for writers that insert through
 * target_list_rows a batch at a time (tests).
 */
export async function createListRows(executor: Executor, listId: string): Promise<void> {
  await loadListRows(executor, listId, async () => undefined);
}

/**
 * Gives a list's rows their key if they have none yet: an upload that a launch's preparation
 * follows (E1 with a large list) leaves the build to it, after the answer. Readers of a list
 * without its key scan its rows (its table only); the engine reads them by key, after the
 * preparation. The index build locks out writers of the list's table only (none by then).
 */
export async function keyListRows(executor: Executor, listId: string): Promise<void> {
  await rawQuery(executor, keySql(listRowsTable(listId)));
}

/**
 * The columns of target_list_rows (migration 0028; ATTACH refuses a table whose columns differ).
 * Spelled out rather than `LIKE target_list_rows`, which would lock target_list_rows for the
 * whole upload, and the housekeeping's DETACH ... CONCURRENTLY waits for every holder of such a
 * lock (checked with psql: with LIKE it waited for a 3-s upload, without it did not).
 */
const COLUMNS =
  "list_id uuid NOT NULL, business_id uuid NOT NULL, row_number integer NOT NULL, phone text NOT NULL, cells text NOT NULL";

/** The CHECK lets ATTACH skip its scan of the rows: it proves they all belong to the list. */
export const standaloneTableSql = (table: string, listId: string): string =>
  `CREATE TABLE ${table} (${COLUMNS}, CHECK (list_id = ${uuidLiteral(listId)}))`;

/** A list's key: its rows by number (the engine's and the preview's reads). */
export const keySql = (table: string): string =>
  `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_key ON ${table} (row_number)`;

export const attachSql = (table: string, listId: string): string =>
  `ALTER TABLE target_list_rows ATTACH PARTITION ${table} FOR VALUES IN (${uuidLiteral(listId)})`;
