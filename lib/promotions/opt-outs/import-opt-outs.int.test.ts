import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { createTestBusiness } from "@/test/factories";
import { addOptOuts } from "./add-opt-outs";
import { importOptOuts } from "./import-opt-outs";
import { listOptOuts } from "./list-opt-outs";

const ctx = systemCtx("test");
async function* bytes(text: string) {
  // Split mid-row, as a network stream would.
  const all = new TextEncoder().encode(text);
  for (let i = 0; i < all.length; i += 7) yield all.subarray(i, i + 7);
}

describe("importOptOuts", () => {
  it("reads a phone column; counts added, already there and invalid rows with their reasons", async () => {
    const t = await createTestBusiness(undefined, { defaultCountry: "IN" });
    await addOptOuts(ctx, { businessId: t.business.id, phones: ["919810000001"], source: "api" });
    const csv =
      "name,Mobile\nAsha,919810000001\nRavi,+91 98100 00002\nX,12ab\nY,\nZ,09810000003\nZ,919810000003\n";
    const r = await importOptOuts(ctx, { businessId: t.business.id, source: bytes(csv) });
    expect(r).toMatchObject({ added: 2, already: 2, invalidCount: 2 });
    expect(r.invalid.map((i) => [i.row, i.phone])).toEqual([
      [3, "12ab"],
      [4, ""],
    ]);
    expect(r.invalid[1]!.reason).toBe("Phone is required");
    const list = await listOptOuts(ctx, t.business.id, { page: 0, size: 10 });
    expect(list.optOuts.map((o) => [o.phone, o.source]).sort()).toEqual([
      ["919810000001", "api"],
      ["919810000002", "import"],
      ["919810000003", "import"],
    ]);
    expect((await listOptOuts(ctx, t.business.id, { page: 0, size: 10, search: "0000 02" })).totalItems).toBe(
      1,
    );
  });

  it("one number per row without a header: the first line counts; another business is untouched", async () => {
    const [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const r = await importOptOuts(ctx, {
      businessId: t.business.id,
      source: bytes("919810000011\r\nnope\r\n919810000012\r\n"),
    });
    expect(r).toMatchObject({ added: 2, already: 0, invalidCount: 1, invalid: [{ row: 2, phone: "nope" }] });
    expect((await listOptOuts(ctx, other.business.id, { page: 0, size: 10 })).totalItems).toBe(0);
  });

  it("refuses a file without numbers", async () => {
    const t = await createTestBusiness();
    await expect(
      importOptOuts(ctx, { businessId: t.business.id, source: bytes("phone\n") }),
    ).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});
