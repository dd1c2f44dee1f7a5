import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { resetEnv } from "@/lib/env";
import { rawQuery } from "@/lib/db/sql";
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
import { applyStatusEvents, type StatusEventInput } from "@/lib/messages/status/apply-status-events";
import { systemCtx } from "@/lib/context";
import { handleMetaCategoryUpdate } from "./category-update-handler";
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
    delete process.env.PROMOTIONS_ROUND_TIMEOUT_SECONDS;
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
      scheduleTime: new Date(Date.now() + 3_600_000),
    });
    await runDuePromotions();
    const scheduled = await promotionRow(id);
    expect(scheduled.status).toBe("Scheduled");
    expect(scheduled.nextRunAt!.getTime() - Date.now()).toBeGreaterThan(3_500_000);
    expect(await recipientStates(id)).toEqual({ pending: 3 });
    // The hour passes (however slow the machine, nothing is due before this).
    await rawQuery(
      db(),
      `UPDATE promotions SET schedule_time = now() - interval '1 second', next_run_at = now() - interval '1 second'
       WHERE business_id = $1 AND id = $2`,
      [t.business.id, id],
    );
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

  it("template_category_update stops promotions with stopOnCategoryUpdate, says why, records the category", async () => {
    const t = await createTestBusiness();
    const watched = await createTestPromotion(t, { phones: numbers(2), stopOnCategoryUpdate: true });
    const ref = `cat-${watched.id.slice(-8)}`;
    await rawQuery(
      db(),
      `UPDATE templates SET provider = 'whatsapp-cloud', provider_ref = $2 WHERE id = $1`,
      [watched.template.id, ref],
    );
    await handleMetaCategoryUpdate(
      {
        field: "template_category_update",
        value: { message_template_id: ref, previous_category: "UTILITY", new_category: "MARKETING" },
      },
      { id: "waba" },
      { businessId: t.business.id },
    );
    const p = await promotionRow(watched.id);
    expect(p.status).toBe("Stopped");
    expect(p.statusReason).toMatch(/UTILITY to MARKETING/);
    const [tpl] = await rawQuery<{ category: string }>(db(), `SELECT category FROM templates WHERE id = $1`, [
      watched.template.id,
    ]);
    expect(tpl!.category).toBe("MARKETING");
    // Another business's webhook URL does not reach this template.
    const other = await createTestBusiness();
    await rawQuery(db(), `UPDATE promotions SET status = 'Active' WHERE id = $1`, [watched.id]);
    await handleMetaCategoryUpdate(
      { field: "template_category_update", value: { message_template_id: ref, new_category: "UTILITY" } },
      { id: "waba" },
      { businessId: other.business.id },
    );
    expect((await promotionRow(watched.id)).status).toBe("Active");
  });

  it("counters equal a COUNT over recipients after a chaotic run (random, duplicate, out-of-order statuses)", async () => {
    const t = await createTestBusiness();
    const { id } = await createTestPromotion(t, { phones: numbers(120), optedOut: ["919999990001"] });
    await runDuePromotions(); // creates the messages; their dispatch never runs in this test
    const msgs = await rawQuery<{ id: string }>(db(), `SELECT id FROM messages WHERE transaction_id = $1`, [
      id,
    ]);
    expect(msgs).toHaveLength(120);
    const statuses = ["sent", "delivered", "read", "failed", "error"] as const;
    const events: StatusEventInput[] = [];
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const m of msgs) {
      const n = Math.floor(rnd() * 5);
      for (let i = 0; i < n; i++) {
        const status = statuses[Math.floor(rnd() * statuses.length)]!;
        events.push({
          businessId: t.business.id,
          messageId: m.id,
          status,
          at: new Date(),
          errorCode: "131000",
          source: "test",
        });
      }
    }
    events.sort(() => rnd() - 0.5);
    for (let i = 0; i < events.length;) {
      const size = 1 + Math.floor(rnd() * 40);
      await applyStatusEvents(systemCtx("test"), events.slice(i, i + size));
      i += size;
    }
    const states = await recipientStates(id);
    const [c] = await counters(id);
    expect(c).toEqual({
      round: 0,
      attempted: 120,
      failed: states.failed ?? 0,
      sent: states.sent ?? 0,
      delivered: states.delivered ?? 0,
      read: states.read ?? 0,
      interacted: 0,
      optout: 1,
    });
    expect((states.queued ?? 0) + c!.failed! + c!.sent! + c!.delivered! + c!.read!).toBe(120);
    // Each recipient mirrors its message (error counts as failed).
    const mismatched = await rawQuery(
      db(),
      `SELECT 1 FROM promotion_recipients r JOIN messages m ON m.id = r.message_id
       WHERE r.promotion_id = $1 AND r.state <> CASE WHEN m.status IN ('attempted', 'accepted') THEN 'queued'
         WHEN m.status = 'error' THEN 'failed' ELSE m.status END`,
      [id],
    );
    expect(mismatched).toHaveLength(0);
  });

  it("a round whose messages are never reported fails them after PROMOTIONS_ROUND_TIMEOUT_SECONDS and ends", async () => {
    process.env.PROMOTIONS_ROUND_TIMEOUT_SECONDS = "1";
    resetEnv();
    const t = await createTestBusiness();
    const { id } = await createTestPromotion(t, { phones: numbers(4) });
    // The scheduler sends, but no dispatch runs: no status ever comes back.
    await runDuePromotions();
    expect(await recipientStates(id)).toEqual({ queued: 4 });
    await runDuePromotions();
    expect((await promotionRow(id)).status).toBe("Active"); // still waiting, inside the timeout
    expect((await promotionRow(id)).roundDrainedAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1_100));
    await runDuePromotions();
    expect((await promotionRow(id)).status).toBe("Completed");
    expect(await recipientStates(id)).toEqual({ failed: 4 });
    const errors = await rawQuery<{ error_code: string; error: string }>(
      db(),
      `SELECT DISTINCT error_code, error FROM promotion_recipients WHERE promotion_id = $1`,
      [id],
    );
    expect(errors).toEqual([
      { error_code: "round_timeout", error: expect.stringContaining("PROMOTIONS_ROUND_TIMEOUT_SECONDS") },
    ]);
    expect(await counters(id)).toEqual([
      { round: 0, attempted: 4, failed: 4, sent: 0, delivered: 0, read: 0, interacted: 0, optout: 0 },
    ]);
    // The statuses that come late change nothing: the recipients stay failed, counted once.
    await drainAll();
    expect(await recipientStates(id)).toEqual({ failed: 4 });
    expect((await counters(id))[0]).toMatchObject({ attempted: 4, failed: 4, read: 0 });
  });
});
