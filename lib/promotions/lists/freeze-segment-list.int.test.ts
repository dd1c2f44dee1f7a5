import { describe, expect, it } from "vitest";
import { inTransaction, systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import type { ResolvedDefinition } from "@/lib/audiences/segments/check-definition";
import { createTestBusiness } from "@/test/factories";
import { freezeSegmentList } from "./freeze-segment-list";
import { listFromSegment } from "./list-from-segment";
import { listRowsTable } from "./list-rows-table";

const ctx = systemCtx("test");

/** Phones containing "7": a segment that matches some profiles on both sides of any split. */
const definition: ResolvedDefinition = {
  match: "all",
  groups: [
    {
      match: "all",
      conditions: [{ kind: "field", field: "phone", type: "text", op: "contains", value: "7" }],
    },
  ],
};

async function businessWithProfiles(n: number) {
  const t = await createTestBusiness();
  const b = t.business.id;
  await rawQuery(
    db(),
    `INSERT INTO attribute_definitions (id, business_id, key, label, type) VALUES ($2, $1, 'note', 'Note', 'text')`,
    [b, uuidv7()],
  );
  await rawQuery(
    db(),
    `INSERT INTO profiles (id, business_id, phone, country_code, name, city, age, attributes)
     SELECT gen_random_uuid(), $1, (919800000000 + i)::text, 'IN', 'Name ' || i,
            CASE WHEN i % 3 = 0 THEN NULL ELSE 'Pune' END, 18 + i % 50,
            CASE WHEN i % 4 = 0 THEN '{}'::jsonb ELSE jsonb_build_object('note', 'n' || chr(31) || i) END
     FROM generate_series(1, $2::int) i`,
    [b, n],
  );
  return b;
}

const rowsOf = (listId: string) =>
  rawQuery<{ row_number: number; phone: string; cells: string }>(
    db(),
    `SELECT row_number, phone, cells FROM ${listRowsTable(listId)} ORDER BY row_number`,
  );

/** The business's lists and the list row tables anywhere (attached or not). */
const leftovers = async (b: string) => {
  const [lists] = await rawQuery<{ n: number }>(
    db(),
    "SELECT count(*)::int AS n FROM target_lists WHERE business_id = $1",
    [b],
  );
  const [tables] = await rawQuery<{ n: number }>(
    db(),
    "SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'target_list_rows\\_%' AND relkind = 'r'",
  );
  return { lists: lists!.n, tables: tables!.n };
};

describe("freezeSegmentList: a large audience frozen in two parts on one snapshot", () => {
  it("freezes exactly the rows and dense row numbers of the one statement, both parts written", async () => {
    const b = await businessWithProfiles(400);
    const whole = await inTransaction(ctx, (tx) =>
      listFromSegment(tx, { businessId: b, definition, path: "segmentId" }),
    );
    const parts: number[] = [];
    const split = await freezeSegmentList(ctx, {
      businessId: b,
      definition,
      path: "segmentId",
      partsFrom: 0,
      onPartWritten: async (part) => void parts.push(part),
    });
    expect(parts.sort()).toEqual([0, 1]);
    const [a, s] = [await rowsOf(whole.id), await rowsOf(split.id)];
    expect(split.rowCount).toBe(whole.rowCount);
    expect(s.length).toBe(whole.rowCount);
    expect(s.map((r) => r.row_number)).toEqual(Array.from({ length: s.length }, (_, i) => i + 1));
    expect(s).toEqual(a);
    expect(split.columns).toEqual(whole.columns);
    expect(split.name.startsWith("\u0001retired ")).toBe(true);
    // Attached: read through target_list_rows as every list is.
    const [through] = await rawQuery<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM target_list_rows WHERE list_id = $1",
      [split.id],
    );
    expect(through!.n).toBe(whole.rowCount);
  });

  it("does not take a profile written while the parts run", async () => {
    const b = await businessWithProfiles(200);
    const whole = await inTransaction(ctx, (tx) =>
      listFromSegment(tx, { businessId: b, definition, path: "segmentId" }),
    );
    const split = await freezeSegmentList(ctx, {
      businessId: b,
      definition,
      path: "segmentId",
      partsFrom: 0,
      onPartWritten: async (part) => {
        if (part === 0)
          await rawQuery(
            db(),
            "INSERT INTO profiles (id, business_id, phone, country_code) VALUES ($2, $1, '917777777777', 'IN')",
            [b, uuidv7()],
          );
      },
    });
    expect(split.rowCount).toBe(whole.rowCount);
    expect((await rowsOf(split.id)).map((r) => r.phone)).not.toContain("917777777777");
  });

  it.each([0, 1] as const)("leaves no list and no table behind when part %i fails", async (failing) => {
    const b = await businessWithProfiles(200);
    const before = await leftovers(b);
    await expect(
      freezeSegmentList(ctx, {
        businessId: b,
        definition,
        path: "segmentId",
        partsFrom: 0,
        onPartWritten: async (part) => {
          if (part === failing) throw new Error(`part ${part} failed`);
        },
      }),
    ).rejects.toThrow(`part ${failing} failed`);
    expect(await leftovers(b)).toEqual(before);
  });

  it("refuses an audience that matches no subscriber, leaving nothing", async () => {
    const b = await businessWithProfiles(50);
    const before = await leftovers(b);
    const none: ResolvedDefinition = {
      match: "all",
      groups: [
        {
          match: "all",
          conditions: [{ kind: "field", field: "phone", type: "text", op: "contains", value: "x" }],
        },
      ],
    };
    await expect(
      freezeSegmentList(ctx, { businessId: b, definition: none, path: "segmentId", partsFrom: 0 }),
    ).rejects.toThrow("No subscriber matches the audience");
    expect(await leftovers(b)).toEqual(before);
  });
});
