import { describe, expect, it } from "vitest";
import { businesses } from "@/db/schema";
import { eq } from "drizzle-orm";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, bulkBody, drainAll, phoneOf } from "@/test/messages";
import { compactMessageStats } from "./compact-message-stats";
import { getOverview } from "./get-overview";
import { totalOf } from "./schemas";

const numbers = [
  "919900000001",
  "919900000012",
  "919900000047",
  "919900000002",
  "919900000003",
  "919900000026",
];

describe("overview numbers", () => {
  it("equal B3's counters after a seeded run, and survive compaction", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const subs = numbers.map((subscriberId) => ({ subscriberId, variables: ["A", "B"] }));
    const res = await api(`/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: bulkBody(tpl.name, phoneOf(t), subs),
    });
    expect(res.status).toBe(200);
    await drainAll();
    const b3 = await api(
      `/api/v2/message/${t.business.id}/status/${res.json.transactionId}/partial?apikey=${t.apiKey}`,
    );
    expect(b3.json.attempted).toBe(6);

    const ctx = systemCtx("test");
    const o = await getOverview(ctx, t.business.id);
    const today = o.messages.totals.today;
    // B3 counts `attempted` as the total, every other counter under the current status.
    expect(totalOf(today)).toBe(b3.json.attempted);
    for (const k of ["failed", "error", "accepted", "sent", "delivered", "read"] as const)
      expect(today[k], k).toBe(b3.json[k]);
    expect(o.messages.totals.last7).toEqual(today);
    expect(o.messages.days).toHaveLength(30);
    expect(o.messages.failures).toEqual([
      { errorCode: "131026", reason: expect.stringContaining("undeliverable"), count: 1 },
      { errorCode: "131047", reason: expect.stringContaining("Re-engagement"), count: 1 },
    ]);
    // delivered + read out of everything that left
    expect(o.messages.rates.last7.delivery).toBeCloseTo(3 / 6);
    expect(o.messages.rates.last7.read).toBeCloseTo(2 / 3);

    const parts = async () =>
      (
        await rawQuery<{ n: number }>(
          db(),
          `SELECT count(*)::int AS n FROM message_stats WHERE business_id = $1`,
          [t.business.id],
        )
      )[0]!.n;
    const before = await parts();
    await compactMessageStats(ctx, t.business.id);
    expect(await parts()).toBeLessThan(before);
    expect((await getOverview(ctx, t.business.id)).messages).toEqual(o.messages);
  });

  it("cuts days at the business's midnight (India, +5:30) and sees no other business", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    await db().update(businesses).set({ timeZone: "Asia/Kolkata" }).where(eq(businesses.id, t.business.id));
    const tpl = await approvedTemplate(t.business.id);
    const ids = await rawQuery<{ id: string }>(
      db(),
      `SELECT gen_random_uuid() AS id FROM generate_series(1, 3)`,
    );
    // 18:29 and 18:31 UTC on 1 March are 23:59 on 1 March and 00:01 on 2 March in India.
    const at = ["2026-03-01T18:29:00Z", "2026-03-01T18:31:00Z", "2026-03-01T18:45:00Z"];
    await rawQuery(
      db(),
      `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type, template_id,
         content, message_ref, provider, created_at, status)
       SELECT v.id, $1, v.id, 'chatapp', 's', '919900000001', 'template', $2, '{}', 'r', 'simulator', v.at, 'sent'
       FROM unnest($3::uuid[], $4::timestamptz[]) AS v(id, at)`,
      [t.business.id, tpl.id, ids.map((r) => r.id), at],
    );
    const o = await getOverview(systemCtx("test"), t.business.id, new Date("2026-03-02T12:00:00Z"));
    expect(o.messages.today).toBe("2026-03-02");
    expect(o.messages.totals.today.sent).toBe(2);
    expect(o.messages.days.at(-2)).toMatchObject({ day: "2026-03-01", sent: 1 });
    const others = await getOverview(systemCtx("test"), other.business.id, new Date("2026-03-02T12:00:00Z"));
    expect(totalOf(others.messages.totals.last30)).toBe(0);
  });
});
