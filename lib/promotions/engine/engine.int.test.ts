import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { rawQuery } from "@/lib/jobs/raw-sql";
import { drainAll } from "@/test/messages";
import { createTestBusiness } from "@/test/factories";
import {
  createTestPromotion,
  finalStatus,
  numbers,
  promotionRow,
  recipientStates,
  runUntil,
} from "@/test/promotions";
import { runDuePromotions } from "./run-due-promotions";

const counters = async (id: string) =>
  rawQuery<Record<string, number>>(
    db(),
    `SELECT round, attempted, failed, sent, delivered, read, interacted, optout FROM promotion_counters
     WHERE promotion_id = $1 ORDER BY round`,
    [id],
  );

describe("promotion engine", () => {
  afterEach(() => {
    delete process.env.PROMOTIONS_RETRYABLE_CODES;
    delete process.env.PROMOTIONS_RETRY_DELAY_SECONDS;
    resetEnv();
  });

  it("sends every pending recipient once, fills its variables, skips opted-out numbers and completes", async () => {
    const t = await createTestBusiness();
    const phones = numbers(25);
    const { id } = await createTestPromotion(t, { phones, optedOut: ["919999990001"] });
    await runUntil(finalStatus(id));
    await drainAll();
    const p = await promotionRow(id);
    expect(p.status).toBe("Completed");
    expect(p.startTime).not.toBeNull();
    expect(await recipientStates(id)).toEqual({ read: 25, optout: 1 });
    const msgs = await rawQuery<{ recipient: string; content: any; message_ref: string; n: number }>(
      db(),
      `SELECT recipient, content, message_ref FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY recipient`,
      [t.business.id, id],
    );
    expect(msgs).toHaveLength(25);
    expect(new Set(msgs.map((m) => m.recipient)).size).toBe(25);
    expect(msgs.map((m) => m.recipient)).not.toContain("919999990001");
    expect(msgs[0]!.content.components).toEqual([
      {
        type: "body",
        parameters: [
          { type: "text", text: "Name 0" },
          { type: "text", text: "O-0" },
        ],
      },
    ]);
    expect(msgs[0]!.message_ref).toBe("sub-0");
    const [tx] = await rawQuery<{ kind: string; total: number }>(
      db(),
      `SELECT kind, total FROM message_transactions WHERE id = $1`,
      [id],
    );
    expect(tx).toEqual({ kind: "promotion", total: 25 });
    expect(await counters(id)).toEqual([
      { round: 0, attempted: 25, failed: 0, sent: 0, delivered: 0, read: 25, interacted: 0, optout: 1 },
    ]);
  });

  it("a scheduled promotion waits for its time, then becomes Active", async () => {
    const t = await createTestBusiness();
    const { id } = await createTestPromotion(t, {
      phones: numbers(3),
      scheduleTime: new Date(Date.now() + 1500),
    });
    await runDuePromotions();
    expect((await promotionRow(id)).status).toBe("Scheduled");
    expect(await recipientStates(id)).toEqual({ pending: 3 });
    await new Promise((r) => setTimeout(r, 1600));
    await runUntil(finalStatus(id));
    expect((await promotionRow(id)).status).toBe("Completed");
  });

  it("staggered: batchSize recipients per step, the next step after batchTimer seconds", async () => {
    const t = await createTestBusiness();
    const { id } = await createTestPromotion(t, {
      phones: numbers(5),
      staggered: { batchSize: 2, batchTimer: 60 },
    });
    await runDuePromotions();
    await runDuePromotions(); // not due again for 60 s
    expect((await recipientStates(id)).pending).toBe(3);
    const p = await promotionRow(id);
    expect(p.nextRunAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
  });

  it("expiry: unsent recipients end expired, not failed", async () => {
    const t = await createTestBusiness();
    const { id } = await createTestPromotion(t, {
      phones: numbers(4),
      scheduleTime: new Date(Date.now() + 3_600_000),
      endTime: new Date(Date.now() + 300),
    });
    await new Promise((r) => setTimeout(r, 400));
    await runDuePromotions();
    const p = await promotionRow(id);
    expect(p.status).toBe("Expired");
    expect(p.statusReason).toMatch(/promotionEndTime/);
    expect(await recipientStates(id)).toEqual({ expired: 4 });
  });

  it("retry rounds: only retryable failures are sent again, one counters entry per round", async () => {
    process.env.PROMOTIONS_RETRYABLE_CODES = "131026";
    process.env.PROMOTIONS_RETRY_DELAY_SECONDS = "0";
    resetEnv();
    const t = await createTestBusiness();
    // 0026: undeliverable (made retryable here); 0047: re-engagement (never retried); 0001: read.
    const phones = [...numbers(3, "0026"), ...numbers(2, "0047", 10), ...numbers(4, "0001", 20)];
    const { id } = await createTestPromotion(t, { phones, retry: 2 });
    await runUntil(finalStatus(id));
    await drainAll();
    const p = await promotionRow(id);
    expect(p.status).toBe("Completed");
    expect(p.currentRound).toBe(2);
    expect(p.retriesLeft).toBe(0);
    expect(await counters(id)).toEqual([
      { round: 0, attempted: 9, failed: 5, sent: 0, delivered: 0, read: 4, interacted: 0, optout: 0 },
      { round: 1, attempted: 3, failed: 3, sent: 0, delivered: 0, read: 0, interacted: 0, optout: 0 },
      { round: 2, attempted: 3, failed: 3, sent: 0, delivered: 0, read: 0, interacted: 0, optout: 0 },
    ]);
    const sends = await rawQuery<{ round: number; n: number }>(
      db(),
      `SELECT round, count(*)::int AS n FROM promotion_sends WHERE promotion_id = $1 GROUP BY round ORDER BY round`,
      [id],
    );
    expect(sends).toEqual([
      { round: 0, n: 9 },
      { round: 1, n: 3 },
      { round: 2, n: 3 },
    ]);
  });
});
