import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages, optOuts, promotionCounters, promotionRecipients } from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { resetEnv } from "@/lib/env";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchWithFile } from "@/test/promotion-uploads";

describe("opt-outs: /api/v3/optouts/{business_id} and STOP replies", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  const call = (t: TestBusiness, method: string, json?: unknown, query = "") =>
    api(`/api/v3/optouts/${t.business.id}${query}`, { method, headers: { "x-api-key": t.apiKey }, json });
  const optedOut = async (t: TestBusiness) =>
    (await db().select().from(optOuts).where(eq(optOuts.businessId, t.business.id))).map((o) => [
      o.phone,
      o.source,
    ]);

  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestBusiness(undefined, { defaultCountry: "IN" }),
      createTestBusiness(),
    ]);
  });
  afterEach(() => {
    delete process.env.PROMOTION_OPTOUT_KEYWORDS;
    resetEnv();
  });

  it("adds, lists and removes numbers; national numbers take the default country; bad ones are reported", async () => {
    const added = await call(a, "POST", { phones: ["9810000001", "+919810000002", "919810000002", "12"] });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({
      added: 2,
      invalid: [{ index: 3, phone: "12", reason: expect.any(String) }],
    });
    expect((await call(a, "POST", { phones: ["919810000001"] })).json.added).toBe(0);
    const listed = await call(a, "GET", undefined, "?size=1");
    expect(listed.json.totalItems).toBe(2);
    expect(listed.json.optOuts).toHaveLength(1);
    expect(listed.json.optOuts[0]).toMatchObject({ source: "api", createdAt: expect.any(Number) });
    const removed = await call(a, "DELETE", { phones: ["9810000002"] });
    expect(removed.json).toEqual({ removed: 1, invalid: [] });
    expect(await optedOut(a)).toEqual([["919810000001", "api"]]);
  });

  it("400 for a bad body, 401 for another business's key; businesses never see each other's list", async () => {
    expect((await call(a, "POST", { phones: [] })).status).toBe(400);
    expect((await call(a, "POST", { phones: "919810000001" })).json.error.details[0].path).toBe("phones");
    expect((await call({ ...a, apiKey: b.apiKey }, "GET")).status).toBe(401);
    expect((await call(b, "GET")).json).toEqual({ optOuts: [], totalItems: 0 });
    await call(b, "POST", { phones: ["919810000001"] });
    expect((await call(b, "DELETE", { phones: ["919810000001"] })).json.removed).toBe(1);
    expect(await optedOut(a)).toContainEqual(["919810000001", "api"]);
  });

  it("a STOP reply (any case, trimmed) or a configured keyword opts the number out; other texts do not", async () => {
    process.env.PROMOTION_OPTOUT_KEYWORDS = "arret, End";
    resetEnv();
    const ctx = systemCtx("test");
    const reply = (phone: string, text: string) =>
      simulateCustomerReply(ctx, { businessId: b.business.id, channel: "chatapp", phone, text });
    await reply("919810000011", "  stop ");
    await reply("919810000012", "Unsubscribe");
    await reply("919810000013", "ARRET");
    await reply("919810000014", "please stop sending");
    await reply("919810000015", "end");
    const phones = (await optedOut(b))
      .filter(([, s]) => s === "reply")
      .map(([p]) => p)
      .sort();
    expect(phones).toEqual(["919810000011", "919810000012", "919810000013", "919810000015"]);
  });

  it("STOP -> opt-out -> the next launch counts the number as optout and never queues it", async () => {
    const ctx = systemCtx("test");
    const c = await createTestBusiness();
    const tpl = await approvedTemplate(c.business.id);
    await simulateCustomerReply(ctx, {
      businessId: c.business.id,
      channel: "chatapp",
      phone: "919810000021",
      text: "STOP",
    });
    const csv = "phone,name,order\n919810000021,A,1\n919810000022,B,2\n";
    const res = await launchWithFile(c, "stop", csv, chatappLaunch(tpl.name, phoneOf(c)));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ accepted: 2, optout: 1 });
    const id = res.json.promotionId as string;
    const recipients = await db()
      .select()
      .from(promotionRecipients)
      .where(eq(promotionRecipients.promotionId, id));
    expect(recipients.map((r) => [r.phone, r.state]).sort()).toEqual([
      ["919810000021", "optout"],
      ["919810000022", "pending"],
    ]);
    const [counters] = await db()
      .select()
      .from(promotionCounters)
      .where(eq(promotionCounters.promotionId, id));
    expect(counters).toMatchObject({ optout: 1 });
    const sent = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.businessId, c.business.id), eq(messages.recipient, "919810000021")));
    expect(sent).toEqual([]);
  });
});
