import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { uuidv7 } from "@/lib/ids";
import { poolBefore } from "@/test/migrations-before";
import { listRowsTable } from "./list-rows-table";

// Migration list_rows_by_list (hand-written): every stored list's rows move into a partition of
// their own, keyed by row_number, their text[] values joined into one text by U+001F.

describe("migration list_rows_by_list", () => {
  it("moves each list's rows into its own keyed partition, cells in order, a U+001F kept as U+FFFD", async () => {
    const pool = await poolBefore("_list_rows_by_list");
    const biz = uuidv7();
    const [a, b] = [uuidv7(), uuidv7()];
    await pool.query(`INSERT INTO businesses (id, name) VALUES ($1, 'm')`, [biz]);
    for (const list of [a, b]) {
      await pool.query(
        `INSERT INTO target_lists (id, business_id, name, columns, phone_column)
         VALUES ($1, $2, $3, '["phone","name","order"]', 'phone')`,
        [list, biz, `list ${list}`],
      );
    }
    await pool.query(
      `INSERT INTO target_list_rows (list_id, business_id, row_number, phone, vals) VALUES
       ($1, $3, 1, '919800000001', ARRAY['919800000001', 'Asha', 'A-1']),
       ($1, $3, 2, '919800000002', ARRAY['919800000002', '', 'x' || chr(31) || 'y']),
       ($2, $3, 1, '919800000003', ARRAY['919800000003', 'Ravi', ''])`,
      [a, b, biz],
    );

    await migrate(pool);
    const { rows } = await pool.query(
      "SELECT list_id, row_number, phone, cells FROM target_list_rows ORDER BY list_id, row_number",
    );
    expect(rows).toEqual([
      { list_id: a, row_number: 1, phone: "919800000001", cells: "919800000001\u001fAsha\u001fA-1" },
      { list_id: a, row_number: 2, phone: "919800000002", cells: "919800000002\u001f\u001fx\ufffdy" },
      { list_id: b, row_number: 1, phone: "919800000003", cells: "919800000003\u001fRavi\u001f" },
    ]);
    // One attached partition per list, with its key (a unique index on row_number).
    const { rows: parts } = await pool.query(
      `SELECT c.relname AS name, (SELECT count(*)::int FROM pg_index x WHERE x.indrelid = c.oid AND x.indisunique) AS keys
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'target_list_rows'::regclass ORDER BY 1`,
    );
    expect(parts).toEqual(
      [a, b].map((id) => ({ name: listRowsTable(id), keys: 1 })).sort((x, y) => x.name.localeCompare(y.name)),
    );
    await expect(
      pool.query(
        `INSERT INTO target_list_rows (list_id, business_id, row_number, phone, cells) VALUES ($1, $2, 1, '9198', '')`,
        [a, biz],
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});
