import { describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { finalStatus, numbers, recipientStates, runUntil } from "@/test/promotions";
import { getCampaignAudience } from "../dashboard/get-campaign-audience";
import { getPromotionStats } from "../reports/get-promotion-stats";
import { streamPromotionReport } from "../reports/stream-promotion-report";
import { refusedRowsOfPromotion } from "./refused-rows";
import { preparePromotions } from "../engine/prepare-due-promotions";
import { launchDryRun } from "./launch-dry-run";

const ctx = systemCtx("test");
const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });
const audiences = (t: TestBusiness, path: string, json?: unknown, method?: string) =>
  api(`/api/v3/audiences/${t.business.id}${path}`, { headers: key(t), json, method });
const launch = (t: TestBusiness, json: unknown) =>
  api(`/api/v2/promotion/${t.business.id}/template/launch`, { headers: key(t), json });

async function text(stream: AsyncGenerator<string> | ReadableStream<Uint8Array>): Promise<string> {
  let out = "";
  if (stream instanceof ReadableStream) {
    const decoder = new TextDecoder();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) out += decoder.decode(chunk);
  } else for await (const part of stream) out += part;
  return out;
}
const lines = (csv: string) => csv.trim().split("\r\n").slice(1);

/**
 * A business with 6 VIP subscribers (one opted out, one without a name) and 2 others, the
 * attribute `plan`, and an E1 body whose variables are `${name}` and the attribute `${plan}`.
 */
async function ready(category: "UTILITY" | "MARKETING" = "UTILITY") {
  const t = await createTestBusiness();
  const tpl = await approvedTemplate(t.business.id, { category });
  const plan = { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] };
  expect((await audiences(t, "/attributes", plan)).status).toBe(201);
  const vip = numbers(6, "0001");
  const others = numbers(2, "0001", 50);
  const profile = [
    ...vip.map((phone, i) => ({
      phone,
      countrycode: "IN",
      name: i === 5 ? "" : `Vip ${i}`,
      tags: ["VIP", ...(i < 2 ? ["Gold"] : [])],
      attributes: { plan: i < 2 ? "Gold" : "Silver" },
    })),
    ...others.map((phone) => ({ phone, countrycode: "IN", name: "Other", attributes: { plan: "Gold" } })),
  ];
  const up = await api("/api/v3/profile/upload", { headers: key(t), json: { profile } });
  expect(up.status).toBe(200);
  await rawQuery(db(), "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')", [
    t.business.id,
    vip[4],
  ]);
  const body = {
    name: "VIP campaign",
    channelType: "chatapp",
    phoneNumberId: phoneOf(t),
    template: {
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
    },
  };
  return { t, vip, others, body };
}

describe("E1 on a segment or tags: the audience frozen at launch", () => {
  it("launches on a saved segment with a list's refusals; later profile changes alter nothing", async () => {
    const { t, vip, others, body } = await ready();
    const businessId = t.business.id;
    const definition = { groups: [{ conditions: [{ kind: "tags", op: "any_of", tags: ["VIP"] }] }] };
    const segment = await audiences(t, "/segments", { name: "VIPs", definition });
    expect(segment.status).toBe(201);
    const onSegment = { ...body, targetSource: "SEGMENT", segmentId: segment.json.id };

    // The segment's live count is the dry run's rows, and so the campaign's.
    expect((await audiences(t, `/segments/${segment.json.id}/count`)).json.count).toBe(6);
    const dry = await launchDryRun(ctx, { businessId, listName: undefined, body: onSegment });
    expect(dry).toMatchObject({
      rows: 6,
      invalid: 0,
      duplicates: 0,
      missing: 1,
      refused: 1,
      optedOut: 1,
      willSend: 4,
    });
    expect(dry.refusedRows.map((r) => r.reason)).toEqual([
      'missing variable value: {{1}} (column "name") is empty',
    ]);

    const launched = await launch(t, onSegment);
    expect(launched.status, JSON.stringify(launched.json)).toBe(200);
    expect(launched.json).toMatchObject({
      accepted: 5,
      rejected: 1,
      optout: 1,
      targetSource: "SEGMENT",
      targetType: "VIPs",
      tagSearchCriteria: "ANY",
    });
    const id = launched.json.promotionId as string;

    // After the launch: a new VIP, a VIP's tag removed, the segment redefined and deleted.
    await api(`/api/v3/audiences/${businessId}/subscribers/${others[0]}/tags`, {
      method: "PATCH",
      headers: key(t),
      json: { add: ["VIP"] },
    });
    await api(`/api/v3/audiences/${businessId}/subscribers/${vip[0]}/tags`, {
      method: "PATCH",
      headers: key(t),
      json: { remove: ["VIP"] },
    });
    await api(`/api/v3/audiences/${businessId}/subscribers/${vip[1]}/attributes`, {
      method: "PATCH",
      headers: key(t),
      json: { attributes: { plan: "Silver" } },
    });
    expect((await audiences(t, `/segments/${segment.json.id}`, undefined, "DELETE")).status).toBe(204);
    await runUntil(finalStatus(id));

    expect(await recipientStates(id)).toEqual({ read: 4, optout: 1 });
    const sentTo = await rawQuery<{ phone: string }>(
      db(),
      "SELECT phone FROM promotion_recipients WHERE promotion_id = $1 ORDER BY phone",
      [id],
    );
    expect(sentTo.map((r) => r.phone)).toEqual(vip.slice(0, 5));
    // The values are the launch's: vip[1] was Gold when it launched.
    const [vars] = await rawQuery<{ content: { components?: unknown } }>(
      db(),
      "SELECT m.content FROM messages m JOIN promotion_recipients r ON r.message_id = m.id WHERE r.promotion_id = $1 AND r.phone = $2",
      [id, vip[1]],
    );
    expect(JSON.stringify(vars!.content)).toContain("Gold");
    // The campaign page, E4 and E3 agree with the dry run: every row sent, or refused with a reason.
    expect(await getCampaignAudience(ctx, businessId, id)).toEqual({
      rows: dry.rows,
      refused: dry.refused,
      optedOut: dry.optedOut,
      holdout: 0,
      toSend: dry.willSend,
    });
    expect(await getPromotionStats(ctx, businessId, id)).toMatchObject({ attempted: 4, optout: 1, read: 4 });
    const report = lines(await text(await streamPromotionReport(ctx, businessId, id)));
    const refused = lines(await text((await refusedRowsOfPromotion(ctx, businessId, id)).rows));
    expect(report.length + refused.length).toBe(dry.rows);
    // The snapshot list is hidden: the business's lists do not show it.
    const listed = await api(`/api/v2/promotion/${businessId}/list`, { headers: key(t) });
    expect(JSON.stringify(listed.json ?? {})).not.toContain("\\u0001");
  });

  it("launches on tags (ANY, ALL) and refuses without a marketing opt-in when the business requires one", async () => {
    const { t, vip, body } = await ready("MARKETING");
    const businessId = t.business.id;
    const all = await launch(t, {
      ...body,
      targetSource: "TAGS",
      tags: ["vip", "Gold"],
      tagSearchCriteria: "ALL",
    });
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    expect(all.json).toMatchObject({
      accepted: 2,
      optout: 0,
      targetSource: "TAGS",
      targetType: "vip, Gold",
      tagSearchCriteria: "ALL",
    });

    await rawQuery(db(), "UPDATE businesses SET require_marketing_opt_in = true WHERE id = $1", [businessId]);
    await rawQuery(
      db(),
      `INSERT INTO consent_events (id, business_id, phone, channel, kind, action, source, occurred_at)
       VALUES (gen_random_uuid(), $1, $2, 'all', 'marketing', 'opt_in', 'api', now())`,
      [businessId, vip[2]],
    );
    const onTags = { ...body, name: "Any VIP", targetSource: "TAGS", tags: ["VIP"] };
    const dry = await launchDryRun(ctx, { businessId, listName: undefined, body: onTags });
    expect(dry).toMatchObject({ rows: 6, missing: 1, optedOut: 4, noMarketingConsent: 3, willSend: 1 });
    const any = await launch(t, onTags);
    expect(any.json).toMatchObject({ accepted: 5, rejected: 1, optout: 4, tagSearchCriteria: "ANY" });
    const codes = await rawQuery<{ error_code: string | null; n: number }>(
      db(),
      "SELECT error_code, count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND state = 'optout' GROUP BY 1 ORDER BY 1",
      [any.json.promotionId],
    );
    expect(codes).toEqual([
      { error_code: "no_marketing_consent", n: 3 },
      { error_code: null, n: 1 },
    ]);
  });

  it("answers 400 or 404 for an audience that is not there, and leaves no trace", async () => {
    const { t, body } = await ready();
    const other = await createTestBusiness();
    const theirs = await audiences(other, "/segments", {
      name: "Theirs",
      definition: { groups: [{ conditions: [{ kind: "consent", state: "not_opted_out" }] }] },
    });
    const count = async () =>
      (
        await rawQuery<{ n: number }>(
          db(),
          "SELECT count(*)::int AS n FROM target_lists WHERE business_id = $1",
          [t.business.id],
        )
      )[0]!.n;
    const before = await count();
    const cases: [unknown, number, string?][] = [
      [{ ...body, targetSource: "SEGMENT", segmentId: theirs.json.id }, 404],
      [{ ...body, targetSource: "SEGMENT", segmentName: "Nope" }, 404],
      [{ ...body, targetSource: "SEGMENT" }, 400, "segmentId"],
      [{ ...body, targetSource: "TAGS", tags: ["Nope"] }, 400, "tags.0"],
      [{ ...body, targetSource: "TAGS" }, 400, "tags"],
      [
        { ...body, targetSource: "TAGS", tags: ["Gold"], tagSearchCriteria: "SOME" },
        400,
        "tagSearchCriteria",
      ],
      [
        { ...body, targetSource: "TAGS", tags: ["VIP"], template: { name: "missing", language: "en_US" } },
        400,
      ],
    ];
    await audiences(t, "/tags", { name: "Empty" });
    cases.push([{ ...body, targetSource: "TAGS", tags: ["Empty"] }, 400, "tags"]);
    for (const [json, status, path] of cases) {
      const res = await launch(t, json);
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      if (path) expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await count()).toBe(before);
    const [promotions] = await rawQuery<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM promotions WHERE business_id = $1",
      [t.business.id],
    );
    expect(promotions!.n).toBe(0);
  });

  it("freezes a large audience at launch too: the scheduler prepares the snapshot, not today's profiles", async () => {
    const { t, vip, others, body } = await ready();
    process.env.PROMOTION_PREPARE_INLINE_MAX_ROWS = "2";
    resetEnv();
    try {
      const launched = await launch(t, { ...body, targetSource: "TAGS", tags: ["VIP"] });
      expect(launched.json).toMatchObject({
        status: "Preparing",
        accepted: 6,
        rejected: 0,
        targetSource: "TAGS",
      });
      // Changed after the launch, before the preparation: no effect.
      await api(`/api/v3/audiences/${t.business.id}/subscribers/${others[0]}/tags`, {
        method: "PATCH",
        headers: key(t),
        json: { add: ["VIP"] },
      });
      expect(await preparePromotions(ctx)).toBe(1);
      expect(await recipientStates(launched.json.promotionId)).toEqual({ pending: 4, optout: 1 });
      const phones = await rawQuery<{ phone: string }>(
        db(),
        "SELECT phone FROM promotion_recipients WHERE promotion_id = $1 ORDER BY phone",
        [launched.json.promotionId],
      );
      expect(phones.map((r) => r.phone)).toEqual(vip.slice(0, 5));
    } finally {
      delete process.env.PROMOTION_PREPARE_INLINE_MAX_ROWS;
      resetEnv();
    }
  });
});
