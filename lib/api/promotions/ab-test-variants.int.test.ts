import { beforeAll, describe, expect, it } from "vitest";
import { promotions } from "@/db/schema";
import type { StoredAbTest } from "@/db/schema/ab-test";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { twoProportionInterval } from "@/lib/promotions/ab/two-proportion-interval";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { createTestPromotion } from "@/test/promotions";
import { recountArmCounters } from "@/test/recount-arm-counters";

type Recipient = { arm: number; state: string; interacted?: boolean };
const HOUR = 3_600_000;

/** A launched A/B campaign written row by row: its recipients as given, started an hour ago. */
async function abCampaign(t: TestBusiness, holdoutPercent: number, recipients: Recipient[]) {
  const tpl = await approvedTemplate(t.business.id);
  const id = uuidv7();
  const variant = (name: string, arm: number) => ({
    name,
    arm,
    templateId: tpl.id,
    templateName: tpl.name,
    language: "en_US",
    category: "UTILITY",
    components: [],
  });
  const abTest: StoredAbTest = { variants: [variant("A", 1), variant("B", 2)], holdoutPercent, seed: "42" };
  await db()
    .insert(promotions)
    .values({
      id,
      businessId: t.business.id,
      kind: "promotion",
      name: "ab",
      channelType: "chatapp",
      status: "Completed",
      phoneNumberId: phoneOf(t),
      templateId: tpl.id,
      template: { name: tpl.name, id: tpl.id, language: "en_US", components: [] },
      attributionWindow: 24,
      startTime: new Date(Date.now() - HOUR),
      abTest,
    });
  const phones = recipients.map(
    (_, i) => `9198${String(i).padStart(4, "0")}${String(holdoutPercent).padStart(4, "0")}`,
  );
  await rawQuery(
    db(),
    `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, arm, state, interacted, message_id)
     SELECT $1, v.seq, $2, v.phone, v.arm, v.state, v.interacted, CASE WHEN v.arm > 0 THEN gen_random_uuid() END
     FROM unnest($3::bigint[], $4::text[], $5::smallint[], $6::text[], $7::boolean[]) AS v(seq, phone, arm, state, interacted)`,
    [
      id,
      t.business.id,
      recipients.map((_, i) => i + 1),
      phones,
      recipients.map((r) => r.arm),
      recipients.map((r) => r.state),
      recipients.map((r) => r.interacted ?? false),
    ],
  );
  return { id, phones };
}

/** `n` recipients of an arm: the first `read` read, the next `delivered` delivered, the rest failed. */
const arm = (
  n: number,
  a: number,
  o: { read?: number; delivered?: number; replied?: number } = {},
): Recipient[] =>
  Array.from({ length: n }, (_, i) => ({
    arm: a,
    state:
      a === 0
        ? "holdout"
        : i < (o.read ?? 0)
          ? "read"
          : i < (o.read ?? 0) + (o.delivered ?? 0)
            ? "delivered"
            : "failed",
    interacted: i < (o.replied ?? 0),
  }));

const variants = (t: TestBusiness, promotionId: string, key = t.apiKey) =>
  api(`/api/v3/promotion/${t.business.id}/${promotionId}/variants`, { headers: { "x-api-key": key } });

describe("GET /api/v3/promotion/{business_id}/{promotion_id}/variants", () => {
  let t: TestBusiness;
  let other: TestBusiness;
  let id: string;
  let phones: string[];
  // holdout 0..149, A 150..349, B 350..549
  const at = { holdout: 0, A: 150, B: 350 };
  beforeAll(async () => {
    [t, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    ({ id, phones } = await abCampaign(t, 10, [
      ...arm(150, 0),
      ...arm(200, 1, { read: 100, delivered: 80, replied: 30 }),
      ...arm(200, 2, { read: 150, delivered: 40, replied: 40 }),
    ]));
    const biz = t.business.id;
    const click = (phone: string, agent = "human") =>
      rawQuery(
        db(),
        `INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, clicked_at, agent_class)
         VALUES ($1, $2, 'code', $3, $4, now(), $5)`,
        [uuidv7(), biz, id, phone, agent],
      );
    // Clicks: 25 of A (the first one twice), 40 of B; previews are no clicks.
    for (let i = 0; i < 25; i++) await click(phones[at.A + i]!);
    await click(phones[at.A]!);
    for (let i = 25; i < 30; i++) await click(phones[at.A + i]!, "preview");
    for (let i = 0; i < 40; i++) await click(phones[at.B + i]!);
    const convert = (phone: string, o: { promotionId?: string | null; value?: number; at?: Date } = {}) =>
      rawQuery(
        db(),
        `INSERT INTO conversions (id, business_id, event_id, event_name, phone, value, currency, occurred_at, promotion_id, attribution)
         VALUES ($1, $2, $7, 'purchase', $3, $4, 'INR', $5, $6, CASE WHEN $6::uuid IS NULL THEN 'none' ELSE 'last_touch' END)`,
        [
          uuidv7(),
          biz,
          phone,
          o.value ?? 100,
          o.at ?? new Date(),
          o.promotionId === undefined ? id : o.promotionId,
          uuidv7(),
        ],
      );
    // A: 10 converters (the first twice); B: 20 converters.
    for (let i = 0; i < 10; i++) await convert(phones[at.A + i]!);
    await convert(phones[at.A]!, { value: 50 });
    for (let i = 0; i < 20; i++) await convert(phones[at.B + i]!, { value: 200 });
    // The holdout: 3 unattributed conversions in the campaign's window, one attributed to another
    // campaign in it (counted: it converted), one before the campaign started (not counted).
    for (let i = 0; i < 3; i++) await convert(phones[at.holdout + i]!, { promotionId: null });
    const elsewhere = await createTestPromotion(t, { phones: [], status: "Completed" });
    await convert(phones[at.holdout + 3]!, { promotionId: elsewhere.id });
    await convert(phones[at.holdout + 4]!, { promotionId: null, at: new Date(Date.now() - 2 * HOUR) });
    // Written row by row: their counters recounted as an upgraded install's are.
    await recountArmCounters();
  });

  it("each arm's numbers against the rows written", async () => {
    const res = await variants(t, id);
    expect(res.status).toBe(200);
    const body = res.json as { arms: Array<Record<string, unknown>>; holdoutPercent: number; seed: string };
    expect(body).toMatchObject({ promotionId: id, holdoutPercent: 10, seed: "42" });
    const rate = (count: number, n: number) => ({ count, rate: count / n });
    expect(body.arms).toEqual([
      {
        arm: 0,
        name: "holdout",
        template: null,
        recipients: 150,
        delivered: rate(0, 150),
        read: rate(0, 150),
        replied: rate(0, 150),
        clicked: rate(0, 150),
        clicks: 0,
        converted: rate(4, 150),
        conversions: 4,
        revenue: [{ currency: "INR", value: 400 }],
      },
      expect.objectContaining({
        arm: 1,
        name: "A",
        recipients: 200,
        delivered: rate(180, 200),
        read: rate(100, 200),
        replied: rate(30, 200),
        clicked: rate(25, 200),
        clicks: 26,
        converted: rate(10, 200),
        conversions: 11,
        revenue: [{ currency: "INR", value: 1050 }],
      }),
      expect.objectContaining({
        arm: 2,
        name: "B",
        recipients: 200,
        delivered: rate(190, 200),
        read: rate(150, 200),
        replied: rate(40, 200),
        clicked: rate(40, 200),
        converted: rate(20, 200),
        conversions: 20,
        revenue: [{ currency: "INR", value: 4000 }],
      }),
    ]);
  });

  it("each variant's conversion lift over the holdout, with its 95% interval and verdict", async () => {
    const res = await variants(t, id);
    const lifts = (res.json as { lifts: Array<Record<string, unknown>> }).lifts;
    const ci = twoProportionInterval({ events: 20, n: 200 }, { events: 4, n: 150 })!;
    expect(lifts).toHaveLength(2);
    expect(lifts[1]).toMatchObject({
      variant: "B",
      against: "holdout",
      metric: "conversion",
      enoughData: true,
      significant: true,
    });
    expect(lifts[1]!.points).toBeCloseTo(ci.difference * 100, 10);
    expect(lifts[1]!.low).toBeCloseTo(ci.low * 100, 10);
    expect(lifts[1]!.high).toBeCloseTo(ci.high * 100, 10);
    // 10% - 2.67% = +7.3 points; SE sqrt(.1*.9/200 + .0267*.9733/150) = 2.50 points, margin 4.89.
    expect(lifts[1]!.verdict).toBe(
      "variant B: +7.3 points of conversion vs the holdout, 95% CI +2.4 to +12.2: better",
    );
    expect(lifts[0]).toMatchObject({
      variant: "A",
      against: "holdout",
      enoughData: true,
      significant: false,
    });
    expect(lifts[0]!.verdict).toMatch(
      /^variant A: \+2\.3 points of conversion vs the holdout, 95% CI .*: no clear difference$/,
    );
  });

  it("without a holdout the variants are compared with the first; too few recipients: not enough data yet", async () => {
    const small = await abCampaign(t, 0, [...arm(80, 1, { read: 80 }), ...arm(120, 2, { read: 120 })]);
    await recountArmCounters();
    const res = await variants(t, small.id);
    expect(res.status).toBe(200);
    expect((res.json as { arms: Array<{ arm: number }> }).arms.map((a) => a.arm)).toEqual([1, 2]);
    expect((res.json as { lifts: unknown[] }).lifts).toEqual([
      expect.objectContaining({
        variant: "B",
        against: "A",
        enoughData: false,
        points: null,
        verdict:
          "variant B vs variant A: not enough data yet (needs 100 recipients in each arm and 5 conversions; has 120 and 80 recipients, 0 conversions)",
      }),
    ]);
  });

  it("tenant isolation: another business's promotion id with its own key is 404; a campaign without a test 404", async () => {
    const res = await api(`/api/v3/promotion/${other.business.id}/${id}/variants`, {
      headers: { "x-api-key": other.apiKey },
    });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain('"arms"');
    expect((await variants(t, id, other.apiKey)).status).toBe(401);
    const plain = await createTestPromotion(t, { phones: [], status: "Completed" });
    expect((await variants(t, plain.id)).status).toBe(404);
    expect((await variants(t, "not-a-uuid")).status).toBe(404);
  });
});
