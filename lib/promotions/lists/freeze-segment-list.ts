import type { Ctx } from "../../context";
import { inTransaction } from "../../context";
import type { Executor } from "../../db/pool";
import { isTransaction, rawQuery, transaction } from "../../db/sql";
import { conflict } from "../../errors";
import { uuidv7 } from "../../ids";
import type { ResolvedDefinition } from "../../audiences/segments/check-definition";
import { RETIRED_NAME_PREFIX } from "./drop-list";
import type { TargetList } from "./find-list";
import {
  freezeStatements,
  insertListRow,
  listFromSegment,
  noSubscriber,
  segmentListColumns,
  toTargetList,
} from "./list-from-segment";
import { attachSql, keySql, listRowsTable, standaloneTableSql } from "./list-rows-table";
import { uploadName } from "./upload-name";

/** Profiles (estimated) from which a business's audience is frozen in two parts. */
export const FREEZE_IN_PARTS_FROM = 100_000;

/**
 * The share of the profiles the first part writes: the second counts the first's matches
 * (for its row numbers) before it writes its own, so it takes fewer (a count is about a
 * quarter of a write: docs/audiences.md "Performance").
 */
const FIRST_PART_SHARE = 0.56;

/** Pages of profiles sampled to find where the parts split. */
const SAMPLED_PAGES = 256;

export type FreezeInput = {
  businessId: string;
  definition: ResolvedDefinition;
  createdBy?: string | null;
  path: string;
  /** Profiles (estimated) from which to freeze in parts (default FREEZE_IN_PARTS_FROM). */
  partsFrom?: number;
  /** Called as each part's rows are written, before it commits (tests make a part fail). */
  onPartWritten?: (part: 0 | 1) => Promise<void>;
};

/**
 * A launch's audience frozen into its hidden list, exactly the rows and row numbers
 * listFromSegment's one statement gives. A large business's is written in two parts by
 * profile id on two connections (two backends: one statement is one core's work, where E1's
 * upload parses in Node while PostgreSQL copies), as an upload's rows are:
 *
 * 1. the list under an upload's hidden name and its own table, empty, committed;
 * 2. both parts in REPEATABLE READ transactions on one snapshot (the first exports it with
 *    pg_export_snapshot, the second imports it with SET TRANSACTION SNAPSHOT), so they read
 *    one state of the profiles as the one statement would. The first writes the profiles below
 *    the split, numbered from 1; the second counts the first's matches on the same snapshot,
 *    then writes the rest numbered after them. Each commits only once both have written; the
 *    count is checked against the first part's (a condition on now() or current_date reads each
 *    transaction's own clock: a profile crossing the line between them would leave a gap);
 * 3. the key, the attach and the retired name in one transaction.
 *
 * Any failure (a part, the check, the key) drops the table and the list: nothing is left. A
 * small business's audience, or a caller already in a transaction, takes the one statement.
 */
export async function freezeSegmentList(ctx: Ctx, input: FreezeInput): Promise<TargetList> {
  const whole = () => inTransaction(ctx, (tx) => listFromSegment(tx, input));
  if (isTransaction(ctx.db)) return whole();
  const bound = await splitPoint(ctx.db, input.businessId, input.partsFrom ?? FREEZE_IN_PARTS_FROM);
  if (bound === undefined) return whole();
  const { businessId } = input;
  const id = uuidv7();
  const table = listRowsTable(id);
  const { columns, attributeKeys } = await segmentListColumns(ctx, businessId);
  await transaction(ctx.db, async (tx) => {
    await insertListRow(tx, { id, businessId, name: uploadName(id), columns, createdBy: input.createdBy });
    await rawQuery(tx, standaloneTableSql(table, id));
  });
  try {
    const statements = freezeStatements(businessId, input.definition, attributeKeys);
    const rowCount = await writeParts(ctx.db, {
      table,
      id,
      bound,
      statements,
      onPartWritten: input.onPartWritten,
    });
    if (rowCount === 0) throw noSubscriber(input.path);
    return await transaction(ctx.db, async (tx) => {
      await rawQuery(tx, keySql(table));
      await rawQuery(tx, attachSql(table, id));
      const [list] = await rawQuery<Record<string, unknown>>(
        tx,
        `UPDATE target_lists SET name = $3, row_count = $2, updated_at = now() WHERE id = $1 AND business_id = $4
         RETURNING *`,
        [id, rowCount, `${RETIRED_NAME_PREFIX}${id}`, businessId],
      );
      if (!list) throw conflict("The audience's list was removed while it was being frozen: launch again");
      return toTargetList(list);
    });
  } catch (err) {
    await removeFrozen(ctx.db, businessId, id).catch(() => undefined);
    throw err;
  }
}

/**
 * The profile id where the parts split (FIRST_PART_SHARE of the business's profiles below it),
 * from a sample of the table's pages; undefined when the business has fewer than `from`
 * profiles by the same sample.
 */
async function splitPoint(executor: Executor, businessId: string, from: number): Promise<string | undefined> {
  const [pages] = await rawQuery<{ pages: number }>(
    executor,
    "SELECT greatest(relpages, 1)::int AS pages FROM pg_class WHERE oid = 'profiles'::regclass",
  );
  const percent = Math.min(100, (100 * SAMPLED_PAGES) / (pages?.pages ?? 1));
  const [sample] = await rawQuery<{ bound: string | null; sampled: number }>(
    executor,
    `SELECT percentile_disc($2::float8) WITHIN GROUP (ORDER BY id) AS bound, count(*)::int AS sampled
     FROM profiles TABLESAMPLE SYSTEM ($3::float4) WHERE business_id = $1`,
    [businessId, FIRST_PART_SHARE, percent],
  );
  if (!sample?.bound || (sample.sampled * 100) / percent < from) return undefined;
  return sample.bound;
}

/** Both parts written on one snapshot and committed; returns the rows written. */
async function writeParts(
  executor: Executor,
  p: {
    table: string;
    id: string;
    bound: string;
    statements: ReturnType<typeof freezeStatements>;
    onPartWritten?: (part: 0 | 1) => Promise<void>;
  },
): Promise<number> {
  let firstWritten: (ok: boolean) => void = () => undefined;
  const firstDone = new Promise<boolean>((resolve) => (firstWritten = resolve));
  return transaction(executor, async (first) => {
    await rawQuery(first, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    const [exported] = await rawQuery<{ snapshot: string }>(first, "SELECT pg_export_snapshot() AS snapshot");
    const snapshot = exported!.snapshot;
    if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
    const second = transaction(executor, async (tx) => {
      await rawQuery(tx, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      await rawQuery(tx, `SET TRANSACTION SNAPSHOT '${snapshot}'`);
      const before = await p.statements.count(tx, { below: p.bound });
      const written = await p.statements.insert(tx, p.table, p.id, { from: p.bound }, before);
      await p.onPartWritten?.(1);
      // Neither part commits unless both wrote.
      if (!(await firstDone)) throw new Error("the freeze's first part failed");
      return { before, written };
    });
    second.catch(() => undefined);
    let written: number;
    try {
      written = await p.statements.insert(first, p.table, p.id, { below: p.bound });
      await p.onPartWritten?.(0);
    } catch (err) {
      firstWritten(false);
      await second.catch(() => undefined);
      throw err;
    }
    firstWritten(true);
    const rest = await second;
    if (rest.before !== written) {
      // Only a date condition read across midnight by the two parts' clocks can do this: the
      // caller gets a 409 to launch again, not a list with a gap in its row numbers.
      throw conflict(
        `The audience changed while it was being frozen (${written} rows below the split, counted ${rest.before}): launch again`,
      );
    }
    return written + rest.written;
  });
}

/** A freeze that did not finish: its table (never attached) and its list go. */
async function removeFrozen(executor: Executor, businessId: string, id: string): Promise<void> {
  await rawQuery(executor, `DROP TABLE IF EXISTS ${listRowsTable(id)}`);
  await rawQuery(executor, "DELETE FROM target_lists WHERE business_id = $1 AND id = $2", [businessId, id]);
}
