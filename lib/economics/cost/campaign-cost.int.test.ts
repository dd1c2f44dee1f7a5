import { describe, expect, it } from "vitest";
import { parseMetaStatuses } from "@/lib/channels/whatsapp-cloud/message-statuses";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { applyStatusEvents } from "@/lib/messages/status/apply-status-events";
import { createTestBusiness } from "@/test/factories";
import { createTestPromotion, finalStatus, numbers, runUntil } from "@/test/promotions";
import { campaignCost } from "./campaign-cost";

const ctx = systemCtx("test");

describe("a campaign's cost: the rate card, and what Meta's statuses said it billed", () => {
  it("reads Meta's pricing off a status (billable, category), and ignores a malformed one", () => {
    const { events } = parseMetaStatuses({
      statuses: [
        {
          id: "wamid.1",
          status: "delivered",
          timestamp: "1796256000",
          pricing: {
            billable: false,
            pricing_model: "PMP",
            category: "UTILITY",
            type: "free_customer_service",
          },
        },
        { id: "wamid.2", status: "delivered", timestamp: "1796256000", pricing: { billable: "yes" } },
        { id: "wamid.3", status: "sent", timestamp: "1796256000" },
      ],
    });
    expect(events.map((e) => e.pricing)).toEqual([
      { billable: false, category: "utility" },
      undefined,
      undefined,
    ]);
  });

  it("prices delivered messages by the card unless Meta said: free costs nothing, billed at Meta's category", async () => {
    const t = await createTestBusiness();
    // 0002: delivered, never read; 0003: sent only (not charged); all Indian numbers, marketing.
    const delivered = numbers(4, "0002");
    const sentOnly = numbers(2, "0003", 10);
    const { id } = await createTestPromotion(t, { phones: [...delivered, ...sentOnly] });
    await runUntil(finalStatus(id));
    await runUntil(async () => {
      const [r] = await rawQuery<{ n: number }>(
        db(),
        `SELECT count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND state = 'delivered'`,
        [id],
      );
      return r!.n === 4;
    });
    expect(await campaignCost(ctx, t.business.id, id)).toMatchObject({
      category: "marketing",
      messages: 4,
      total: 0.0428,
      free: 0,
      reported: 0,
    });

    // Meta's read statuses: one not billable (free), one billed as utility.
    const ids = await rawQuery<{ message_id: string }>(
      db(),
      `SELECT message_id FROM promotion_recipients WHERE promotion_id = $1 AND state = 'delivered' ORDER BY seq LIMIT 2`,
      [id],
    );
    await applyStatusEvents(ctx, [
      {
        messageId: ids[0]!.message_id,
        status: "read",
        at: new Date(),
        source: "test",
        pricing: { billable: false, category: "marketing" },
      },
      {
        messageId: ids[1]!.message_id,
        status: "read",
        at: new Date(),
        source: "test",
        pricing: { billable: true, category: "utility" },
      },
    ]);
    const cost = await campaignCost(ctx, t.business.id, id);
    expect(cost).toMatchObject({ messages: 3, free: 1, reported: 1, total: 0.0228 }); // 2 x 0.0107 + 0.0014
    expect(cost!.byCountry.map((l) => [l.category, l.messages])).toEqual([
      ["marketing", 2],
      ["utility", 1],
    ]);
    const [stored] = await rawQuery(db(), `SELECT billable, pricing_category FROM messages WHERE id = $1`, [
      ids[1]!.message_id,
    ]);
    expect(stored).toEqual({ billable: true, pricing_category: "utility" });
    // Another business sees no campaign of this id.
    expect(await campaignCost(ctx, (await createTestBusiness()).business.id, id)).toBeNull();
  });
});
