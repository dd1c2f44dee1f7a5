import { describe, expect, it } from "vitest";
import { runAction } from "@/lib/actions/action-result";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { numbers, recipientStates } from "@/test/promotions";
import { launchDryRun } from "../launch/launch-dry-run";
import { launchOnce } from "../launch/launch-once";
import { previewAudience } from "./preview-audience";

// The wizard's server actions are thin (requireAction, then these domain functions inside
// runAction): the tests call the same functions through runAction, so a refusal is checked as
// the wizard gets it (an inline field error), never a 500.
const ctx = systemCtx("test");
const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });
const audiences = (t: TestBusiness, path: string, json?: unknown, method?: string) =>
  api(`/api/v3/audiences/${t.business.id}${path}`, { headers: key(t), json, method });

/** 6 VIP subscribers (one opted out), 2 others, the attribute `plan`, a segment of the VIPs. */
async function ready() {
  const t = await createTestBusiness();
  const businessId = t.business.id;
  const tpl = await approvedTemplate(businessId, { category: "UTILITY" });
  const plan = { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] };
  expect((await audiences(t, "/attributes", plan)).status).toBe(201);
  const vip = numbers(6, "0001", 200);
  const profile = [
    ...vip.map((phone, i) => ({
      phone,
      countrycode: "IN",
      name: `Vip ${i}`,
      tags: ["VIP"],
      attributes: { plan: "Gold" },
    })),
    ...numbers(2, "0001", 250).map((phone) => ({ phone, countrycode: "IN", name: "Other" })),
  ];
  expect((await api("/api/v3/profile/upload", { headers: key(t), json: { profile } })).status).toBe(200);
  await rawQuery(db(), "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')", [
    businessId,
    vip[5],
  ]);
  const definition = { groups: [{ conditions: [{ kind: "tags", op: "any_of", tags: ["VIP"] }] }] };
  const segment = await audiences(t, "/segments", { name: "VIPs", definition });
  expect(segment.status).toBe(201);
  const template = {
    name: tpl.name,
    language: "en_US",
    components: [
      {
        type: "BODY",
        variables: [
          { type: "text", value: "${name}" },
          { type: "text", value: "${plan}" },
        ],
      },
    ],
  };
  const body = { name: "From the wizard", channelType: "chatapp", phoneNumberId: phoneOf(t), template };
  return { t, businessId, segmentId: segment.json.id as string, body, template };
}

const listsOf = async (businessId: string) =>
  (
    await rawQuery<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM target_lists WHERE business_id = $1",
      [businessId],
    )
  )[0]!.n;

describe("the wizard's audience: a segment or tags", () => {
  it("previews a segment with its live count and the launch's columns, storing nothing", async () => {
    const { businessId, segmentId } = await ready();
    const before = await listsOf(businessId);
    const p = await previewAudience(ctx, businessId, { targetSource: "SEGMENT", segmentId });
    expect(p.list).toMatchObject({ id: "", name: "VIPs", rowCount: 6 });
    expect(p.totals).toMatchObject({ rows: 6, valid: 6, invalid: 0, duplicates: 0, optedOut: 1 });
    expect(p.list.columns).toEqual(expect.arrayContaining(["phone", "name", "plan"]));
    expect(p.columnLabels).toMatchObject({ name: "Name", plan: "Attribute: Plan (plan)" });
    expect(p.rows[0]).toMatchObject({ name: "Vip 0", plan: "Gold" });
    expect(p.target).toEqual({ targetSource: "SEGMENT", segmentId });
    expect(await listsOf(businessId)).toBe(before);

    const tags = await previewAudience(ctx, businessId, { targetSource: "TAGS", tags: ["vip"] });
    expect(tags).toMatchObject({ audienceName: "vip", list: { rowCount: 6 } });
    expect(tags.target).toEqual({ targetSource: "TAGS", tags: ["vip"], tagSearchCriteria: "ANY" });
  });

  it("answers bad audiences with the field to fix, never a 500", async () => {
    const { businessId } = await ready();
    const other = await createTestBusiness();
    const run = (target: unknown) => runAction(() => previewAudience(ctx, businessId, target), target);

    expect(await run({ targetSource: "TAGS", tags: ["Nope"] })).toMatchObject({
      ok: false,
      fieldErrors: [{ path: "tags.0", message: "No tag named 'Nope'" }],
    });
    expect(await run({ targetSource: "TAGS", tags: [] })).toMatchObject({
      ok: false,
      fieldErrors: [{ path: "tags" }],
    });
    expect(await run({ targetSource: "SEGMENT" })).toMatchObject({
      ok: false,
      fieldErrors: [{ path: "segmentId" }],
    });
    expect(await run({ targetSource: "LIST" })).toMatchObject({
      ok: false,
      fieldErrors: [{ path: "targetSource" }],
    });
    expect(await run(null)).toMatchObject({ ok: false });
    // Another business's segment is unknown here.
    const theirs = await audiences(other, "/segments", {
      name: "Theirs",
      definition: { groups: [{ conditions: [{ kind: "consent", state: "not_opted_out" }] }] },
    });
    const res = await run({ targetSource: "SEGMENT", segmentId: theirs.json.id });
    expect(res).toMatchObject({ ok: false, message: expect.stringMatching(/segment/i) });
    expect(await run({ targetSource: "SEGMENT", segmentId: "not-a-uuid" })).toMatchObject({ ok: false });
    // No subscriber matches: said on the tags.
    await audiences(other, "/tags", { name: "Empty" });
    expect(
      await runAction(
        () => previewAudience(ctx, other.business.id, { targetSource: "TAGS", tags: ["Empty"] }),
        "Empty",
      ),
    ).toMatchObject({ ok: false, fieldErrors: [{ path: "tags", message: "No matching subscriber" }] });
  });

  it("launches on a segment as E1 does: the dry run's numbers are the campaign's, once per key", async () => {
    const { businessId, segmentId, body } = await ready();
    const onSegment = { ...body, targetSource: "SEGMENT", segmentId };
    const dry = await launchDryRun(ctx, { businessId, listName: "", body: onSegment });
    expect(dry).toMatchObject({ rows: 6, refused: 0, optedOut: 1, willSend: 5 });

    const input = { businessId, listName: "", body: onSegment, idempotencyKey: "dashboard-segment-1" };
    const launched = await launchOnce(ctx, input);
    expect(launched).toMatchObject({
      accepted: 6,
      optout: 1,
      rejected: 0,
      targetSource: "SEGMENT",
      targetType: "VIPs",
    });
    expect(await recipientStates(launched.promotionId)).toMatchObject({ optout: 1 });
    const [n] = await rawQuery<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM promotion_recipients WHERE business_id = $1 AND promotion_id = $2 AND state <> 'optout'",
      [businessId, launched.promotionId],
    );
    expect(n!.n).toBe(dry.willSend);
    // A double click: the same campaign.
    expect((await launchOnce(ctx, input)).promotionId).toBe(launched.promotionId);
  });

  it("submits an A/B test as E1's abTest: 2 variants and a 10% holdout drawn on the tags' subscribers", async () => {
    const { t, businessId, body, template } = await ready();
    const abTest = {
      variants: [
        { name: "A", template },
        {
          name: "B",
          template: {
            ...template,
            components: [
              {
                type: "BODY",
                variables: [
                  { type: "text", value: "${name}" },
                  { type: "text", value: "20% off" },
                ],
              },
            ],
          },
        },
      ],
      holdoutPercent: 10,
    };
    const onTags = { ...body, targetSource: "TAGS", tags: ["VIP"], tagSearchCriteria: "ALL", abTest };
    const launched = await launchOnce(ctx, {
      businessId,
      listName: "",
      body: onTags,
      idempotencyKey: "dashboard-ab-1",
    });
    expect(launched).toMatchObject({
      accepted: 6,
      optout: 1,
      targetSource: "TAGS",
      tagSearchCriteria: "ALL",
    });
    type StoredTest = { holdoutPercent: number; variants: { name: string }[]; seed: unknown };
    const [row] = await rawQuery<{ ab_test: StoredTest }>(
      db(),
      "SELECT ab_test FROM promotions WHERE business_id = $1 AND id = $2",
      [businessId, launched.promotionId],
    );
    // The same stored test as E1's API gives for the same body.
    const viaApi = await api(`/api/v2/promotion/${businessId}/template/launch`, {
      headers: key(t),
      json: { ...onTags, name: "Same body through E1" },
    });
    expect(viaApi.status, JSON.stringify(viaApi.json)).toBe(200);
    const [apiRow] = await rawQuery<{ ab_test: StoredTest }>(
      db(),
      "SELECT ab_test FROM promotions WHERE business_id = $1 AND id = $2",
      [businessId, viaApi.json.promotionId],
    );
    const { seed: _a, ...wizardTest } = row!.ab_test;
    const { seed: _b, ...apiTest } = apiRow!.ab_test;
    expect(wizardTest).toEqual(apiTest);
    expect(row!.ab_test.variants.map((v) => v.name)).toEqual(["A", "B"]);
    const arms = await rawQuery<{ arm: number; n: number }>(
      db(),
      `SELECT arm, count(*)::int AS n FROM promotion_recipients
       WHERE business_id = $1 AND promotion_id = $2 AND arm IS NOT NULL GROUP BY arm ORDER BY arm`,
      [businessId, launched.promotionId],
    );
    expect(arms.reduce((s, a) => s + a.n, 0)).toBe(5);
    expect(arms.filter((a) => a.arm > 0).length).toBe(2);
  });

  it("refuses a bad A/B test at its field, not with a 500", async () => {
    const { businessId, segmentId, body, template } = await ready();
    const launchWith = (abTest: unknown, k: string) => {
      const input = {
        businessId,
        listName: "",
        body: { ...body, targetSource: "SEGMENT", segmentId, abTest },
        idempotencyKey: k,
      };
      return runAction(() => launchOnce(ctx, input), input);
    };
    const two = [
      { name: "A", template },
      { name: "B", template },
    ];
    expect(await launchWith({ variants: two, holdoutPercent: 60 }, "ab-bad-1")).toMatchObject({
      ok: false,
      fieldErrors: [{ path: "abTest.holdoutPercent" }],
    });
    expect(await launchWith({ variants: [two[0]], holdoutPercent: 10 }, "ab-bad-2")).toMatchObject({
      ok: false,
      fieldErrors: [{ path: "abTest.variants" }],
    });
    const missing = await launchWith(
      { variants: [two[0], { name: "B", template: { ...template, name: "no_such_template" } }] },
      "ab-bad-3",
    );
    expect(missing).toMatchObject({ ok: false, fieldErrors: [{ path: "abTest.variants.1.template.name" }] });
    // Nothing was launched, and no snapshot was left behind.
    const [p] = await rawQuery<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM promotions WHERE business_id = $1",
      [businessId],
    );
    expect(p!.n).toBe(0);
  });
});
