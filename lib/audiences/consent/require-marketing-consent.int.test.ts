import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { setMarketingOptIn } from "@/lib/audiences/consent/set-marketing-opt-in";
import { getCampaignAudience } from "@/lib/promotions/dashboard/get-campaign-audience";
import { findList } from "@/lib/promotions/lists/find-list";
import { launchDryRun } from "@/lib/promotions/launch/launch-dry-run";
import { launchPromotion } from "@/lib/promotions/launch/launch-promotion";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, bulkBody, drainAll, phoneOf, rcsCard } from "@/test/messages";
import { launchReady, numbers } from "@/test/promotions";
import { batchBody, c1, c2 } from "@/test/promotions-rcs";

const ctx = systemCtx("test");
const a1 = (t: TestBusiness, template: string, to: string) =>
  api(`/api/v3/message/${t.business.id}/template`, {
    headers: { "x-api-key": t.apiKey },
    json: a1Body(template, phoneOf(t), to),
  });
const optIn = (t: TestBusiness, phone: string, action = "opt_in") =>
  api(`/api/v3/audiences/${t.business.id}/consent`, {
    headers: { "x-api-key": t.apiKey },
    json: { phone, action, wording: "Yes, send me offers" },
  });
const requireOptIn = (t: TestBusiness, required = true) =>
  setMarketingOptIn(ctx, { businessId: t.business.id, required });

describe("require a marketing opt-in", () => {
  let a: TestBusiness;
  let other: TestBusiness;
  let marketing: string;
  let utility: string;
  beforeAll(async () => {
    [a, other] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    marketing = (await approvedTemplate(a.business.id, { category: "MARKETING" })).name;
    utility = (await approvedTemplate(a.business.id)).name;
  });

  it("is off by default: a MARKETING template goes to a number with no consent on record", async () => {
    const res = await a1(a, marketing, "919820000001");
    expect(res.status).toBe(200);
  });

  it("on: A1 refuses a MARKETING template to a number without an opt-in (409 no_marketing_consent), not a utility one", async () => {
    await requireOptIn(a);
    const refused = await a1(a, marketing, "919820000002");
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "no_marketing_consent",
      details: [{ path: "to" }],
    });
    expect(refused.json.error.message).toMatch(/No marketing opt-in on record/);
    expect((await a1(a, utility, "919820000002")).status).toBe(200);
    // Another business's opt-in for the same number does not count here.
    expect((await optIn(other, "919820000002")).status).toBe(201);
    expect((await a1(a, marketing, "919820000002")).status).toBe(409);
    // Its own opt-in does; a later opt-out takes it back.
    expect((await optIn(a, "919820000002")).status).toBe(201);
    expect((await a1(a, marketing, "919820000002")).status).toBe(200);
    expect((await optIn(a, "919820000002", "opt_out")).status).toBe(201);
    expect((await a1(a, marketing, "919820000002")).status).toBe(409);
    // The setting is audited with both values.
    const [audit] = await rawQuery<{ data: unknown }>(
      db(),
      "SELECT data FROM audit_log WHERE business_id = $1 AND action = 'business.require_marketing_opt_in'",
      [a.business.id],
    );
    expect(audit?.data).toEqual({ from: false, to: true });
  });

  it("on: B1 sends the opted-in subscribers and refuses the others, each failed with the reason", async () => {
    await requireOptIn(a);
    const [yes, no1, no2] = ["919820000011", "919820000012", "919820000013"];
    await optIn(a, yes!);
    const res = await api(`/api/v2/message/${a.business.id}/template?apikey=${a.apiKey}`, {
      json: bulkBody(
        marketing,
        phoneOf(a),
        [yes!, no1!, no2!].map((subscriberId) => ({ subscriberId, variables: ["A", "B"] })),
      ),
    });
    expect(res.status).toBe(200);
    expect(res.json.refused.map((r: { index: number; errorCode: string }) => [r.index, r.errorCode])).toEqual(
      [
        [1, "no_marketing_consent"],
        [2, "no_marketing_consent"],
      ],
    );
    await drainAll();
    const rows = await rawQuery<{ recipient: string; status: string; error_code: string | null }>(
      db(),
      "SELECT recipient, status, error_code FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY recipient",
      [a.business.id, res.json.transactionId],
    );
    expect(rows.map((r) => [r.recipient, r.status === "failed", r.error_code])).toEqual([
      [yes, false, null],
      [no1, true, "no_marketing_consent"],
      [no2, true, "no_marketing_consent"],
    ]);
  });

  it("on: a marketing campaign's dry run and launch keep the numbers without an opt-in out, as opted out with the reason", async () => {
    const phones = numbers(6, "0001", 700);
    const csv = ["phone,name", ...phones.map((p, i) => `${p},Name ${i}`)].join("\n");
    const { t, businessId, tpl, body } = await launchReady({
      listName: "consented",
      csv,
      name: "Offers",
      variables: ["${name}", "fixed"],
    });
    await rawQuery(db(), "UPDATE templates SET category = 'MARKETING' WHERE id = $1", [tpl.id]);
    // Two opted in, one on the opt-out list, three with nothing on record.
    for (const p of phones.slice(0, 2)) expect((await optIn(t, p)).status).toBe(201);
    await rawQuery(db(), "INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'api')", [
      businessId,
      phones[2],
    ]);
    const off = await launchDryRun(ctx, { businessId, listName: "consented", body });
    expect(off).toMatchObject({ optedOut: 1, noMarketingConsent: 0, willSend: 5 });

    await requireOptIn(t);
    const dry = await launchDryRun(ctx, { businessId, listName: "consented", body });
    expect(dry).toMatchObject({ rows: 6, optedOut: 4, noMarketingConsent: 3, willSend: 2 });
    const list = await findList(ctx, businessId, "consented");
    const launched = await launchPromotion(ctx, { businessId, list, body });
    expect(launched).toMatchObject({ accepted: 6, optout: 4 });
    const states = await rawQuery<{ phone: string; state: string; error_code: string | null }>(
      db(),
      "SELECT phone, state, error_code FROM promotion_recipients WHERE promotion_id = $1 ORDER BY seq",
      [launched.promotionId],
    );
    expect(states.map((s) => [s.state, s.error_code])).toEqual([
      ["pending", null],
      ["pending", null],
      ["optout", null],
      ["optout", "no_marketing_consent"],
      ["optout", "no_marketing_consent"],
      ["optout", "no_marketing_consent"],
    ]);
    expect(await getCampaignAudience(ctx, businessId, launched.promotionId)).toMatchObject({
      rows: 6,
      optedOut: dry.optedOut,
      toSend: dry.willSend,
    });
  });

  it("on: a UTILITY campaign is not a marketing send", async () => {
    const phones = numbers(3, "0001", 800);
    const csv = ["phone,name", ...phones.map((p, i) => `${p},Name ${i}`)].join("\n");
    const { t, businessId, body } = await launchReady({
      listName: "utility",
      csv,
      name: "Shipping",
      variables: ["${name}", "fixed"],
    });
    await requireOptIn(t);
    const dry = await launchDryRun(ctx, { businessId, listName: "utility", body });
    expect(dry).toMatchObject({ optedOut: 0, noMarketingConsent: 0, willSend: 3 });
  });

  it("on: an RCS batch (C2) keeps numbers without an opt-in out as optout with the reason, and counts them", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const { promotionId } = (await c1(t, { promotionName: "RCS offers" })).json;
    await requireOptIn(t);
    expect((await optIn(t, "919830000001")).status).toBe(201);
    expect((await optIn(t, "919830000003", "opt_out")).status).toBe(201);
    // Another business's opt-in for the second number does not count here.
    expect((await optIn(other, "919830000002")).status).toBe(201);
    const res = await c2(
      t,
      batchBody(promotionId, tpl.id, [
        { phone: "919830000001" },
        { phone: "919830000002" },
        { phone: "919830000003" },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ accepted: 3, rejected: [] });
    const rows = await rawQuery<{ phone: string; state: string; error_code: string | null }>(
      db(),
      `SELECT phone, state, error_code FROM promotion_recipients WHERE business_id = $1 AND promotion_id = $2 ORDER BY seq`,
      [t.business.id, promotionId],
    );
    expect(rows.map((r) => [r.phone, r.state, r.error_code])).toEqual([
      ["919830000001", "pending", null],
      ["919830000002", "optout", "no_marketing_consent"],
      ["919830000003", "optout", null],
    ]);
    const [counter] = await rawQuery(
      db(),
      `SELECT optout FROM promotion_counters WHERE promotion_id = $1 AND round = 0`,
      [promotionId],
    );
    expect(counter).toEqual({ optout: 2 });
  });
});
