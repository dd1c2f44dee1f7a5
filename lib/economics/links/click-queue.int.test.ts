import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness } from "@/test/factories";
import { createClickQueue, type Click } from "./click-queue";
import { newLinkCode } from "./link-code";
import { writeClicks } from "./write-clicks";

const clickOf = (businessId: string, phone: string): Click => ({
  id: uuidv7(),
  businessId,
  code: newLinkCode(),
  promotionId: uuidv7(),
  phone,
  messageId: null,
  clickedAt: new Date(),
  agentClass: "human",
  userAgent: "test",
});

const written = async (businessId: string) =>
  (
    await rawQuery<{ n: number }>(db(), `SELECT count(*)::int AS n FROM link_clicks WHERE business_id = $1`, [
      businessId,
    ])
  )[0]!.n;

describe("the click queue", () => {
  it("keeps clicks through failed writes and writes them all, once, when the database is back", async () => {
    const t = await createTestBusiness();
    let down = true;
    let attempts = 0;
    const q = createClickQueue({
      write: async (batch) => {
        attempts++;
        if (down)
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
        await writeClicks(batch);
      },
      maxQueued: 1_000,
      batchSize: 40,
      flushMs: 10,
    });
    for (let i = 0; i < 100; i++) q.push(clickOf(t.business.id, `9198${i}`));
    await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toBeGreaterThan(0);
    expect(q.size).toBe(100);
    expect(await q.flush()).toBe(false);
    down = false;
    expect(await q.flush()).toBe(true);
    expect(q.size).toBe(0);
    expect(await written(t.business.id)).toBe(100);
    expect(q.dropped).toBe(0);
  });

  it("flushes on its own shortly after a push", async () => {
    const t = await createTestBusiness();
    const q = createClickQueue({ write: writeClicks, maxQueued: 100, batchSize: 50, flushMs: 20 });
    q.push(clickOf(t.business.id, "919800000001"));
    const deadline = Date.now() + 5_000;
    while ((await written(t.business.id)) < 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await written(t.business.id)).toBe(1);
  });

  it("holds at most maxQueued clicks while the database is away, dropping the oldest and counting them", async () => {
    const t = await createTestBusiness();
    let dropped = 0;
    let down = true;
    const q = createClickQueue({
      write: async (batch) => {
        if (down) throw new Error("down");
        await writeClicks(batch);
      },
      maxQueued: 10,
      batchSize: 5,
      flushMs: 60_000,
      onDrop: (n) => (dropped += n),
    });
    const all = Array.from({ length: 25 }, (_, i) =>
      clickOf(t.business.id, `91980000${String(i).padStart(4, "0")}`),
    );
    for (const c of all) q.push(c);
    expect(q.size).toBe(10);
    expect(q.dropped).toBe(15);
    expect(dropped).toBe(15);
    down = false;
    expect(await q.flush()).toBe(true);
    const phones = await rawQuery<{ phone: string }>(
      db(),
      `SELECT phone FROM link_clicks WHERE business_id = $1 ORDER BY phone`,
      [t.business.id],
    );
    expect(phones.map((p) => p.phone)).toEqual(all.slice(15).map((c) => c.phone));
  });

  it("drops only the clicks PostgreSQL refuses for their data (a deleted business), writing the rest", async () => {
    const t = await createTestBusiness();
    const q = createClickQueue({ write: writeClicks, maxQueued: 100, batchSize: 50, flushMs: 60_000 });
    q.push(clickOf(t.business.id, "919800000001"));
    q.push(clickOf(uuidv7(), "919800000002")); // no such business: a foreign-key violation
    q.push(clickOf(t.business.id, "919800000003"));
    expect(await q.flush()).toBe(true);
    expect(await written(t.business.id)).toBe(2);
    expect(q.dropped).toBe(1);
  });
});
