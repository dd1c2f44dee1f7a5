import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { setTimeZone } from "@/lib/businesses/set-time-zone";
import { systemCtx } from "@/lib/context";
import { csvLine } from "@/lib/csv/csv-line";
import { nextMidnight } from "@/lib/promotions/rcs/next-midnight";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf, rcsCard } from "@/test/messages";
import { batchBody, batchRow, c1, c2, promotionRow, recipientsOf } from "@/test/promotions-rcs";

const ctx = systemCtx("test");
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
const agentOf = (t: Awaited<ReturnType<typeof createTestBusiness>>) =>
  t.business.channels.find((c) => c.channel === "rcs")!.agentId;

describe("C1 create batched RCS campaign", () => {
  it("creates an Active rcs_campaign on the business's agent, expiring at the coming midnight of its zone", async () => {
    const t = await createTestBusiness();
    await setTimeZone(ctx, { businessId: t.business.id, timeZone: "asia/kolkata" });
    const before = new Date();
    const res = await c1(t, { promotionName: "Diwali offers" });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.json)).toEqual(["promotionId"]);
    const p = (await promotionRow(t.business.id, res.json.promotionId))!;
    expect(p).toMatchObject({
      kind: "rcs_campaign",
      name: "Diwali offers",
      channel_type: "rcs",
      status: "Active",
      phone_number_id: agentOf(t),
      fallback: null,
    });
    const end: Date = p.promotion_end_time;
    expect(end.toISOString()).toBe(nextMidnight("Asia/Kolkata", before).toISOString());
    // Midnight in Kolkata is 18:30 UTC, and it is in the coming 24 hours.
    expect(end.toISOString()).toMatch(/T18:30:00\.000Z$/);
    expect(end.getTime() - before.getTime()).toBeLessThanOrEqual(24 * 3600 * 1000);
    const [counter] = await rawQuery(
      db(),
      `SELECT round, optout FROM promotion_counters WHERE promotion_id = $1`,
      [res.json.promotionId],
    );
    expect(counter).toEqual({ round: 0, optout: 0 });
  });

  it("takes an explicit expiry, and replays an Idempotency-Key", async () => {
    const t = await createTestBusiness();
    const expiry = epoch(new Date()) + 3 * 86400;
    const headers = { "idempotency-key": "c1-key-1" };
    const first = await c1(t, { promotionName: "Week", promotionExpiry: expiry }, { headers });
    expect(first.status, first.text).toBe(200);
    const again = await c1(t, { promotionName: "Week", promotionExpiry: expiry }, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.promotionId).toBe(first.json.promotionId);
    const other = await c1(t, { promotionName: "Other" }, { headers });
    expect(other.status).toBe(422);
    const p = (await promotionRow(t.business.id, first.json.promotionId))!;
    expect(epoch(p.promotion_end_time)).toBe(expiry);
  });

  it("validates the fallback: an APPROVED chatapp template and one of the business's senders", async () => {
    const t = await createTestBusiness();
    const chat = await approvedTemplate(t.business.id);
    const rcs = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const pending = await approvedTemplate(t.business.id, { status: "PENDING" });
    const fb = (templateName: string, phoneNumberId = phoneOf(t), language = "en_US") => ({
      promotionName: "With fallback",
      fallback: { templateName, language, phoneNumberId },
    });
    const cases: Array<[unknown, string]> = [
      [fb("nope"), "fallback.templateName"],
      [fb(rcs.name, phoneOf(t), "en"), "fallback.templateName"],
      [fb(pending.name), "fallback.templateName"],
      [fb(chat.name, phoneOf(t), "fr"), "fallback.language"],
      [fb(chat.name, "not-ours"), "fallback.phoneNumberId"],
      [{ promotionName: "x", fallback: { templateName: chat.name } }, "fallback.language"],
    ];
    for (const [body, path] of cases) {
      const res = await c1(t, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.json.error.details.map((d: { path: string }) => d.path),
        res.text,
      ).toContain(path);
    }
    const ok = await c1(t, fb(chat.name));
    expect(ok.status, ok.text).toBe(200);
    expect((await promotionRow(t.business.id, ok.json.promotionId))!.fallback).toEqual({
      templateName: chat.name,
      language: "en_US",
      phoneNumberId: phoneOf(t),
    });
  });

  it("answers 400 for a bad name or expiry and 401 for another business's key", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    for (const [body, path] of [
      [{}, "promotionName"],
      [{ promotionName: "" }, "promotionName"],
      [{ promotionName: "x", promotionExpiry: epoch(new Date()) - 60 }, "promotionExpiry"],
      [{ promotionName: "x", promotionExpiry: "tomorrow" }, "promotionExpiry"],
      [{ promotionName: "x", promotionExpiry: 1.5 }, "promotionExpiry"],
    ] as const) {
      const res = await c1(t, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.details[0].path).toBe(path);
    }
    const bad = await c1(t, "not json");
    expect(bad.status).toBe(400);
    const foreign = await c1(t, { promotionName: "x" }, { key: other.apiKey });
    expect(foreign.status).toBe(401);
    const count = await rawQuery(db(), `SELECT 1 FROM promotions WHERE business_id IN ($1, $2)`, [
      t.business.id,
      other.business.id,
    ]);
    expect(count).toHaveLength(0);
  });
});

describe("C2 add batch", () => {
  it("adds pending recipients at once without doCapability, skipping bad, duplicate and incomplete subscribers", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const { promotionId } = (await c1(t, { promotionName: "Batches" })).json;
    await rawQuery(
      db(),
      `INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, '919900000077', 'api')`,
      [t.business.id],
    );
    const res = await c2(
      t,
      batchBody(promotionId, tpl.id, [
        { phone: "919900000011", extras: { Name: "Asha", code: "1", BusinessSubscriberId: "sub-11" } },
        { phone: "+919900000012" },
        { phone: "12345" },
        { phone: "919900000011" },
        { phone: "919900000013", extras: { name: "Ravi" } },
        { phone: "919900000077" },
        { phone: "919900000404" },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.accepted).toBe(4);
    expect(res.json.rejected).toEqual([
      { index: 2, phone: "12345", reason: expect.stringContaining("invalid phone") },
      { index: 3, phone: "919900000011", reason: expect.stringContaining("duplicate") },
      { index: 4, phone: "919900000013", reason: "missing variable value: code" },
    ]);
    const rows = await recipientsOf(t.business.id, promotionId);
    expect(rows.map((r) => [r.seq, r.phone, r.state])).toEqual([
      [0, "919900000011", "pending"],
      [1, "919900000012", "pending"],
      [2, "919900000077", "optout"],
      [3, "919900000404", "pending"],
    ]);
    expect(rows[0]!.vars).toEqual({ name: "Asha", code: "1", businesssubscriberid: "sub-11" });
    const [sub] = await rawQuery(
      db(),
      `SELECT subscriber_id FROM promotion_recipients WHERE promotion_id = $1 AND seq = 0`,
      [promotionId],
    );
    expect(sub).toEqual({ subscriber_id: "sub-11" });
    const batch = (await batchRow(t.business.id, res.json.batchId))!;
    expect(batch).toMatchObject({ state: "ready", total: 4, do_capability: false, template_id: tpl.id });
    const p = (await promotionRow(t.business.id, promotionId))!;
    expect(p.next_run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [counter] = await rawQuery(
      db(),
      `SELECT optout FROM promotion_counters WHERE promotion_id = $1 AND round = 0`,
      [promotionId],
    );
    expect(counter).toEqual({ optout: 1 });

    // A second batch: numbers the campaign has are skipped, seqs continue after the first batch.
    const next = await c2(
      t,
      batchBody(promotionId, tpl.id, [{ phone: "919900000012" }, { phone: "919900000014" }]),
    );
    expect(next.status, next.text).toBe(200);
    expect(next.json.rejected).toEqual([
      { index: 0, phone: "919900000012", reason: "duplicate: already in this campaign" },
    ]);
    // The same batch again under an Idempotency-Key: one batch, the first answer replayed.
    const idem = { headers: { "idempotency-key": "c2-batch-1" } };
    const body = batchBody(promotionId, tpl.id, [{ phone: "919900000015" }]);
    const k1 = await c2(t, body, idem);
    const k2 = await c2(t, body, idem);
    expect(k1.status, k1.text).toBe(200);
    expect(k2.headers.get("idempotent-replayed")).toBe("true");
    expect(k2.json).toEqual(k1.json);
    const after = await recipientsOf(t.business.id, promotionId);
    expect(after.filter((r) => r.phone === "919900000015")).toHaveLength(1);
    expect(after.at(-2)).toMatchObject({
      seq: 4,
      phone: "919900000014",
      state: "pending",
      batch_id: next.json.batchId,
    });
  });

  it("answers 400 for unknown campaigns, unusable templates and bad subscriber lists", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const pendingTpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard, status: "PENDING" });
    const chat = await approvedTemplate(t.business.id);
    const { promotionId } = (await c1(t, { promotionName: "Errors" })).json;
    const one = [{ phone: "919900000021" }];
    const many = Array.from({ length: 10_001 }, (_, i) => ({ phone: `9199${String(i).padStart(8, "0")}` }));
    const cases: Array<[string, unknown, string]> = [
      ["unknown promotion", batchBody("0193b6f2-8c1a-7cde-9f00-1234567890ab", tpl.id, one), "promotionId"],
      ["not a uuid", batchBody("nope", tpl.id, one), "promotionId"],
      ["pending template", batchBody(promotionId, pendingTpl.id, one), "templateId"],
      ["chatapp template", batchBody(promotionId, chat.id, one), "templateId"],
      ["unknown template", batchBody(promotionId, "0193b6f2-8c1a-7cde-9f00-000000000000", one), "templateId"],
      ["no subscribers", batchBody(promotionId, tpl.id, []), "subscribers"],
      ["too many subscribers", batchBody(promotionId, tpl.id, many), "subscribers"],
      [
        "every phone bad",
        batchBody(promotionId, tpl.id, [{ phone: "abc" }, { phone: "1" }]),
        "subscribers[0].phone",
      ],
      [
        "variable count",
        {
          ...batchBody(promotionId, tpl.id, one),
          components: [{ type: "BODY", variables: [{ type: "text", value: "x" }] }],
        },
        "components",
      ],
      ["missing template", { promotionId, subscribers: one }, "templateId"],
      [
        "extras not strings",
        batchBody(promotionId, tpl.id, [{ phone: "919900000021", extras: { n: 1 } as never }]),
        "subscribers.0.extras.n",
      ],
    ];
    for (const [name, body, path] of cases) {
      const res = await c2(t, body);
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(400);
      expect(
        res.json.error.details.map((d: { path: string }) => d.path),
        name,
      ).toContain(path);
    }
    expect(await recipientsOf(t.business.id, promotionId)).toHaveLength(0);
  });

  it("refuses batches after the expiry and for stopped, cancelled or completed campaigns", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const { promotionId } = (await c1(t, { promotionName: "Ends" })).json;
    await rawQuery(
      db(),
      `UPDATE promotions SET promotion_end_time = now() - interval '1 second' WHERE id = $1`,
      [promotionId],
    );
    const late = await c2(t, batchBody(promotionId, tpl.id, [{ phone: "919900000031" }]));
    expect(late.status).toBe(400);
    expect(late.json.error.message).toMatch(/expired/);
    for (const status of ["Stopped", "Cancelled", "Completed", "Expired"]) {
      const { promotionId: id } = (await c1(t, { promotionName: status })).json;
      await rawQuery(db(), `UPDATE promotions SET status = $2 WHERE id = $1`, [id, status]);
      const res = await c2(t, batchBody(id, tpl.id, [{ phone: "919900000031" }]));
      expect(res.status, status).toBe(400);
      expect(res.json.error.message).toContain(status);
      expect(await recipientsOf(t.business.id, id)).toHaveLength(0);
    }
  });

  it("keeps businesses apart: another business's key or campaign gets nothing", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const tplA = await approvedTemplate(a.business.id, { channel: "rcs", rcsCard });
    const tplB = await approvedTemplate(b.business.id, { channel: "rcs", rcsCard });
    const { promotionId } = (await c1(a, { promotionName: "A's" })).json;
    // B's key on A's path: 401.
    const wrongKey = await c2(a, batchBody(promotionId, tplA.id, [{ phone: "919900000041" }]), {
      key: b.apiKey,
    });
    expect(wrongKey.status).toBe(401);
    // B's own path with A's campaign: as unknown as a campaign that does not exist.
    const foreign = await c2(b, batchBody(promotionId, tplB.id, [{ phone: "919900000041" }]));
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.details[0].path).toBe("promotionId");
    // A's campaign with B's template: unknown template.
    const foreignTpl = await c2(a, batchBody(promotionId, tplB.id, [{ phone: "919900000041" }]));
    expect(foreignTpl.status).toBe(400);
    expect(foreignTpl.json.error.details[0].path).toBe("templateId");
    expect(await recipientsOf(a.business.id, promotionId)).toHaveLength(0);
    expect(await recipientsOf(b.business.id, promotionId)).toHaveLength(0);
  });
});

describe("E3 report of an RCS campaign", () => {
  it("names each recipient's batch template; every recipient from seq 0; same bytes as csvLine", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const { promotionId } = (await c1(t, { promotionName: "Report" })).json;
    const batch = await c2(
      t,
      batchBody(promotionId, tpl.id, [
        { phone: "919900000031", extras: { name: '=Asha, "A"', code: "X1" } },
        { phone: "919900000032", extras: { name: "Ravi", code: "X2" } },
      ]),
    );
    expect(batch.status, batch.text).toBe(200);
    const rows = await rawQuery<Record<string, string | number | null>>(
      db(),
      `SELECT r.name, r.phone, r.state, r.error, r.round, t.name AS template, t.language,
         to_char(r.updated_at AT TIME ZONE 'UTC', 'FMDD FMMonth YYYY, HH12:MI AM') AS at
       FROM promotion_recipients r JOIN promotion_batches b ON b.id = r.batch_id
       JOIN templates t ON t.id = b.template_id WHERE r.promotion_id = $1 ORDER BY r.seq`,
      [promotionId],
    );
    expect(rows).toHaveLength(2);
    const res = await api(`/api/v2/promotion/${t.business.id}/statistics/${promotionId}/report?channel=rcs`, {
      headers: { "x-api-key": t.apiKey },
    });
    expect(res.status, res.text).toBe(200);
    const lines = rows.map((r) =>
      csvLine([r.name, r.phone, r.state, r.at, r.error, null, null, r.round, r.template, r.language, 0]),
    );
    expect(res.text).toBe(
      `Name,Phone,Status,Timestamp,Error,FlowId,FlowName,RetryCount,TemplateName,Language,Clicks\r\n${lines.join("")}`,
    );
  });
});
