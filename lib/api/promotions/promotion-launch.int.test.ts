import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { promotionCounters, promotionRecipients, promotions } from "@/db/schema";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchOnList, launchWithFile, post, uploadList } from "@/test/promotion-uploads";

const CSV = "Phone,Name,Order,BusinessSubscriberId\n919810000001,Asha,A-1,CRM-1\n919810000002,Ravi,A-2,\n";
const recipientsOf = (promotionId: string) =>
  db()
    .select()
    .from(promotionRecipients)
    .where(eq(promotionRecipients.promotionId, promotionId))
    .orderBy(asc(promotionRecipients.seq));

describe("POST /api/v2/promotion/{business_id}/template/launch (E1)", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let tpl: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    tpl = (await approvedTemplate(a.business.id)).name;
  });

  it("form (a): uploads the list and launches; recipients, counters and the hand-over to the engine", async () => {
    const res = await launchWithFile(a, "orders", CSV, chatappLaunch(tpl, phoneOf(a)));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      businessId: a.business.id,
      platformId: a.business.id,
      channelType: "chatapp",
      status: "Active",
      promotionType: "IMMEDIATE",
      targetSource: "CSV",
      targetType: "orders",
      targetListName: "orders",
      phoneNumberId: phoneOf(a),
      template: { name: tpl, language: "en_US", category: "UTILITY" },
      accepted: 2,
      rejected: 0,
      optout: 0,
      rejectedRows: [],
    });
    const id = res.json.promotionId as string;
    const recipients = await recipientsOf(id);
    expect(recipients.map((r) => [r.seq, r.phone, r.name, r.subscriberId, r.state, r.vars])).toEqual([
      [1, "919810000001", "Asha", "CRM-1", "pending", null],
      [2, "919810000002", "Ravi", null, "pending", null],
    ]);
    // Their values are not copied: the engine reads the list row (row_number = seq) at send time
    // (cells in the list's column order: Phone, Name, Order, ...).
    const values = await rawQuery<{ seq: number; order: string }>(
      db(),
      `SELECT r.seq::int AS seq, split_part(l.cells, chr(31), 3) AS order FROM promotion_recipients r
       JOIN promotions p ON p.id = r.promotion_id
       JOIN target_list_rows l ON l.list_id = p.target_list_id AND l.row_number = r.seq
       WHERE r.promotion_id = $1 ORDER BY r.seq`,
      [id],
    );
    expect(values).toEqual([
      { seq: 1, order: "A-1" },
      { seq: 2, order: "A-2" },
    ]);
    const [row] = await db().select().from(promotions).where(eq(promotions.id, id));
    expect(row!.nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const counters = await db().select().from(promotionCounters).where(eq(promotionCounters.promotionId, id));
    expect(counters).toMatchObject([{ round: 0, optout: 0, attempted: 0 }]);
  });

  it("form (a) with the file before the body part", async () => {
    const res = await post(`/api/v2/promotion/${a.business.id}/template/launch?name=file-first`, a, [
      { name: "file", value: CSV, filename: "l.csv", type: "text/csv" },
      { name: "body", value: JSON.stringify(chatappLaunch(tpl, phoneOf(a))) },
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ targetListName: "file-first", accepted: 2 });
  });

  it("form (b): launches on a list uploaded before; scheduleTime makes it Scheduled; options are stored", async () => {
    await uploadList(a, "later", CSV);
    const at = new Date(Date.now() + 3_600_000);
    const res = await launchOnList(a, "later", {
      ...chatappLaunch(tpl, phoneOf(a)),
      scheduledTime: at.toISOString(),
      retryPromotion: true,
      maxRetries: 2,
      batchSize: 100,
      batchTimer: 30,
      staggered: true,
      stopOnCategoryUpdate: true,
      utilityTemplateIndex: 1,
      attributionWindow: 48,
      promotionEndTime: Math.floor(at.getTime() / 1000) + 86_400,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "Scheduled",
      scheduleTime: at.toISOString(),
      retryPromotion: true,
      maxRetries: 2,
      retriesLeft: 2,
      batchSize: 100,
      batchTimer: 30,
      staggered: true,
      stopOnCategoryUpdate: true,
      utilityTemplateIndex: 1,
      attributionWindow: 48,
      promotionEndTime: Math.floor(at.getTime() / 1000) + 86_400,
      accepted: 2,
    });
    const [row] = await db().select().from(promotions).where(eq(promotions.id, res.json.promotionId));
    expect(row!.nextRunAt!.toISOString()).toBe(at.toISOString());
  });

  it("rows without a value for a referenced column are rejected with 'missing variable value'", async () => {
    const csv = "phone,name,order\n919810000001,Asha,A-1\n919810000002,,A-2\n12,X,Y\n";
    const res = await launchWithFile(a, "gaps", csv, chatappLaunch(tpl, phoneOf(a)));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ accepted: 1, rejected: 2 });
    expect(res.json.rejectedRows).toEqual([
      { rowNumber: 2, reason: 'missing variable value: {{1}} (column "name") is empty' },
      { rowNumber: 3, reason: expect.stringMatching(/^invalid phone/) },
    ]);
  });

  it("RCS: template by id, the business's agent as sender", async () => {
    const rcs = await approvedTemplate(a.business.id, { channel: "rcs" });
    await uploadList(a, "rcs-list", CSV);
    const res = await launchOnList(a, "rcs-list", {
      businessId: a.business.id,
      name: "RCS promo",
      channelType: "rcs",
      template: {
        id: rcs.id,
        components: [{ type: "BODY", variables: [{ type: "text", value: "${name}" }] }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ channelType: "rcs", template: { id: rcs.id }, accepted: 2 });
    expect(res.json.phoneNumberId).toMatch(/^sim_agent_/);
  });

  it("CAROUSEL components address cards by card_index; an index past the template's cards is a 400", async () => {
    const carousel = await approvedTemplate(a.business.id, {
      components: [
        { type: "BODY", text: "Pick one", example: { body_text: [] } },
        {
          type: "CAROUSEL",
          cards: [0, 1].map(() => ({
            components: [
              { type: "HEADER", format: "IMAGE", example: { header_handle: [] } },
              { type: "BODY", text: "Card {{1}}", example: { body_text: [["x"]] } },
            ],
          })),
        },
      ],
    });
    await uploadList(a, "cards", CSV);
    const card = (i: number) => ({
      card_index: i,
      components: [
        { type: "HEADER", format: "IMAGE", media: { mediaUrl: "https://cdn.example.com/a.png" } },
        { type: "BODY", variables: [{ type: "text", value: "${order}" }] },
      ],
    });
    const body = (cards: unknown[]) => ({
      ...chatappLaunch(carousel.name, phoneOf(a)),
      template: { name: carousel.name, language: "en_US", components: [{ type: "CAROUSEL", cards }] },
    });
    const ok = await launchOnList(a, "cards", body([card(0), card(1)]));
    expect(ok.status).toBe(200);
    const bad = await launchOnList(a, "cards", body([card(0), card(2)]));
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("template.components.0.cards.1.card_index");
  });

  it("400 with the path at fault: template, language, approval, columns, phoneNumberId, list, body", async () => {
    await uploadList(a, "checks", CSV);
    const pending = await approvedTemplate(a.business.id, { status: "PENDING" });
    const foreign = await approvedTemplate(b.business.id);
    const cases: Array<[unknown, string, string?]> = [
      [chatappLaunch("no_such_template", phoneOf(a)), "template.name"],
      [
        { ...chatappLaunch(tpl, phoneOf(a)), template: { name: tpl, language: "fr", components: [] } },
        "template.language",
      ],
      [chatappLaunch(pending.name, phoneOf(a)), "template.name"],
      [chatappLaunch(foreign.name, phoneOf(a)), "template.name"],
      [chatappLaunch(tpl, phoneOf(a), ["${city}"]), "template.components.0.variables.0.value"],
      [chatappLaunch(tpl, phoneOf(b)), "phoneNumberId"],
      [{ ...chatappLaunch(tpl, phoneOf(a)), phoneNumberId: undefined }, "phoneNumberId"],
      [{ ...chatappLaunch(tpl, phoneOf(a)), name: "" }, "name"],
      [{ ...chatappLaunch(tpl, phoneOf(a)), scheduleTime: "tomorrow" }, "scheduleTime"],
      [{ ...chatappLaunch(tpl, phoneOf(a)), promotionEndTime: 1_000 }, "promotionEndTime"],
      [{ ...chatappLaunch(tpl, phoneOf(a)), businessId: b.business.id }, "businessId"],
    ];
    for (const [body, path] of cases) {
      const res = await launchOnList(a, "checks", body);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // Another business's list is not found for this one.
    await uploadList(b, "b-only", CSV);
    const other = await launchOnList(a, "b-only", chatappLaunch(tpl, phoneOf(a)));
    expect(other.status).toBe(400);
    expect(other.json.error.details[0].path).toBe("name");
    // Refused launches leave no promotion behind.
    const rows = await db()
      .select()
      .from(promotions)
      .where(and(eq(promotions.businessId, a.business.id), eq(promotions.status, "Preparing")));
    expect(rows).toEqual([]);
  });

  it("401 with another business's key; malformed JSON and a missing body part are 400", async () => {
    const res = await launchOnList({ ...a, apiKey: b.apiKey }, "orders", chatappLaunch(tpl, phoneOf(a)));
    expect(res.status).toBe(401);
    const { api } = await import("@/test/api");
    const bad = await api(`/api/v2/promotion/${a.business.id}/template/launch?name=orders`, {
      headers: { "x-api-key": a.apiKey, "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    const noBody = await post(`/api/v2/promotion/${a.business.id}/template/launch?name=x`, a, [
      { name: "file", value: CSV, filename: "l.csv" },
    ]);
    expect(noBody.status).toBe(400);
    expect(noBody.json.error.details[0].path).toBe("body");
  });

  it("Idempotency-Key: the same launch replays its first answer and creates one promotion", async () => {
    const key = `launch-${Date.now()}`;
    const body = chatappLaunch(tpl, phoneOf(a));
    const first = await launchWithFile(a, "idem", CSV, body, { "idempotency-key": key });
    const again = await launchWithFile(a, "idem", CSV, body, { "idempotency-key": key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.promotionId).toBe(first.json.promotionId);
    const json = await launchOnList(a, "idem", body, { "idempotency-key": `${key}-b` });
    const jsonAgain = await launchOnList(a, "idem", body, { "idempotency-key": `${key}-b` });
    expect(jsonAgain.json.promotionId).toBe(json.json.promotionId);
    const other = await launchOnList(
      a,
      "idem",
      { ...body, name: "other" },
      { "idempotency-key": `${key}-b` },
    );
    expect(other.status).toBe(422);
  });
});
