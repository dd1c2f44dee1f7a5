import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { createTestBusiness } from "@/test/factories";
import { launchReady, numbers, recipientStates } from "@/test/promotions";
import { getCampaignAudience } from "../dashboard/get-campaign-audience";
import { findList } from "../lists/find-list";
import { launchDryRun } from "./launch-dry-run";
import { launchOnce } from "./launch-once";
import { launchPromotion } from "./launch-promotion";

const ctx = systemCtx("test");

/** Two variants of the test template, the second also filling {{2}} from the `offer` column. */
function abTest<T extends Record<string, unknown>>(template: { name: string; language: string }, extra: T) {
  const body = (second: string) => ({
    ...template,
    components: [
      {
        type: "BODY",
        variables: [
          { type: "text", value: "${name}" },
          { type: "text", value: second },
        ],
      },
    ],
  });
  return {
    variants: [
      { name: "A", template: body("10% off") },
      { name: "B", template: body("${offer}") },
    ],
    ...extra,
  };
}

describe("the dry run of an A/B test with a holdout", () => {
  it("on a CSV list: says how many are held out, and the launch with the same body draws exactly those", async () => {
    // 40 Indian and 13 British numbers with an offer, 3 without one (B's column), 1 opted out.
    const india = numbers(40, "0001");
    const uk = Array.from({ length: 13 }, (_, i) => `44791112${String(i).padStart(4, "0")}`);
    const noOffer = numbers(3, "0001", 100);
    const optedOut = numbers(1, "0001", 200)[0]!;
    const csv = [
      "phone,name,offer",
      ...[...india, ...uk].map((p, i) => `${p},Name ${i},${i}% off`),
      ...noOffer.map((p) => `${p},Ravi,`),
      `${optedOut},Opted,5% off`,
      "12,Bad,1% off",
    ].join("\n");
    const { businessId, body } = await launchReady({
      listName: "ab",
      csv,
      name: "A/B on a list",
      variables: ["${name}", "10% off"],
    });
    await rawQuery(ctx.db, "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')", [
      businessId,
      optedOut,
    ]);
    const withTest = { ...body, abTest: abTest(body.template, { holdoutPercent: 20, seed: 42 }) };

    const dry = await launchDryRun(ctx, { businessId, listName: "ab", body: withTest });
    // The rows without B's column are refused, as the launch refuses them.
    expect(dry).toMatchObject({ rows: 58, invalid: 1, missing: 3, refused: 4, optedOut: 1 });
    expect(dry.arms).toMatchObject({ exact: true, heldForWinner: 0 });
    // 20% of the 53 to draw, each country in its share (within one): 8 of 40 and 2 or 3 of 13.
    expect(dry.holdout).toBeGreaterThanOrEqual(10);
    expect(dry.holdout).toBeLessThanOrEqual(11);
    expect(dry.holdout).toBe(dry.arms.holdout);
    expect(dry.willSend).toBe(53 - dry.holdout);
    expect(dry.rows).toBe(dry.refused + dry.optedOut + dry.holdout + dry.willSend);
    // The holdout is never sent: nothing of it is priced.
    expect(dry.cost!.messages).toBe(dry.willSend);

    const list = await findList(ctx, businessId, "ab");
    const launched = await launchPromotion(ctx, { businessId, list, body: withTest });
    expect(launched).toMatchObject({ holdout: dry.holdout, optout: 1, rejected: dry.refused });
    expect(await recipientStates(launched.promotionId)).toEqual({
      pending: dry.willSend,
      holdout: dry.holdout,
      optout: 1,
    });
    expect(await getCampaignAudience(ctx, businessId, launched.promotionId)).toEqual({
      rows: dry.rows,
      refused: dry.refused,
      optedOut: dry.optedOut,
      holdout: dry.holdout,
      toSend: dry.willSend,
    });

    // Without a seed the launch draws with the campaign's id: the dry run says it is not exact,
    // and still accounts for every row.
    const { seed: _seed, ...unseeded } = withTest.abTest;
    const rough = await launchDryRun(ctx, {
      businessId,
      listName: "ab",
      body: { ...body, abTest: unseeded },
    });
    expect(rough.arms.exact).toBe(false);
    expect(Math.abs(rough.holdout - dry.holdout)).toBeLessThanOrEqual(2);
    expect(rough.rows).toBe(rough.refused + rough.optedOut + rough.holdout + rough.willSend);
  });

  it("on a tags audience: the holdout and the recipients kept for the winner, as the launch freezes them", async () => {
    const t = await createTestBusiness();
    const businessId = t.business.id;
    const tpl = await approvedTemplate(businessId);
    const vip = numbers(30, "0001", 300);
    const profile = vip.map((phone, i) => ({
      phone,
      countrycode: "IN",
      name: `Vip ${i}`,
      tags: ["VIP"],
      attributes: {},
    }));
    const up = await api("/api/v3/profile/upload", { headers: { "x-api-key": t.apiKey }, json: { profile } });
    expect(up.status).toBe(200);
    await rawQuery(ctx.db, "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')", [
      businessId,
      vip[0],
    ]);
    const template = { name: tpl.name, language: "en_US" };
    const body = {
      name: "VIP test",
      channelType: "chatapp",
      phoneNumberId: phoneOf(t),
      targetSource: "TAGS",
      tags: ["vip"],
      template: {
        ...template,
        components: [
          {
            type: "BODY",
            variables: [
              { type: "text", value: "${name}" },
              { type: "text", value: "10% off" },
            ],
          },
        ],
      },
      abTest: {
        variants: [
          {
            name: "A",
            template: {
              ...template,
              components: [
                {
                  type: "BODY",
                  variables: [
                    { type: "text", value: "${name}" },
                    { type: "text", value: "A" },
                  ],
                },
              ],
            },
          },
          {
            name: "B",
            template: {
              ...template,
              components: [
                {
                  type: "BODY",
                  variables: [
                    { type: "text", value: "${name}" },
                    { type: "text", value: "B" },
                  ],
                },
              ],
            },
          },
        ],
        holdoutPercent: 10,
        seed: "dashboard-launch-key",
        winner: { testShare: 50, testHours: 4, metric: "read" },
      },
    };
    const dry = await launchDryRun(ctx, { businessId, listName: undefined, body });
    expect(dry).toMatchObject({ rows: 30, refused: 0, optedOut: 1 });
    expect(dry.arms.exact).toBe(true);
    expect(dry.holdout).toBe(3);
    expect(dry.arms.heldForWinner).toBeGreaterThanOrEqual(12);
    expect(dry.arms.heldForWinner).toBeLessThanOrEqual(14);
    expect(dry.rows).toBe(dry.refused + dry.optedOut + dry.holdout + dry.willSend);

    const launched = await launchOnce(ctx, { businessId, listName: "", body, idempotencyKey: "ab-tags-1" });
    expect(launched).toMatchObject({ holdout: dry.holdout, optout: 1 });
    const states = await recipientStates(launched.promotionId);
    expect(states).toEqual({
      pending: dry.willSend - dry.arms.heldForWinner,
      held: dry.arms.heldForWinner,
      holdout: dry.holdout,
      optout: 1,
    });
  });
});
