import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { businesses, messageEvents, messages, templates } from "@/db/schema/index";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { storedTemplateContent } from "@/test/stored-content";
import { getMessageTimeline } from "./get-message-timeline";
import { listRecentRecipients } from "../simulator/list-recent-recipients";
import { preview } from "../content/message-preview";
import { searchMessages } from "./search-messages";
import { messageSearchFilters } from "./search-schemas";

const ctx = systemCtx("test");
const page = { limit: 25, offset: 0 };

async function insertMessage(
  businessId: string,
  over: Partial<typeof messages.$inferInsert> = {},
): Promise<typeof messages.$inferSelect> {
  const id = uuidv7();
  const [row] = await db()
    .insert(messages)
    .values({
      id,
      businessId,
      transactionId: uuidv7(),
      channel: "chatapp",
      sender: "1055",
      recipient: "919800000001",
      msgType: "template",
      templateName: "order_update",
      language: "en_US",
      content: { kind: "template" },
      messageRef: id,
      provider: "simulator",
      ...over,
    })
    .returning();
  return row!;
}

describe("searchMessages", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  const tx = uuidv7();
  let first: typeof messages.$inferSelect;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    first = await insertMessage(a.business.id, {
      transactionId: tx,
      recipient: "919811110001",
      createdAt: new Date("2024-01-01T10:00:00Z"),
    });
    await insertMessage(a.business.id, {
      transactionId: tx,
      recipient: "919811110002",
      status: "read",
      createdAt: new Date("2024-01-02T10:00:00Z"),
    });
    await insertMessage(a.business.id, {
      recipient: "14155550100",
      templateName: "promo_50%_off",
      status: "failed",
      errorCode: "131047",
      createdAt: new Date("2024-01-03T10:00:00Z"),
    });
    await insertMessage(a.business.id, {
      channel: "rcs",
      msgType: "rcs_text",
      templateName: "",
      recipient: "447700900123",
    });
    // Business B has a message with the same transaction and number: never visible to A.
    await insertMessage(b.business.id, { transactionId: tx, recipient: "919811110001" });
  });

  const search = (filters: object, extra: object = {}) =>
    searchMessages(ctx, a.business.id, { filters, ...page, ...extra });

  it("lists the business's messages newest first with the total", async () => {
    const r = await search({});
    expect(r.total).toBe(4);
    expect(r.rows.map((x) => x.recipient)).toEqual([
      "447700900123",
      "14155550100",
      "919811110002",
      "919811110001",
    ]);
    expect(r.rows.every((x) => x.id)).toBe(true);
  });

  it("filters by number prefix, transaction, message id, template, status and time range", async () => {
    expect((await search({ number: "+9198111" })).total).toBe(2);
    expect((await search({ number: "919811110002" })).rows[0]!.status).toBe("read");
    expect((await search({ transactionId: tx })).total).toBe(2);
    expect((await search({ messageId: first.id })).rows.map((r) => r.id)).toEqual([first.id]);
    expect((await search({ template: "PROMO_50%" })).rows.map((r) => r.errorCode)).toEqual(["131047"]);
    // '%' and '_' are literal characters in the template filter, not wildcards.
    expect((await search({ template: "order%update" })).total).toBe(0);
    expect((await search({ status: "failed" })).total).toBe(1);
    expect(
      (await search({ from: "2024-01-01T12:00", to: "2024-01-02T10:00" })).rows.map((r) => r.recipient),
    ).toEqual(["919811110002"]);
  });

  it("reads From and To as wall times in the business's zone; a date alone is its whole day", async () => {
    await db().update(businesses).set({ timeZone: "Asia/Kolkata" }).where(eq(businesses.id, a.business.id));
    try {
      // 2024-01-02 in Kolkata is 2024-01-01T18:30Z up to 2024-01-02T18:30Z.
      const day = await search({ from: "2024-01-02", to: "2024-01-02" });
      expect(day.rows.map((r) => r.recipient)).toEqual(["919811110002"]);
      // 15:30 in Kolkata is 10:00Z: the first message, at that very minute, is in.
      const at = await search({ from: "2024-01-01T15:30", to: "2024-01-01T15:30" });
      expect(at.rows.map((r) => r.id)).toEqual([first.id]);
      expect((await search({ from: "2024-01-01T15:31" })).rows.map((r) => r.id)).not.toContain(first.id);
    } finally {
      await db().update(businesses).set({ timeZone: "UTC" }).where(eq(businesses.id, a.business.id));
    }
  });

  it("searches the free text as an id, a number or a template name", async () => {
    expect((await search({}, { q: tx })).total).toBe(2);
    expect((await search({}, { q: first.id })).total).toBe(1);
    expect((await search({}, { q: "4477" })).total).toBe(1);
    expect((await search({}, { q: "order" })).total).toBe(2);
  });

  it("sorts and pages on the server", async () => {
    const asc = await search({}, { sort: { id: "recipient", desc: false }, limit: 2, offset: 0 });
    expect(asc.rows.map((r) => r.recipient)).toEqual(["14155550100", "447700900123"]);
    expect(asc.total).toBe(4);
    const next = await search({}, { sort: { id: "recipient", desc: false }, limit: 2, offset: 2 });
    expect(next.rows.map((r) => r.recipient)).toEqual(["919811110001", "919811110002"]);
  });

  it("never shows another business's messages", async () => {
    const r = await searchMessages(ctx, b.business.id, { filters: { transactionId: tx }, ...page });
    expect(r.total).toBe(1);
    expect((await search({ messageId: r.rows[0]!.id })).total).toBe(0);
  });

  it("says per row what was sent (the first line read) and why a failed message failed", async () => {
    const c = await createTestBusiness();
    const templateId = uuidv7();
    await db()
      .insert(templates)
      .values({
        id: templateId,
        businessId: c.business.id,
        channel: "chatapp",
        name: "order_update",
        language: "en_US",
        components: [{ type: "BODY", text: "Hi {{1}}, order {{2}} is on its way.\nThanks!" }],
      });
    const content = storedTemplateContent("order_update");
    await insertMessage(c.business.id, { templateId, content, status: "read" });
    await insertMessage(c.business.id, { templateId, content, status: "failed", errorCode: "131047" });
    await insertMessage(c.business.id, {
      status: "failed",
      errorCode: "x_provider_9",
      failedReason: "The provider's own words",
    });
    await insertMessage(c.business.id, {
      channel: "rcs",
      msgType: "rcs_text",
      templateName: "",
      content: { kind: "rcs_text", text: "\nSale today only\nsecond line" },
    });
    // Another business's template with the same id never fills this business's summary.
    await insertMessage(b.business.id, { templateId, content });
    const r = await searchMessages(ctx, c.business.id, { ...page, sort: { id: "createdAt", desc: false } });
    expect(r.rows.map((x) => [x.summary, x.reason])).toEqual([
      ["Hi Asha, order A-77 is on its way.", null],
      [
        "Hi Asha, order A-77 is on its way.",
        "Re-engagement message: more than 24 hours since the customer last replied",
      ],
      ["", "The provider's own words"],
      ["Sale today only", null],
    ]);
    const other = await searchMessages(ctx, b.business.id, {
      filters: { template: "order_update" },
      ...page,
    });
    expect(other.rows.every((x) => x.summary === "")).toBe(true);
  });

  it("takes the search box's text from the filters too (one search control)", async () => {
    expect((await search({ q: tx })).total).toBe(2);
    expect((await search({ q: "4477" })).total).toBe(1);
    expect((await search({ q: "order", status: "read" })).total).toBe(1);
  });

  it("validates the filters with field errors (the form and the URL use the same schema)", () => {
    const r = messageSearchFilters.safeParse({
      number: "12ab",
      transactionId: "x",
      from: "2024-02-01T00:00",
      to: "2024-01-01T00:00",
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["number", "transactionId", "to"]));
    expect(messageSearchFilters.parse({})).toMatchObject({ number: "", status: "" });
  });
});

describe("getMessageTimeline", () => {
  it("returns the message with its events in arrival order, only for its business", async () => {
    const [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    const m = await insertMessage(a.business.id, { status: "delivered" });
    const at = (s: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, s));
    await db()
      .insert(messageEvents)
      .values([
        {
          id: uuidv7(),
          businessId: a.business.id,
          messageId: m.id,
          status: "sent",
          outcome: "applied",
          source: "simulator",
          occurredAt: at(1),
          receivedAt: at(1),
        },
        {
          id: uuidv7(),
          businessId: a.business.id,
          messageId: m.id,
          status: "delivered",
          outcome: "applied",
          source: "simulator",
          occurredAt: at(2),
          receivedAt: at(2),
        },
        {
          id: uuidv7(),
          businessId: a.business.id,
          messageId: m.id,
          status: "sent",
          outcome: "late",
          source: "simulator",
          occurredAt: at(1),
          receivedAt: at(3),
        },
      ]);
    const t = await getMessageTimeline(ctx, a.business.id, m.id);
    expect(t.message.id).toBe(m.id);
    expect(t.events.map((e) => `${e.status}:${e.outcome}`)).toEqual([
      "sent:applied",
      "delivered:applied",
      "sent:late",
    ]);
    expect(t.callbacks).toEqual([]);
    // Today an applied step is the message's stamp, not a row: shown from the stamp, in order
    // among the rows, once (the legacy rows above are not doubled by m's stamps, it has none).
    const stamped = await insertMessage(a.business.id, {
      status: "delivered",
      sentAt: at(1),
      deliveredAt: at(2),
    });
    await db()
      .insert(messageEvents)
      .values({
        id: uuidv7(),
        businessId: a.business.id,
        messageId: stamped.id,
        status: "sent",
        outcome: "late",
        source: "simulator",
        occurredAt: at(1),
        receivedAt: at(3),
      });
    const s = await getMessageTimeline(ctx, a.business.id, stamped.id);
    expect(s.events.map((e) => `${e.status}:${e.outcome}:${e.source ?? "stamp"}`)).toEqual([
      "sent:applied:stamp",
      "delivered:applied:stamp",
      "sent:late:simulator",
    ]);
    expect(s.events[1]).toMatchObject({ occurredAt: at(2), receivedAt: null });
    await expect(getMessageTimeline(ctx, b.business.id, m.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getMessageTimeline(ctx, a.business.id, "nope")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("virtual phone helpers", () => {
  it("lists the simulator numbers most recently sent to, per business", async () => {
    const [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    await insertMessage(a.business.id, {
      recipient: "919800000011",
      createdAt: new Date("2024-01-01T00:00:00Z"),
    });
    await insertMessage(a.business.id, {
      recipient: "919800000022",
      createdAt: new Date("2024-01-02T00:00:00Z"),
    });
    await insertMessage(a.business.id, {
      recipient: "919800000011",
      channel: "rcs",
      createdAt: new Date("2024-01-03T00:00:00Z"),
    });
    await insertMessage(a.business.id, { recipient: "919800000033", provider: "whatsapp-cloud" });
    await insertMessage(b.business.id, { recipient: "919800000044" });
    const recent = await listRecentRecipients(ctx, a.business.id);
    expect(recent.map((r) => [r.recipient, r.messages, [...r.channels].sort()])).toEqual([
      ["919800000011", 2, ["chatapp", "rcs"]],
      ["919800000022", 1, ["chatapp"]],
    ]);
  });

  it("previews an RCS rich card with its suggestions as buttons", () => {
    const p = preview(
      {
        kind: "rcs_richcard",
        richCard: {
          standaloneCard: {
            cardOrientation: "VERTICAL",
            cardContent: {
              title: "Sale",
              description: "Half price",
              media: { height: "MEDIUM", contentInfo: { fileUrl: "https://cdn.example/a.png" } },
              suggestions: [{ action: { text: "Shop", openUrlAction: { url: "https://shop.example" } } }],
            },
          },
        },
      },
      [],
    );
    expect(p).toEqual({
      imageUrl: "https://cdn.example/a.png",
      title: "Sale",
      text: "Half price",
      buttons: [{ text: "Shop", url: "https://shop.example" }],
    });
  });
});
