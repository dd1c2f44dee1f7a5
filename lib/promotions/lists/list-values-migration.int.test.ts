import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { uuidv7 } from "@/lib/ids";
import { poolBefore } from "@/test/migrations-before";

// The migration that stores list rows' values by position (hand-written data step) keeps every
// cell of the list's columns, in their order, '' where the row's object had none.

describe("migration list_rows_positional_values", () => {
  it("turns each row's JSON object into its values in the list's column order", async () => {
    const pool = await poolBefore("_list_rows_positional_values");

    const biz = uuidv7();
    const list = uuidv7();
    await pool.query(`INSERT INTO businesses (id, name) VALUES ($1, 'm')`, [biz]);
    await pool.query(
      `INSERT INTO target_lists (id, business_id, name, columns, phone_column)
       VALUES ($1, $2, 'l', '["Mobile","Name","Order ID"]', 'Mobile')`,
      [list, biz],
    );
    await pool.query(
      `INSERT INTO target_list_rows (list_id, business_id, row_number, phone, fields) VALUES
       ($1, $2, 1, '919800000001', '{"mobile":"+91 98000 00001","name":"Asha \\"A\\"","order id":"A-1"}'),
       ($1, $2, 2, '919800000002', '{"mobile":"919800000002"}')`,
      [list, biz],
    );

    await migrate(pool);
    const { rows } = await pool.query(
      // (Stored since list_rows_by_list as one text of cells joined by U+001F.)
      "SELECT row_number, string_to_array(cells, chr(31)) AS vals FROM target_list_rows WHERE list_id = $1 ORDER BY row_number",
      [list],
    );
    expect(rows).toEqual([
      { row_number: 1, vals: ["+91 98000 00001", 'Asha "A"', "A-1"] },
      { row_number: 2, vals: ["919800000002", "", ""] },
    ]);
  });
});
