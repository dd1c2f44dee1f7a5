import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness } from "@/test/factories";
import { csvBytes } from "@/test/promotions";
import { ingestList } from "./ingest-list";

const ctx = systemCtx("test");
const [A, B, C, D] = ["919800000001", "919800000002", "919800000003", "919800000004"];
// Rows 3, 5 and 7 repeat an earlier number (7 with separators: the same number once normalised).
const CSV = `phone,name\n${A},1\n${B},2\n${A},3\n${C},4\n${B},5\n${D},6\n+91 98000 00001,7\n`;

async function outcome(dedupeInMemoryMax?: number) {
  const t = await createTestBusiness();
  const businessId = t.business.id;
  const { list } = await ingestList(ctx, {
    businessId,
    name: "dups",
    source: csvBytes(CSV),
    dedupeInMemoryMax,
  });
  const rows = await rawQuery<{ row_number: number }>(
    ctx.db,
    "SELECT row_number FROM target_list_rows WHERE list_id = $1 ORDER BY row_number",
    [list.id],
  );
  const rejects = await rawQuery<{ row_number: number; reason: string; phone: string }>(
    ctx.db,
    "SELECT row_number, reason, phone FROM target_list_rejects WHERE list_id = $1 ORDER BY row_number",
    [list.id],
  );
  return { counts: [list.rowCount, list.rejectedCount], rows: rows.map((r) => r.row_number), rejects };
}

describe("ingestList: numbers repeated in the file", () => {
  const expected = {
    counts: [4, 3],
    rows: [1, 2, 4, 6],
    rejects: [
      { row_number: 3, reason: "duplicate phone", phone: A },
      { row_number: 5, reason: "duplicate phone", phone: B },
      { row_number: 7, reason: "duplicate phone", phone: "+91 98000 00001" },
    ],
  };

  it("keeps the first row of each number and refuses the later ones as they stream", async () => {
    expect(await outcome()).toEqual(expected);
  });

  it("finds the same duplicates in SQL once the numbers outgrow the in-memory set", async () => {
    expect(await outcome(2)).toEqual(expected);
  });
});
