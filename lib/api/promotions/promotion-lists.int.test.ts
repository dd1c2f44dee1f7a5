import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { targetListRejects, targetListRows, targetLists } from "@/db/schema";
import { db } from "@/lib/db/pool";
import { resetEnv } from "@/lib/env";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { uploadList } from "@/test/promotion-uploads";
import { LIST_CELL_SEPARATOR } from "@/lib/promotions/lists/list-cells";
import { readInternational } from "@/lib/phone/international";
import { readTypedPhone } from "@/lib/phone/typed-reading";

const rowsOf = (listId: string) =>
  db()
    .select()
    .from(targetListRows)
    .where(eq(targetListRows.listId, listId))
    .orderBy(asc(targetListRows.rowNumber));
const rejectsOf = (listId: string) =>
  db()
    .select()
    .from(targetListRejects)
    .where(eq(targetListRejects.listId, listId))
    .orderBy(asc(targetListRejects.rowNumber));

describe("POST /api/v2/promotion/{business_id}/list (target list upload)", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestBusiness(),
      createTestBusiness(undefined, { defaultCountry: "IN" }),
    ]);
  });
  afterEach(() => {
    delete process.env.PROMOTION_LIST_MAX_BYTES;
    resetEnv();
  });

  it("stores a BOM, semicolon, CRLF file with quoted newlines; columns keyed lower-case", async () => {
    const csv =
      '\ufeffPhone;Name;City\r\n919810000001;"Asha\r\nK";Pune\r\n+91 98100 00002;Ravi;"Delhi; NCR"\r\n';
    const res = await uploadList(a, "bom", csv);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "bom",
      columns: ["Phone", "Name", "City"],
      phoneColumn: "Phone",
      rowCount: 2,
      rejectedCount: 0,
    });
    const rows = await rowsOf(res.json.id);
    expect(rows.map((r) => [r.rowNumber, r.phone, r.cells.split(LIST_CELL_SEPARATOR)])).toEqual([
      [1, "919810000001", ["919810000001", "Asha\r\nK", "Pune"]],
      [2, "919810000002", ["+91 98100 00002", "Ravi", "Delhi; NCR"]],
    ]);
  });

  it("stores every cell as uploaded: quotes, backslashes, tabs, braces, commas, NULL, empty", async () => {
    const cells = ['say "hi"', "C:\\dir\\n", "a\tb", "{x,y}", "NULL", "", " spaced ", "\\N", "é ☎"];
    const quoted = cells.map((c) => `"${c.replace(/"/g, '""')}"`);
    const header = ["phone", ...cells.map((_, i) => `c${i}`)].join(",");
    const res = await uploadList(a, "awkward", `${header}\n919810000001,${quoted.join(",")}\n`);
    expect(res.status).toBe(200);
    const [row] = await rowsOf(res.json.id);
    expect(row!.cells.split(LIST_CELL_SEPARATOR)).toEqual(["919810000001", ...cells]);
  });

  it("refuses a row whose cell holds U+001F (the stored cells' separator), keeps the rest", async () => {
    const csv = "phone,name\n919810000001,A\u001fB\n919810000002,C\u001f\n919810000003,D\n";
    const res = await uploadList(a, "controls", csv);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ rowCount: 1, rejectedCount: 2 });
    expect(res.json.rejectedRows).toEqual([
      { rowNumber: 1, reason: "unstorable character (U+001F) in column 'name'" },
      { rowNumber: 2, reason: "unstorable character (U+001F) in column 'name'" },
    ]);
    expect((await rowsOf(res.json.id)).map((r) => [r.rowNumber, r.cells])).toEqual([
      [3, "919810000003\u001fD"],
    ]);
  });

  it("rejects bad rows with their number and reason, never the file", async () => {
    const csv = "mobile,name\n919810000001,A\n12,B\n919810000001,C\n\n919810000003,D\n";
    const res = await uploadList(a, "rejects", csv);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ phoneColumn: "mobile", rowCount: 2, rejectedCount: 2 });
    expect(res.json.rejectedRows).toEqual([
      { rowNumber: 2, reason: expect.stringMatching(/^invalid phone/) },
      { rowNumber: 3, reason: "duplicate phone" },
    ]);
    expect((await rejectsOf(res.json.id)).map((r) => [r.rowNumber, r.reason.split(":")[0], r.phone])).toEqual(
      [
        [2, "invalid phone", "12"],
        [3, "duplicate phone", "919810000001"],
      ],
    );
    // The blank line keeps its number: the last row is the file's fifth data line.
    expect((await rowsOf(res.json.id)).map((r) => r.rowNumber)).toEqual([1, 5]);
  });

  it("a mixed file gets the same rows and reasons as the full parse with a first-wins set", async () => {
    // Plain E.164 (fast path), typed forms, national numbers, shared calling codes, invalid
    // numbers, and duplicates across forms: compared with the reference checks, row by row.
    const cells = [
      "919810000001",
      "+91 98100 00001",
      "09810000002",
      "9810000002",
      "4915123456789",
      "+49 151 23456789",
      "14155550100",
      "+1 415 555 0100",
      "447911123456",
      "919810000001",
      "12",
      "abc",
      "0919810000003",
      "91981000000",
      "9198100000012",
      "33612345678",
      "(0) 98100 00004",
      "919810000004",
      "6581234567",
      "",
      "  919810000005 ",
      "919810000005",
      "8613800138000",
      "+86 138 0013 8000",
      "971501234567",
    ];
    for (let i = 0; i < 200; i++) cells.push(String(910000000000 + i * 7_919_113));
    const csv = `phone,n\n${cells.map((c, i) => `${c},${i}`).join("\n")}\n`;
    const res = await uploadList(b, "mixed", csv);
    expect(res.status).toBe(200);
    const seen = new Set<string>();
    const expectedRows: Array<[number, string]> = [];
    const expectedRejects: Array<[number, string]> = [];
    cells.forEach((raw, i) => {
      let e164 = readInternational(raw);
      if (e164 === undefined) {
        const typed = readTypedPhone(raw, "IN");
        if (!typed.ok) return void expectedRejects.push([i + 1, `invalid phone: ${typed.reason}`]);
        e164 = typed.e164;
      }
      if (seen.has(e164)) return void expectedRejects.push([i + 1, "duplicate phone"]);
      seen.add(e164);
      expectedRows.push([i + 1, e164]);
    });
    expect((await rowsOf(res.json.id)).map((r) => [r.rowNumber, r.phone])).toEqual(expectedRows);
    expect((await rejectsOf(res.json.id)).map((r) => [r.rowNumber, r.reason])).toEqual(expectedRejects);
    expect(res.json).toMatchObject({ rowCount: expectedRows.length, rejectedCount: expectedRejects.length });
    expect(expectedRows.length).toBeGreaterThan(50);
    expect(expectedRejects.length).toBeGreaterThan(5);
  });

  it("reads national numbers with the business's default country; MSISDN and NUMBER aliases", async () => {
    const res = await uploadList(b, "national", "NUMBER\n09810000001\n9810000002\n");
    expect(res.json).toMatchObject({ rowCount: 2, phoneColumn: "NUMBER" });
    expect((await rowsOf(res.json.id)).map((r) => r.phone)).toEqual(["919810000001", "919810000002"]);
    const msisdn = await uploadList(b, "msisdn", "MsIsDn,x\n919810000009,1\n");
    expect(msisdn.json.phoneColumn).toBe("MsIsDn");
  });

  it("accepts a one-column file and refuses a huge row alone", async () => {
    const huge = "x".repeat(70_000);
    const res = await uploadList(
      a,
      "one",
      `phone,note\n919810000001,ok\n919810000002,${huge}\n919810000003,ok\n`,
    );
    expect(res.json).toMatchObject({ rowCount: 2, rejectedCount: 1 });
    expect(res.json.rejectedRows[0]).toEqual({
      rowNumber: 2,
      reason: expect.stringMatching(/^row too long/),
    });
    const one = await uploadList(a, "one-col", "phone\n919810000001\n919810000002\n");
    expect(one.json).toMatchObject({ columns: ["phone"], rowCount: 2 });
  });

  it("re-uploading a name replaces its rows in one step", async () => {
    const first = await uploadList(a, "weekly", "phone\n919810000001\n919810000002\n");
    const second = await uploadList(a, "weekly", "phone,name\n919810000009,Z\n");
    expect(second.status).toBe(200);
    const lists = await db()
      .select()
      .from(targetLists)
      .where(and(eq(targetLists.businessId, a.business.id), eq(targetLists.name, "weekly")));
    expect(lists.map((l) => l.id)).toEqual([second.json.id]);
    expect(await rowsOf(first.json.id)).toEqual([]);
    expect((await rowsOf(second.json.id)).map((r) => r.phone)).toEqual(["919810000009"]);
  });

  it("400 for a file that is not CSV, has no phone column, or no valid row; the old list stays", async () => {
    await uploadList(a, "keep", "phone\n919810000001\n");
    const binary = await uploadList(a, "keep", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]));
    expect(binary.status).toBe(400);
    expect(binary.json.error.details[0]).toMatchObject({ path: "file" });
    const noPhone = await uploadList(a, "keep", "name,city\nAsha,Pune\n");
    expect(noPhone.status).toBe(400);
    expect(noPhone.json.error.message).toMatch(/no phone column/);
    const none = await uploadList(a, "keep", "phone\n123\nabc\n");
    expect(none.status).toBe(400);
    expect(none.json.error.message).toMatch(/no valid row/);
    const empty = await uploadList(a, "keep", "");
    expect(empty.status).toBe(400);
    const [kept] = await db()
      .select()
      .from(targetLists)
      .where(and(eq(targetLists.businessId, a.business.id), eq(targetLists.name, "keep")));
    expect(kept?.rowCount).toBe(1);
    // Failed uploads leave no hidden list behind.
    const all = await db().select().from(targetLists).where(eq(targetLists.businessId, a.business.id));
    expect(all.filter((l) => l.name.startsWith("\u0001"))).toEqual([]);
  });

  it("413 over PROMOTION_LIST_MAX_BYTES, counted while streaming", async () => {
    process.env.PROMOTION_LIST_MAX_BYTES = "100";
    resetEnv();
    const csv = `phone\n${Array.from({ length: 30 }, (_, i) => `9198100000${String(i).padStart(2, "0")}`).join("\n")}\n`;
    const res = await uploadList(a, "big", csv);
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
  });

  it("400 without a name or a file; 401 with another business's key", async () => {
    const noName = await uploadList(a, "", "phone\n919810000001\n");
    expect(noName.status).toBe(400);
    expect(noName.json.error.details[0].path).toBe("name");
    const other = await uploadList({ ...a, apiKey: b.apiKey }, "x", "phone\n919810000001\n");
    expect(other.status).toBe(401);
  });
});
