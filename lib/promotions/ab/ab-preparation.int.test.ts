import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { rawQuery } from "@/lib/db/sql";
import { resetEnv } from "@/lib/env";
import { approvedTemplate } from "@/test/messages";
import { launchReady } from "@/test/promotions";
import { preparePromotions } from "../engine/prepare-due-promotions";
import { findList } from "../lists/find-list";
import { launchPromotion } from "../launch/launch-promotion";

const ctx = systemCtx("test");
const CSV =
  "Phone,Name,Order,City\n" +
  Array.from(
    { length: 40 },
    (_, i) => `9198${String(i).padStart(4, "0")}0001,N${i},O-${i},${i === 5 ? "" : "Pune"}`,
  ).join("\n") +
  "\n";

const armsOf = (id: string) =>
  rawQuery<{ seq: number; arm: number | null; state: string; error_code: string | null }>(
    ctx.db,
    "SELECT seq::int AS seq, arm, state, error_code FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq",
    [id],
  );

/** A launch on `csv` with two variants, B's values from a column only it refers to (`city`). */
async function abLaunch(
  opts: {
    category?: "MARKETING";
    before?: (businessId: string) => Promise<unknown>;
    winner?: { testShare: number; testHours: number; metric: string };
  } = {},
) {
  const ready = await launchReady({
    listName: "ab",
    csv: CSV,
    name: "ab",
    variables: ["${name}", "${order}"],
  });
  const other = await approvedTemplate(ready.businessId, { category: opts.category });
  const first = opts.category
    ? await approvedTemplate(ready.businessId, { category: opts.category })
    : ready.tpl;
  const variant = (name: string, template: string, values: string[]) => ({
    name,
    template: {
      name: template,
      language: "en_US",
      components: [{ type: "BODY", variables: values.map((value) => ({ type: "text", value })) }],
    },
  });
  const body = {
    ...ready.body,
    template: { ...ready.body.template, name: first.name },
    abTest: {
      variants: [
        variant("A", first.name, ["${name}", "${order}"]),
        variant("B", other.name, ["${name}", "${city}"]),
      ],
      holdoutPercent: 20,
      seed: 5,
      ...(opts.winner && { winner: opts.winner }),
    },
  };
  await opts.before?.(ready.businessId);
  const list = await findList(ctx, ready.businessId, "ab");
  return { ...ready, launched: await launchPromotion(ctx, { businessId: ready.businessId, list, body }) };
}

describe("an A/B launch prepared by the scheduler (a list over PROMOTION_PREPARE_INLINE_MAX_ROWS)", () => {
  beforeEach(() => {
    process.env.PROMOTION_PREPARE_INLINE_MAX_ROWS = "2";
    resetEnv();
  });
  afterEach(() => {
    delete process.env.PROMOTION_PREPARE_INLINE_MAX_ROWS;
    resetEnv();
  });

  it("draws the arms as the inline launch does, refusing rows without a value any variant needs", async () => {
    const { launched } = await abLaunch();
    expect(launched).toMatchObject({ status: "Preparing", accepted: 40 });
    expect(await preparePromotions(ctx)).toBe(1);
    const rows = await armsOf(launched.promotionId);
    // Row 6 (City empty) is refused: variant B needs ${city}.
    expect(rows).toHaveLength(39);
    expect(rows.map((r) => r.seq)).not.toContain(6);
    const count = (arm: number) => rows.filter((r) => r.arm === arm).length;
    expect(Math.abs(count(0) - 39 * 0.2)).toBeLessThan(2);
    expect(Math.abs(count(1) - count(2))).toBeLessThanOrEqual(1);
    expect(rows.filter((r) => r.arm === 0).every((r) => r.state === "holdout")).toBe(true);
    const [counters] = await rawQuery<{ holdout: number; refused: number }>(
      ctx.db,
      "SELECT holdout, refused FROM promotion_counters WHERE promotion_id = $1 AND round = 0",
      [launched.promotionId],
    );
    expect(counters).toEqual({ holdout: count(0), refused: 1 });
  });

  it("with a winner to send: the rest is held, as in the inline launch", async () => {
    const { launched } = await abLaunch({ winner: { testShare: 50, testHours: 3, metric: "converted" } });
    expect(await preparePromotions(ctx)).toBe(1);
    const rows = await armsOf(launched.promotionId);
    const count = (arm: number) => rows.filter((r) => r.arm === arm).length;
    // 39 drawn: about 20% holdout; half of the other ~31 in the test, the rest held.
    expect(Math.abs(count(0) - 39 * 0.2)).toBeLessThan(2);
    expect(Math.abs(count(-1) - (39 - count(0)) / 2)).toBeLessThanOrEqual(2);
    expect(rows.filter((r) => r.arm === -1).every((r) => r.state === "held")).toBe(true);
    const [p] = await rawQuery<{ ab_winner_hours: number; status: string }>(
      ctx.db,
      "SELECT ab_winner_hours, status FROM promotions WHERE id = $1",
      [launched.promotionId],
    );
    expect(p).toEqual({ ab_winner_hours: 3, status: "Active" });
  });
});

describe("an A/B launch when the business requires a marketing opt-in", () => {
  it("numbers without an opt-in are opted out and in no arm; those with one are drawn", async () => {
    // The first 20 numbers opted in (row 6 is refused for its empty City).
    const phones = Array.from({ length: 20 }, (_, i) => `9198${String(i).padStart(4, "0")}0001`);
    const { launched } = await abLaunch({
      category: "MARKETING",
      before: async (businessId) => {
        await rawQuery(ctx.db, "UPDATE businesses SET require_marketing_opt_in = true WHERE id = $1", [
          businessId,
        ]);
        await rawQuery(
          ctx.db,
          `INSERT INTO consent_events (id, business_id, phone, channel, kind, action, source, occurred_at)
           SELECT gen_random_uuid(), $1, p, 'chatapp', 'marketing', 'opt_in', 'api', now() FROM unnest($2::text[]) AS p`,
          [businessId, phones],
        );
      },
    });
    expect(launched).toMatchObject({ status: "Active", accepted: 39, optout: 20 });
    const rows = await armsOf(launched.promotionId);
    const lacking = rows.filter((r) => r.seq > 20);
    expect(lacking).toHaveLength(20);
    expect(
      lacking.every((r) => r.state === "optout" && r.arm === null && r.error_code === "no_marketing_consent"),
    ).toBe(true);
    const consented = rows.filter((r) => r.seq <= 20);
    expect(consented).toHaveLength(19);
    expect(consented.every((r) => r.arm !== null)).toBe(true);
    expect(consented.filter((r) => r.arm === 0)).toHaveLength(launched.holdout!);
  });
});
