import type { Executor } from "../../db/pool";
import { rawQuery } from "../../db/sql";

/**
 * Housekeeping: detaches and drops the row tables (partitions of target_list_rows:
 * list-rows-table.ts) of lists that no longer exist. The delete trigger only empties them: a
 * DROP there would take an exclusive lock on target_list_rows and wait for (and hold up) every
 * reader of every list. DETACH ... CONCURRENTLY lets them run (it cannot run in a transaction
 * block: `executor` is the pool); one interrupted half-way (pending) is finished first.
 * A list's table that was never attached (a freeze in parts whose process died before its
 * attach: freeze-segment-list.ts) is dropped once its list is gone: DROP locks that table only.
 * Returns how many tables went.
 */
export async function dropDeletedListRows(executor: Executor): Promise<number> {
  const orphans = await rawQuery<{ name: string; pending: boolean }>(
    executor,
    `SELECT c.relname AS name, i.inhdetachpending AS pending
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'target_list_rows'::regclass
       AND NOT EXISTS (SELECT 1 FROM target_lists l WHERE list_rows_table(l.id) = c.relname
                         AND l.id = substr(c.relname, 18)::uuid)`,
  );
  for (const { name, pending } of orphans) {
    await rawQuery(
      executor,
      `ALTER TABLE target_list_rows DETACH PARTITION ${quoteIdent(name)} ${pending ? "FINALIZE" : "CONCURRENTLY"}`,
    );
    await rawQuery(executor, `DROP TABLE ${quoteIdent(name)}`);
  }
  const unattached = await rawQuery<{ name: string }>(
    executor,
    `SELECT c.relname AS name FROM pg_class c
     WHERE c.relkind = 'r' AND NOT c.relispartition AND c.relnamespace = current_schema()::regnamespace
       AND c.relname ~ '^target_list_rows_[0-9a-f]{32}$'
       AND NOT EXISTS (SELECT 1 FROM target_lists l WHERE l.id = substr(c.relname, 18)::uuid)`,
  );
  for (const { name } of unattached) await rawQuery(executor, `DROP TABLE IF EXISTS ${quoteIdent(name)}`);
  return orphans.length + unattached.length;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
