import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "@/test/fresh-database";
import { columnsOf, fillEveryTable, rowAsText, userTables } from "@/test/fill-every-table";
import { migrationsBefore } from "@/test/migrations-before";
import { attachSql, listRowsTable, standaloneTableSql } from "@/lib/promotions/lists/list-rows-table";
import { migrate } from "./migrate";

/**
 * An upgrade from the last release's schema (the migrations it shipped: through
 * 0049_consent_ledger), with a row in every table and every column of it set, to the head: every
 * table is still there with its row, and every column it had still holds the same value. A
 * migration that drops or reshapes data on purpose says so in RESHAPED, with where the data
 * went; anything else it changes fails here before it reaches a deployment. Move
 * LAST_RELEASE_FIRST_NEW to the first migration after each release.
 */
const LAST_RELEASE_FIRST_NEW = "_segments";

/** Columns a later migration changes on purpose: table -> column -> why. */
const RESHAPED: Record<string, Record<string, string>> = {};

/** Columns a generic value cannot satisfy (a format CHECK, a trigger's rule). */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  businesses: { default_country: "IN" },
  consent_events: { source: "api" }, // only an erasure tombstone has no action
};

/** A list's rows live in a partition of their own, made when the list is (list-rows-table.ts). */
const BEFORE = {
  target_list_rows: async (pool: pg.Pool, row: Record<string, unknown>) => {
    const listId = String(row.list_id);
    await pool.query(standaloneTableSql(listRowsTable(listId), listId));
    await pool.query(attachSql(listRowsTable(listId), listId));
  },
};

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe("upgrade from the last release", () => {
  it("keeps every table's row and every column's value through the migrations since", async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const old = migrationsBefore(LAST_RELEASE_FIRST_NEW);
    cleanups.push(old.remove);
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    cleanups.push(() => pool.end());
    await migrate(pool, old.folder);

    await fillEveryTable(pool, OVERRIDES, BEFORE);
    const tables = await userTables(pool);
    expect(tables.length).toBeGreaterThan(40);
    const before = new Map<string, { columns: Map<string, string>; rows: Record<string, string | null>[] }>();
    for (const t of tables) {
      const columns = new Map((await columnsOf(pool, t)).map((c) => [c.name, c.type]));
      before.set(t, { columns, rows: await rowAsText(pool, t, [...columns.keys()]) });
      // One written, and those a trigger wrote for it (message_stats).
      expect(before.get(t)!.rows.length, t).toBeGreaterThan(0);
    }

    const head = await migrate(pool);
    expect(head.applied).toBeGreaterThan(0);

    const now = new Set(await userTables(pool));
    expect(tables.filter((t) => !now.has(t))).toEqual([]);
    for (const t of tables) {
      const was = before.get(t)!;
      const columns = new Map((await columnsOf(pool, t)).map((c) => [c.name, c.type]));
      const kept = [...was.columns.keys()].filter((c) => !RESHAPED[t]?.[c]);
      const changedType = kept.filter((c) => columns.get(c) !== was.columns.get(c));
      expect(changedType, `${t}: columns dropped or retyped`).toEqual([]);
      const pick = (r: Record<string, string | null>) => Object.fromEntries(kept.map((c) => [c, r[c]]));
      expect((await rowAsText(pool, t, kept)).map(pick), t).toEqual(was.rows.map(pick));
    }
  }, 120_000);
});
