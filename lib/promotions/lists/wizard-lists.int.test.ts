import { describe, expect, it } from "vitest";
import { profiles } from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness } from "@/test/factories";
import { addOptOuts } from "../opt-outs/add-opt-outs";
import { ingestList } from "./ingest-list";
import { createListFromProfiles } from "./list-from-profiles";
import { listDryRun } from "./list-dry-run";
import { previewList } from "./preview-list";
import { streamListRejects } from "./stream-list-rejects";

const ctx = systemCtx("test");

async function* bytes(text: string) {
  yield new TextEncoder().encode(text);
}

async function collect(lines: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const l of lines) out += l;
  return out;
}

describe("the wizard's lists: dry run, rejects CSV, profiles", () => {
  it("counts valid, invalid, duplicate and opted-out rows and streams the rejects as CSV", async () => {
    const t = await createTestBusiness();
    const businessId = t.business.id;
    await addOptOuts(ctx, { businessId, phones: ["919800000003"], source: "dashboard" });
    const csv = [
      "Mobile,Name",
      "919800000001,Asha",
      "not-a-phone,Bad",
      "919800000001,Again",
      "919800000003,Opted",
      "=1+2,Formula",
      "919800000004,Ravi",
    ].join("\n");
    const { list } = await ingestList(ctx, { businessId, name: "dry", source: bytes(csv) });
    expect(await listDryRun(ctx, businessId, list.id)).toEqual({
      rows: 6,
      valid: 3,
      invalid: 2,
      duplicates: 1,
      optedOut: 1,
    });
    const text = await collect(streamListRejects(ctx, businessId, list.id));
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("row,phone,reason");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["2", "3", "5"]);
    expect(lines[2]).toBe("3,919800000001,duplicate phone");
    // The formula-looking cell is defused for spreadsheets.
    expect(lines[3]).toMatch(/^5,'=1\+2,invalid phone/);

    const preview = await previewList(ctx, businessId, "dry");
    expect(preview.list.columns).toEqual(["Mobile", "Name"]);
    expect(preview.rows[0]).toEqual({ Mobile: "919800000001", Name: "Asha" });
    expect(preview.totals.valid).toBe(3);
  });

  it("never shows another business's list or rejects", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const { list } = await ingestList(ctx, {
      businessId: a.business.id,
      name: "mine",
      source: bytes("phone\n919800000001\nbad\n"),
    });
    await expect(listDryRun(ctx, b.business.id, list.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(collect(streamListRejects(ctx, b.business.id, list.id))).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(previewList(ctx, b.business.id, "mine")).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("writes a list from the profiles filtered by city, gender and age, replacing the list of that name", async () => {
    const t = await createTestBusiness();
    const businessId = t.business.id;
    const other = await createTestBusiness();
    const row = (phone: string, city: string, gender: string, age: number, bid = businessId) => ({
      id: uuidv7(),
      businessId: bid,
      phone,
      countryCode: "91",
      name: `N${phone.slice(-2)}`,
      city,
      gender,
      age,
    });
    await db()
      .insert(profiles)
      .values([
        row("919800000011", "Pune", "female", 30),
        row("919800000012", "pune", "male", 40),
        row("919800000013", "Delhi", "female", 25),
        row("919800000014", "Pune", "Female", 55),
        row("919800000015", "Pune", "female", 30, other.business.id),
      ]);
    const all = await createListFromProfiles(ctx, { businessId, filter: { name: "people" } });
    expect(all.rowCount).toBe(4);
    const some = await createListFromProfiles(ctx, {
      businessId,
      filter: { name: "people", city: "PUNE", gender: "female", minAge: 20, maxAge: 50 },
    });
    expect(some).toMatchObject({ rowCount: 1, columns: ["phone", "name", "city", "gender", "age"] });
    const preview = await previewList(ctx, businessId, "people");
    expect(preview.list.id).toBe(some.id);
    expect(preview.rows).toEqual([
      { phone: "919800000011", name: "N11", city: "Pune", gender: "female", age: "30" },
    ]);
    await expect(
      createListFromProfiles(ctx, { businessId, filter: { name: "none", city: "Nowhere" } }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "city" }] });
    await expect(
      createListFromProfiles(ctx, { businessId, filter: { name: "x", minAge: 50, maxAge: 20 } }),
    ).rejects.toMatchObject({ details: [{ path: "maxAge" }] });
  });
});
