import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { chatappLaunch, launchOnList, uploadList } from "@/test/promotion-uploads";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { createTestPromotion, finalStatus, numbers, runUntil } from "@/test/promotions";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";

const DAY = 86_400_000;

describe("conversions: POST /api/v3/conversions/{business_id} and a campaign's earnings", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let p: string; // sent now, 7-day window
  let old: string; // sent 8 days ago, 7-day window
  const [p1, p2, p3] = numbers(3, "0002");
  const [o1] = numbers(1, "0002", 50);
  const post = (t: TestBusiness, json: unknown, businessId = t.business.id) =>
    api(`/api/v3/conversions/${businessId}`, { headers: { "x-api-key": t.apiKey }, json });
  const earnings = (t: TestBusiness, id: string, businessId = t.business.id) =>
    api(`/api/v3/conversions/${businessId}/campaigns/${id}`, { headers: { "x-api-key": t.apiKey } });

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    p = (await createTestPromotion(a, { phones: [p1!, p2!, p3!] })).id;
    old = (await createTestPromotion(a, { phones: [o1!] })).id;
    await runUntil(async () => (await finalStatus(p)()) && (await finalStatus(old)()));
    await rawQuery(db(), `UPDATE promotions SET attribution_window = 168 WHERE id = ANY($1)`, [[p, old]]);
    await rawQuery(
      db(),
      `UPDATE promotion_sends SET created_at = now() - interval '8 days' WHERE promotion_id = $1`,
      [old],
    );
  }, 120_000);

  it("attributes a purchase to the campaign message the number received within the window (201)", async () => {
    const res = await post(a, {
      eventId: "order-1",
      event: "purchase",
      phone: `+${p1}`,
      value: 100,
      currency: "INR",
    });
    expect(res.status).toBe(201);
    expect(res.json.conversion).toMatchObject({
      eventId: "order-1",
      event: "purchase",
      phone: p1,
      value: 100,
      currency: "INR",
      attribution: "last_touch",
      campaignId: p,
    });
    expect(res.json.conversion.messageId).toEqual(expect.any(String));
  });

  it("is idempotent by eventId: the same id again answers the stored conversion (200), the first report wins", async () => {
    const first = await post(a, {
      eventId: "order-2",
      event: "purchase",
      phone: p2,
      value: 50,
      currency: "INR",
    });
    const again = await post(a, {
      eventId: "order-2",
      event: "purchase",
      phone: p2,
      value: 9999,
      currency: "USD",
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json.conversion).toEqual(first.json.conversion);
    const both = await Promise.all(
      [1, 2].map(() => post(a, { eventId: "order-race", event: "signup", phone: p3 })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.json.conversion.id).toBe(both[1]!.json.conversion.id);
  });

  it("keeps a conversion outside every window unattributed, and one before the message was sent", async () => {
    const late = await post(a, { eventId: "late", event: "purchase", phone: o1, value: 10, currency: "INR" });
    expect(late.status).toBe(201);
    expect(late.json.conversion).toMatchObject({ attribution: "none", campaignId: null, messageId: null });
    const before = await post(a, {
      eventId: "before",
      event: "purchase",
      phone: p1,
      occurredAt: Date.now() - 3 * DAY,
    });
    expect(before.json.conversion).toMatchObject({ attribution: "none", campaignId: null });
    const noSend = await post(a, { eventId: "stranger", event: "purchase", phone: "919811112222" });
    expect(noSend.json.conversion).toMatchObject({ attribution: "none", phone: "919811112222" });
  });

  it("finds the number of a subscriber id from the campaign's list", async () => {
    const res = await post(a, {
      eventId: "sub",
      event: "purchase",
      subscriberId: "sub-2",
      value: 5.5,
      currency: "USD",
    });
    expect(res.status).toBe(201);
    expect(res.json.conversion).toMatchObject({ phone: p3, subscriberId: "sub-2", campaignId: p });
    const unknown = await post(a, {
      eventId: "nobody",
      event: "purchase",
      subscriberId: "no-such-subscriber",
    });
    expect(unknown.json.conversion).toMatchObject({ phone: null, attribution: "none" });
  });

  it("reports what the campaign earned: conversions, converters, rate and revenue per currency", async () => {
    const res = await earnings(a, p);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      campaignId: p,
      attributionWindowHours: 168,
      messagesSent: 3,
      conversions: 4, // order-1, order-2, order-race (p3), sub (p3)
      converters: 3,
      conversionRate: 1,
      revenue: [
        { currency: "INR", value: 150, perMessageSent: 50 },
        { currency: "USD", value: 5.5, perMessageSent: 5.5 / 3 },
      ],
    });
    const none = await earnings(a, old);
    expect(none.json).toMatchObject({
      messagesSent: 1,
      conversions: 0,
      converters: 0,
      conversionRate: 0,
      revenue: [],
    });
  });

  it.each([
    [{ event: "purchase", phone: "919811112222" }, "eventId"],
    [{ eventId: "x", event: "purchase" }, "phone or subscriberId"],
    [{ eventId: "x", event: "purchase", phone: "919811112222", value: 10 }, "currency"],
    [{ eventId: "x", event: "purchase", phone: "919811112222", value: 1, currency: "inr" }, "ISO 4217"],
    [{ eventId: "x", event: "purchase", phone: "919811112222", occurredAt: Date.now() + DAY }, "future"],
    [
      { eventId: "x", event: "purchase", phone: "919811112222", occurredAt: Date.now() - 500 * DAY },
      "400 days",
    ],
    [{ eventId: "x", event: "purchase", phone: "12" }, "phone"],
    [{ eventId: "x", event: "purchase", phone: "919811112222", shop: 1 }, "shop"],
  ])("refuses %j with 400 naming %s", async (body, named) => {
    const res = await post(a, body);
    expect(res.status).toBe(400);
    expect(res.text).toContain(named);
  });

  it("keeps businesses apart: another key cannot post or read here, and its conversions never take our campaign", async () => {
    expect((await post(b, { eventId: "b1", event: "purchase", phone: p1 }, a.business.id)).status).toBe(401);
    expect((await earnings(b, p, a.business.id)).status).toBe(401);
    expect((await earnings(b, p)).status).toBe(404);
    expect((await earnings(a, "not-a-uuid")).status).toBe(404);
    const own = await post(b, { eventId: "order-1", event: "purchase", phone: p1 });
    expect(own.status).toBe(201);
    expect(own.json.conversion).toMatchObject({ attribution: "none", campaignId: null });
  });

  it("E1 without attributionWindow gives a campaign the 7-day window", async () => {
    const tpl = await approvedTemplate(a.business.id);
    await uploadList(a, "conv", `phone,name,order\n${numbers(1, "0002", 70)[0]},A,1\n`);
    const res = await launchOnList(a, "conv", {
      ...chatappLaunch(tpl.name, phoneOf(a)),
      name: "default window",
    });
    expect(res.status).toBe(200);
    expect((await earnings(a, res.json.promotionId)).json.attributionWindowHours).toBe(168);
  });
});
