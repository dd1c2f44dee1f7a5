import { afterEach, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { resetEnv } from "@/lib/env";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, bulkBody, phoneOf } from "@/test/messages";
import { sendBulkMessages } from "../send/send-bulk-messages";
import { dispatchMessages } from "./dispatch-messages";
import type { DispatchJob } from "./dispatch-queue";
import { setSenderRate } from "./sender-rate";
import { sweepMessages } from "./sweep-messages";

// A dispatch job paced by its sender's rate writes its acceptances while it is still sending
// (every MESSAGES_DISPATCH_FLUSH_MS, 250 ms here), not all at its end: the first messages'
// statuses and callbacks do not wait for the last message of the chunk.

const ctx = systemCtx("test");

async function accepted(businessId: string) {
  return rawQuery<{ n: number; writes: number; attempts: number }>(
    db(),
    `SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS writes, coalesce(max(dispatch_attempts), 0) AS attempts
     FROM messages WHERE business_id = $1 AND status <> 'attempted'`,
    [businessId],
  ).then((r) => r[0]!);
}

/** A business whose one sender sends `perSecond`, with `n` messages queued in one dispatch job. */
async function slowChunk(n: number, perSecond: number, first: number) {
  const t = await createTestBusiness();
  const tpl = await approvedTemplate(t.business.id);
  await setSenderRate(ctx, { businessId: t.business.id, sender: phoneOf(t), perSecond });
  const subscribers = Array.from({ length: n }, (_, i) => ({
    subscriberId: `9199000${String(first + i)}`,
    variables: ["x", "y"],
  }));
  await sendBulkMessages(ctx, t.business.id, bulkBody(tpl.name, phoneOf(t), subscribers));
  const jobs = () =>
    rawQuery<{ data: DispatchJob }>(
      db(),
      `SELECT data FROM pgboss.job WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [t.business.id],
    );
  const [job] = await jobs();
  expect(job!.data.ids).toHaveLength(n);
  return { t, job: job!.data, jobs };
}

afterEach(() => {
  delete process.env.MESSAGES_DISPATCH_FLUSH_MS;
  delete process.env.MESSAGES_DISPATCH_LEASE_SECONDS;
  resetEnv();
});

describe("dispatch outcomes written as the job goes", () => {
  it("a chunk sent at 10/s is accepted in several writes while it runs, each message once", async () => {
    process.env.MESSAGES_DISPATCH_FLUSH_MS = "250";
    resetEnv();
    const n = 25;
    const { t, job } = await slowChunk(n, 10, 20_000);

    let running = true;
    const run = dispatchMessages(job).finally(() => (running = false));
    // Seen while the job is still sending (it needs about 1.5 s for the 15 messages after its
    // burst): some messages accepted already, not all.
    const whileRunning: number[] = [];
    while (running) {
      await new Promise((r) => setTimeout(r, 100));
      if (running) whileRunning.push((await accepted(t.business.id)).n);
    }
    await run;
    expect(whileRunning.some((k) => k > 0 && k < n)).toBe(true);
    const end = await accepted(t.business.id);
    expect(end.n).toBe(n);
    expect(end.writes).toBeGreaterThan(1);
    expect(end.attempts).toBe(1);
  });

  it("a chunk sending for longer than its lease keeps its messages: the sweeper re-sends none", async () => {
    // A 1 s lease: the sweeper takes `attempted` messages whose lease ended over a lease ago, so
    // a chunk still sending after ~2 s would see its unsent messages sent by another job too.
    process.env.MESSAGES_DISPATCH_LEASE_SECONDS = "1";
    resetEnv();
    const n = 20;
    const { t, job, jobs } = await slowChunk(n, 5, 21_000); // the burst of 5, then 15 over 3 s
    let running = true;
    const run = dispatchMessages(job).finally(() => (running = false));
    while (running) {
      await new Promise((r) => setTimeout(r, 250));
      await sweepMessages();
    }
    await run;
    expect(await jobs()).toHaveLength(1); // no dispatch job re-queued for its messages
    const end = await accepted(t.business.id);
    expect(end.n).toBe(n);
    expect(end.attempts).toBe(1);
  });
});
