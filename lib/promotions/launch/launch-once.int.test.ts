import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness } from "@/test/factories";
import { csvBytes, launchReady } from "@/test/promotions";
import { ingestList } from "../lists/ingest-list";
import { launchOnce } from "./launch-once";

const ctx = systemCtx("test");

describe("launchOnce (the wizard's Launch)", () => {
  it("launches once per key: a double click answers the same promotion", async () => {
    const { businessId, body } = await launchReady({
      listName: "twice",
      csv: "phone,name,order\n919800000001,Asha,A-1\n919800000002,Ravi,A-2\n",
      name: "Double click",
      variables: ["${name}", "${order}"],
    });
    const input = { businessId, listName: "twice", body, idempotencyKey: "wizard-key-1" };
    const [a, b] = await Promise.all([launchOnce(ctx, input), launchOnce(ctx, input)]);
    expect(a.promotionId).toBe(b.promotionId);
    expect(a.accepted).toBe(2);
    const again = await launchOnce(ctx, input);
    expect(again.promotionId).toBe(a.promotionId);
    const rows = await rawQuery(ctx.db, "SELECT id FROM promotions WHERE business_id = $1", [businessId]);
    expect(rows).toHaveLength(1);

    // Another launch under the same key is refused; a new key launches again.
    await expect(launchOnce(ctx, { ...input, body: { ...body, name: "Other" } })).rejects.toMatchObject({
      code: "unprocessable",
    });
    const second = await launchOnce(ctx, { ...input, idempotencyKey: "wizard-key-2" });
    expect(second.promotionId).not.toBe(a.promotionId);
  });

  it("keeps a refusal as the key's answer, with the field paths", async () => {
    const t = await createTestBusiness();
    const businessId = t.business.id;
    await ingestList(ctx, { businessId, name: "l", source: csvBytes("phone\n919800000001\n") });
    const input = {
      businessId,
      listName: "l",
      body: { name: "No sender", channelType: "chatapp", template: { name: "x", language: "en_US" } },
      idempotencyKey: "wizard-refused",
    };
    const refusal = { code: "invalid_request", details: [{ path: "phoneNumberId" }] };
    await expect(launchOnce(ctx, input)).rejects.toMatchObject(refusal);
    await expect(launchOnce(ctx, input)).rejects.toMatchObject(refusal);
    await expect(launchOnce(ctx, { ...input, idempotencyKey: "bad key\n" })).rejects.toMatchObject({
      details: [{ path: "idempotencyKey" }],
    });
  });
});
