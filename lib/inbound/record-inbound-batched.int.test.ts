import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { chatappSender } from "@/test/conversations";
import { customerText } from "@/test/customer-text";
import { createTestBusiness, createTestUser, type TestBusiness } from "@/test/factories";
import { recordInboundBatched } from "./record-inbound-batched";

const text = (t: TestBusiness, from: string) => ({
  businessId: t.business.id,
  channel: "chatapp" as const,
  provider: "whatsapp-cloud",
  messages: [customerText(from, chatappSender(t))],
});

describe("inbound messages from concurrent webhooks", () => {
  it("are stored and routed in one transaction, for several businesses, each webhook answered once committed", async () => {
    const [a, b] = [await createTestBusiness(), await createTestBusiness()];
    for (const t of [a, b]) for (let i = 0; i < 2; i++) await createTestUser(t.business.id);
    const items = Array.from({ length: 20 }, (_, i) =>
      text(i % 2 ? a : b, `9192${String(i).padStart(8, "0")}`),
    );
    // A redelivery arriving with its first delivery: stored once.
    items.push({ ...text(a, "919200000001"), messages: items[1]!.messages });
    await Promise.all(items.map((i) => recordInboundBatched(i)));

    const rows = await rawQuery<{ business_id: string; n: number; txs: number }>(
      db(),
      `SELECT business_id, count(*)::int AS n, count(DISTINCT xmin::text)::int AS txs FROM inbound_messages
       WHERE business_id = ANY($1::uuid[]) GROUP BY business_id`,
      [[a.business.id, b.business.id]],
    );
    expect(rows.map((r) => r.n)).toEqual([10, 10]);
    expect(rows.every((r) => r.txs === 1)).toBe(true);
    const [routed] = await rawQuery<{ open: number; assigned: number }>(
      db(),
      `SELECT count(*)::int AS open, count(assignee_id)::int AS assigned FROM conversations
       WHERE business_id = ANY($1::uuid[])`,
      [[a.business.id, b.business.id]],
    );
    expect(routed).toEqual({ open: 20, assigned: 20 });
  });
});
