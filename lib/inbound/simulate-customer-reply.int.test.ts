import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import { listCustomerReplies } from "./list-customer-replies";
import { simulateCustomerReply } from "./simulate-customer-reply";

const ctx = systemCtx("test");

describe("virtual phone reply", () => {
  it("stores the reply as a simulator inbound message and delivers message.received", async () => {
    const t = await createTestBusiness();
    const rx = await startReceiver();
    try {
      const res = await api(`/api/v3/callbacks/${t.business.id}/endpoints`, {
        headers: { "x-api-key": t.apiKey },
        json: { url: rx.url, events: ["message.received"] },
      });
      expect(res.status).toBe(201);
      const sender = t.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;

      const { id } = await simulateCustomerReply(ctx, {
        businessId: t.business.id,
        phone: "+919812300001",
        channel: "chatapp",
        text: "  Where is my order?  ",
      });
      const [row] = await rawQuery<{ provider: string; from: string; to: string; text: string }>(
        db(),
        `SELECT provider, "from", "to", text FROM inbound_messages WHERE business_id = $1 AND id = $2`,
        [t.business.id, id],
      );
      expect(row).toEqual({
        provider: "simulator",
        from: "919812300001",
        to: sender,
        text: "Where is my order?",
      });
      expect(await listCustomerReplies(ctx, { businessId: t.business.id, phone: "919812300001" })).toEqual([
        { id, channel: "chatapp", type: "text", text: "Where is my order?", receivedAt: expect.any(Number) },
      ]);

      await drainAll();
      expect(rx.received).toHaveLength(1);
      expect(rx.received[0]!.headers["x-switchboard-event"]).toBe("message.received");
      expect(JSON.parse(rx.received[0]!.body)).toMatchObject({
        messageId: id,
        channel: "chatapp",
        subscriberId: "919812300001",
        to: sender,
        type: "text",
        text: "Where is my order?",
        replyToMessageId: null,
      });
    } finally {
      await rx.close();
    }
  });

  it("refuses an empty reply and an invalid number", async () => {
    const t = await createTestBusiness();
    const base = { businessId: t.business.id, phone: "+919812300001", channel: "rcs" as const };
    await expect(simulateCustomerReply(ctx, { ...base, text: "   " })).rejects.toThrow();
    await expect(simulateCustomerReply(ctx, { ...base, phone: "12ab", text: "hi" })).rejects.toThrow(
      /not a valid/,
    );
  });
});
