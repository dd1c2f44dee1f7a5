import { describe, expect, it } from "vitest";
import { inTransaction, systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness } from "@/test/factories";
import { listFromSegment } from "./list-from-segment";
import { listRowsTable } from "./list-rows-table";

const ctx = systemCtx("test");

describe("listFromSegment: a segment's audience frozen into list rows", () => {
  it("joins each profile's cells by U+001F, a U+001F inside a value kept as U+FFFD", async () => {
    const t = await createTestBusiness();
    const b = t.business.id;
    await rawQuery(
      db(),
      `INSERT INTO attribute_definitions (id, business_id, key, label, type) VALUES ($2, $1, 'note', 'Note', 'text')`,
      [b, uuidv7()],
    );
    await rawQuery(
      db(),
      `INSERT INTO profiles (id, business_id, phone, country_code, name, city, age, attributes) VALUES
         ($2, $1, '919800000001', 'IN', 'Asha', 'Pune', 30, '{"note": "plain"}'),
         ($3, $1, '919800000002', 'IN', 'A' || chr(31) || 'B', NULL, NULL, jsonb_build_object('note', 'x' || chr(31) || 'y')),
         ($4, $1, '919800000003', 'IN', 'Ravi', 'Delhi', NULL, '{}')`,
      [b, uuidv7(), uuidv7(), uuidv7()],
    );
    const list = await inTransaction(ctx, (tx) =>
      listFromSegment(tx, {
        businessId: b,
        definition: {
          match: "all",
          groups: [
            {
              match: "all",
              conditions: [{ kind: "field", field: "phone", type: "text", op: "contains", value: "9198" }],
            },
          ],
        },
        path: "segmentId",
      }),
    );
    expect(list.columns).toEqual([
      "phone",
      "name",
      "city",
      "gender",
      "age",
      "dob",
      "countryCode",
      "businessSubscriberId",
      "note",
    ]);
    const rows = await rawQuery<{ row_number: number; cells: string[] }>(
      db(),
      `SELECT row_number, string_to_array(cells, chr(31)) AS cells FROM ${listRowsTable(list.id)} ORDER BY row_number`,
    );
    expect(rows.map((r) => r.cells)).toEqual([
      ["919800000001", "Asha", "Pune", "", "30", "", "IN", "", "plain"],
      ["919800000002", "A\uFFFDB", "", "", "", "", "IN", "", "x\uFFFDy"],
      ["919800000003", "Ravi", "Delhi", "", "", "", "IN", "", ""],
    ]);
  });
});
