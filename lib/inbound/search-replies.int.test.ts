import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, phoneOf } from "@/test/messages";
import { searchReplies, typedNumber } from "./search-replies";
import { simulateCustomerReply } from "./simulate-customer-reply";

const ctx = systemCtx("test");

describe("replies inbox", () => {
  it("reads numbers as people write them", () => {
    expect(typedNumber("+91 98123 40002")).toBe("+919812340002");
    expect(typedNumber("(981) 234-0002")).toBe("9812340002");
    expect(typedNumber("where is it")).toBeNull();
  });

  it("pages replies, finds them by a typed number or text, links the last message sent, and stays in its business", async () => {
    const t = await createTestBusiness("Replies", { defaultCountry: "IN" });
    const other = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const sent = await api(`/api/v3/message/${t.business.id}/template`, {
      headers: { "x-api-key": t.apiKey },
      json: a1Body(tpl.name, phoneOf(t), "919812340002"),
    });
    expect(sent.status).toBe(200);
    const reply = (phone: string, text: string, businessId = t.business.id) =>
      simulateCustomerReply(ctx, { businessId, phone, channel: "chatapp", text });
    const first = await reply("919812340002", "Where is my order?");
    await reply("919812340003", "Stop");
    await reply("919812340004", "Thanks");
    await reply("919812340002", "Other business", other.business.id);

    const all = await searchReplies(ctx, t.business.id, { limit: 2, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.text)).toEqual(["Thanks", "Stop"]);
    const page2 = await searchReplies(ctx, t.business.id, { limit: 2, offset: 2 });
    expect(page2.rows.map((r) => r.text)).toEqual(["Where is my order?"]);
    expect(page2.rows[0]!.lastSent).toMatchObject({ id: sent.json.messageId, templateName: tpl.name });

    for (const q of ["+91 98123 40002", "098123 40002", "98123-40002"]) {
      const found = await searchReplies(ctx, t.business.id, { q, limit: 10, offset: 0 });
      expect(
        found.rows.map((r) => r.id),
        q,
      ).toEqual([first.id]);
    }
    const byText = await searchReplies(ctx, t.business.id, { q: "stop", limit: 10, offset: 0 });
    expect(byText.rows.map((r) => r.from)).toEqual(["919812340003"]);
    expect(byText.rows[0]!.lastSent).toBeNull();
    const sorted = await searchReplies(ctx, t.business.id, {
      sort: { id: "from", desc: false },
      limit: 10,
      offset: 0,
    });
    expect(sorted.rows.map((r) => r.from)).toEqual(["919812340002", "919812340003", "919812340004"]);
  });
});
