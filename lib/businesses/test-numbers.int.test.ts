import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { addTestNumber } from "./add-test-number";
import { removeTestNumber } from "./remove-test-number";
import { listTestNumbers, MAX_TEST_NUMBERS } from "./test-numbers";

// Test sends go to a list the business keeps, never to a number suggested
// because something was sent to it.

const ctx = systemCtx("test");

describe("test numbers", () => {
  it("adds typed numbers once (E.164 digits), removes them, and records both in the audit log", async () => {
    const { business } = await createTestBusiness();
    const businessId = business.id;
    expect(await listTestNumbers(ctx, businessId)).toEqual([]);
    expect(await addTestNumber(ctx, { businessId, number: "+91 98123 40002" })).toEqual(["919812340002"]);
    expect(await addTestNumber(ctx, { businessId, number: "919812340002" })).toEqual(["919812340002"]);
    await addTestNumber(ctx, { businessId, number: "+44 7911 123456" });
    expect(await listTestNumbers(ctx, businessId)).toEqual(["919812340002", "447911123456"]);
    expect(await removeTestNumber(ctx, { businessId, number: "+91 98123 40002" })).toEqual(["447911123456"]);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.businessId, businessId)));
    expect(
      actions
        .map((a) => a.action)
        .filter((x) => x.startsWith("business.test_number"))
        .sort(),
    ).toEqual(["business.test_number_added", "business.test_number_added", "business.test_number_removed"]);
  });

  it("refuses an invalid number and a 21st number on the number field", async () => {
    const { business } = await createTestBusiness();
    const businessId = business.id;
    await expect(addTestNumber(ctx, { businessId, number: "12345" })).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "number" }],
    });
    for (let i = 0; i < MAX_TEST_NUMBERS; i++)
      await addTestNumber(ctx, { businessId, number: `+9198123${String(40000 + i)}` });
    await expect(addTestNumber(ctx, { businessId, number: "+919812399999" })).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "number", message: expect.stringMatching(/At most 20/) }],
    });
  });

  it("is the business's own list, and a send never adds to it", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    await addTestNumber(ctx, { businessId: a.business.id, number: "+919812340002" });
    expect(await listTestNumbers(ctx, b.business.id)).toEqual([]);
    const tpl = await approvedTemplate(a.business.id);
    await sendTestMessage(ctx, a.business.id, {
      templateId: tpl.id,
      to: "+919812340077",
      values: ["Asha", "A-1"],
    });
    expect(await listTestNumbers(ctx, a.business.id)).toEqual(["919812340002"]);
  });
});
