import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { dropDeletedListRows } from "@/lib/promotions/lists/drop-deleted-list-rows";
import { createListRows, listRowsTable } from "@/lib/promotions/lists/list-rows-table";
import { createTestBusiness } from "@/test/factories";
import { createTestPromotion, numbers } from "@/test/promotions";

// promotion_recipients and target_list_rows have no foreign key (its per-row check was the
// costliest part of an upload and a launch): statement triggers delete them with their parent
// (migration 0023_recipients_and_list_rows_without_fk). Deleting the parent, directly or by cascade, leaves none.

async function listWithRows(businessId: string, rows: number): Promise<string> {
  const id = uuidv7();
  await rawQuery(
    db(),
    `INSERT INTO target_lists (id, business_id, name, columns, phone_column) VALUES ($1, $2, $3, '[]'::jsonb, 'phone')`,
    [id, businessId, `list ${id}`],
  );
  await createListRows(db(), id);
  await rawQuery(
    db(),
    `INSERT INTO target_list_rows (list_id, business_id, row_number, phone, cells)
     SELECT $1, $2, n, '9198' || lpad(n::text, 8, '0'), '' FROM generate_series(1, $3::int) n`,
    [id, businessId, rows],
  );
  return id;
}

const count = async (sql: string, id: string) =>
  (await rawQuery<{ n: number }>(db(), `SELECT count(*)::int AS n FROM ${sql}`, [id]))[0]!.n;
const recipientsOf = (promotionId: string) =>
  count("promotion_recipients WHERE promotion_id = $1", promotionId);
const rowsOf = (listId: string) => count("target_list_rows WHERE list_id = $1", listId);

describe("children deleted with their parent (no foreign key)", () => {
  it("deleting promotions removes their recipients, and only theirs", async () => {
    const t = await createTestBusiness();
    const a = await createTestPromotion(t, { phones: numbers(3) });
    const b = await createTestPromotion(t, { phones: numbers(3), status: "Completed" });
    const c = await createTestPromotion(t, { phones: numbers(2) });
    await rawQuery(db(), "DELETE FROM promotions WHERE id = ANY($1::uuid[])", [[a.id, b.id]]);
    expect(await recipientsOf(a.id)).toBe(0);
    expect(await recipientsOf(b.id)).toBe(0);
    expect(await recipientsOf(c.id)).toBe(2);
  });

  it("deleting a list removes its rows, and only its", async () => {
    const t = await createTestBusiness();
    const gone = await listWithRows(t.business.id, 5);
    const kept = await listWithRows(t.business.id, 4);
    await rawQuery(db(), "DELETE FROM target_lists WHERE id = $1", [gone]);
    expect(await rowsOf(gone)).toBe(0);
    expect(await rowsOf(kept)).toBe(4);
  });

  it("a deleted list's rows table is emptied at once, then detached and dropped by the housekeeping", async () => {
    const t = await createTestBusiness();
    const gone = await listWithRows(t.business.id, 3);
    const kept = await listWithRows(t.business.id, 2);
    await rawQuery(db(), "DELETE FROM target_lists WHERE id = $1", [gone]);
    expect(await count(`${listRowsTable(gone)} WHERE list_id = $1`, gone)).toBe(0);
    expect(await dropDeletedListRows(db())).toBeGreaterThanOrEqual(1);
    const [table] = await rawQuery<{ t: string | null }>(db(), "SELECT to_regclass($1)::text AS t", [
      listRowsTable(gone),
    ]);
    expect(table!.t).toBeNull();
    expect(await rowsOf(kept)).toBe(2);
    expect(await dropDeletedListRows(db())).toBe(0);
  });

  it("deleting a business (promotions and lists go by cascade) leaves no recipients or list rows", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const p = await createTestPromotion(t, { phones: numbers(4) });
    const list = await listWithRows(t.business.id, 3);
    const otherP = await createTestPromotion(other, { phones: numbers(2) });
    const otherList = await listWithRows(other.business.id, 2);
    await rawQuery(db(), "DELETE FROM businesses WHERE id = $1", [t.business.id]);
    expect(await recipientsOf(p.id)).toBe(0);
    expect(await rowsOf(list)).toBe(0);
    expect(await count("promotion_recipients WHERE business_id = $1", t.business.id)).toBe(0);
    expect(await count("target_list_rows WHERE business_id = $1", t.business.id)).toBe(0);
    expect(await recipientsOf(otherP.id)).toBe(2);
    expect(await rowsOf(otherList)).toBe(2);
  });
});
