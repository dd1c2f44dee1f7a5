import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import { createListRows, listRowsTable, standaloneTableSql } from "./list-rows-table";
import { removeAbandonedUploads } from "./remove-abandoned-uploads";
import { uploadName } from "./upload-name";

/** A list as a crashed upload leaves it: hidden name, rows, rejects, created `ageSeconds` ago. */
async function abandoned(businessId: string, name: string, ageSeconds: number): Promise<string> {
  const id = uuidv7();
  await rawQuery(
    db(),
    `INSERT INTO target_lists (id, business_id, name, columns, phone_column, created_at)
     VALUES ($1, $2, $3, '[]'::jsonb, '', now() - make_interval(secs => $4))`,
    [id, businessId, name.replace("<id>", id), ageSeconds],
  );
  await createListRows(db(), id);
  await rawQuery(
    db(),
    `INSERT INTO target_list_rows (list_id, business_id, row_number, phone, cells)
     VALUES ($1, $2, 1, '919810000001', '919810000001')`,
    [id, businessId],
  );
  await rawQuery(
    db(),
    `INSERT INTO target_list_rejects (list_id, business_id, row_number, reason) VALUES ($1, $2, 2, 'x')`,
    [id, businessId],
  );
  return id;
}

const exists = async (id: string) =>
  (await rawQuery(db(), `SELECT 1 FROM target_lists WHERE id = $1`, [id])).length === 1;
const rowsTableExists = async (id: string) =>
  (await rawQuery<{ t: string | null }>(db(), "SELECT to_regclass($1)::text AS t", [listRowsTable(id)]))[0]!
    .t !== null;

describe("abandoned list uploads", () => {
  it("removes hidden upload lists older than an hour with their rows; keeps fresh uploads and real lists", async () => {
    const t = await createTestBusiness();
    const old = await abandoned(t.business.id, uploadName("<id>"), 3700);
    const fresh = await abandoned(t.business.id, uploadName("<id>"), 60);
    const real = await abandoned(t.business.id, "customers", 86_400);
    expect(await removeAbandonedUploads(systemCtx("test"))).toBeGreaterThanOrEqual(1);
    expect(await exists(old)).toBe(false);
    expect(await exists(fresh)).toBe(true);
    expect(await exists(real)).toBe(true);
    const leftovers = await rawQuery(
      db(),
      `SELECT 1 FROM target_list_rows WHERE list_id = $1 UNION ALL SELECT 1 FROM target_list_rejects WHERE list_id = $1`,
      [old],
    );
    expect(leftovers).toHaveLength(0);
    // The rows' own table (a partition of target_list_rows) is detached and dropped.
    expect(await rowsTableExists(old)).toBe(false);
    expect(await rowsTableExists(fresh)).toBe(true);
    expect(await rowsTableExists(real)).toBe(true);
  });

  it("drops the never-attached table of a freeze in parts whose process died, once its list is gone", async () => {
    const t = await createTestBusiness();
    const id = uuidv7();
    await rawQuery(
      db(),
      `INSERT INTO target_lists (id, business_id, name, columns, phone_column, created_at)
       VALUES ($1, $2, $3, '[]'::jsonb, 'phone', now() - interval '2 hours')`,
      [id, t.business.id, uploadName(id)],
    );
    await rawQuery(db(), standaloneTableSql(listRowsTable(id), id));
    const live = uuidv7();
    await rawQuery(
      db(),
      `INSERT INTO target_lists (id, business_id, name, columns, phone_column) VALUES ($1, $2, $3, '[]'::jsonb, 'phone')`,
      [live, t.business.id, uploadName(live)],
    );
    await rawQuery(db(), standaloneTableSql(listRowsTable(live), live));
    await removeAbandonedUploads(systemCtx("test"));
    expect(await exists(id)).toBe(false);
    expect(await rowsTableExists(id)).toBe(false);
    // A freeze under way (its list younger than an hour) keeps its table.
    expect(await rowsTableExists(live)).toBe(true);
  });

  it("runs as the promotions housekeeping of the workers (wired in lib/wiring.ts)", async () => {
    const t = await createTestBusiness();
    const old = await abandoned(t.business.id, uploadName("<id>"), 7200);
    await drainAll();
    expect(await exists(old)).toBe(false);
  });
});
