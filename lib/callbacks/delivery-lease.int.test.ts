import { afterEach, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { resetEnv } from "@/lib/env";
import { leasedOnFirstRun } from "@/lib/jobs/job-leases";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness } from "@/test/factories";
import { createEndpoint } from "./create-endpoint";
import { requeueStranded, type DeliveryJob } from "./deliver-job";
import { enqueueCallbacks } from "./enqueue-callbacks";
import { processDeliveries } from "./process-deliveries";
import type { CallbackEvent } from "./schemas";

// Deliveries are born leased to their first job. That job owns them while at least half the
// birth lease is left; later in that lease (a backlog delayed it) it claims them with a write,
// and nobody else may take them before the lease ends. A row another job claimed is never its.

const ctx = systemCtx("test");

function sent(i: number): CallbackEvent<"message.status"> {
  return {
    event: "message.status",
    payload: {
      messageId: `m-${i}`,
      messageRef: `ref-${i}`,
      subscriberId: "919900000001",
      status: "sent",
      sentAt: 1_700_000_000 + i,
    },
  };
}

async function rows(ids: string[]) {
  return rawQuery<{ id: string; status: string; attempts: number; locked: boolean }>(
    db(),
    `SELECT id, status, attempts, locked_until IS NOT NULL AS locked
     FROM callback_deliveries WHERE id = ANY($1::uuid[]) ORDER BY id`,
    [ids],
  );
}

const receivers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close().catch(() => undefined)));
  delete process.env.CALLBACK_LEASE_SECONDS;
  delete process.env.CALLBACK_CONCURRENCY;
  resetEnv();
});

/** A business with one endpoint on a local receiver, and `n` deliveries with their first job. */
async function enqueue(n: number, respond?: Parameters<typeof startReceiver>[0]) {
  const t = await createTestBusiness();
  const rx = await startReceiver(respond);
  receivers.push(rx);
  await createEndpoint(ctx, t.business.id, { url: rx.url });
  const events = Array.from({ length: n }, (_, i) => sent(i));
  const { deliveryIds } = await enqueueCallbacks(ctx, t.business.id, events);
  const [job] = await rawQuery<{ data: DeliveryJob }>(
    db(),
    `SELECT data FROM pgboss.job WHERE name = 'callbacks.deliver' AND data->>'businessId' = $1`,
    [t.business.id],
  );
  return { businessId: t.business.id, ids: deliveryIds, job: job!.data, rx };
}

/** The job as the worker runs it (lib/wiring.ts), on its first run or a later one. */
const run = (job: DeliveryJob, retryCount = 0) =>
  processDeliveries(leasedOnFirstRun(job, { id: "x", queue: "callbacks.deliver", retryCount }));

describe("callback deliveries born leased", () => {
  it("a first job that starts with less than half the birth lease left claims its rows and sends them", async () => {
    const { businessId, ids, job, rx } = await enqueue(2);
    expect(job).toMatchObject({ ids, leased: true });
    // The birth lease is nearly over (a long backlog ahead of the job), not yet ended.
    await rawQuery(
      db(),
      `UPDATE callback_deliveries SET locked_until = now() + interval '3 seconds' WHERE business_id = $1`,
      [businessId],
    );
    // Nobody else may take them while that lease lasts (a sweeper's job, a retried run) ...
    expect(await processDeliveries({ businessId, ids })).toMatchObject({ claimed: 0 });
    expect(await run(job, 1)).toMatchObject({ claimed: 0 });
    expect(rx.received).toHaveLength(0);
    // ... but their own job's first run does, at once: no wait for the lease or the sweeper.
    expect(await run(job)).toMatchObject({ claimed: 2, delivered: 2 });
    expect(rx.received).toHaveLength(2);
    expect(await rows(ids)).toEqual(
      ids.map((id) => ({ id, status: "delivered", attempts: 1, locked: false })),
    );
  });

  it("a late first job leaves alone the rows another job claimed after the birth lease ended", async () => {
    // The receiver holds the first request until released: a send in flight.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { businessId, ids, job, rx } = await enqueue(1, async () => {
      await held;
      return 200;
    });
    // The job was delayed past its whole birth lease; a sweeper's job claims the row and sends.
    await rawQuery(
      db(),
      `UPDATE callback_deliveries SET locked_until = now() - interval '1 second',
         next_attempt_at = now() - interval '1 hour' WHERE business_id = $1`,
      [businessId],
    );
    const sweepers = processDeliveries({ businessId, ids });
    const deadline = Date.now() + 10_000;
    while (rx.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(rx.received).toHaveLength(1);
    // The row is claimed and not yet attempted (attempts count at the outcome): still not the
    // first job's to take.
    expect(await rows(ids)).toEqual([{ id: ids[0], status: "pending", attempts: 0, locked: true }]);
    expect(await run(job)).toMatchObject({ claimed: 0 });
    release();
    expect(await sweepers).toMatchObject({ claimed: 1, delivered: 1 });
    expect(rx.received).toHaveLength(1);
    expect(await rows(ids)).toEqual([{ id: ids[0], status: "delivered", attempts: 1, locked: false }]);
  });

  it("a chunk sending for longer than its lease keeps it: the sweeper queues none of its rows again", async () => {
    // One request at a time, 150 ms each: 45 deliveries take ~7 s, past the 5-s lease after
    // which the sweeper takes a pending row that is not leased for stranded.
    process.env.CALLBACK_LEASE_SECONDS = "5";
    process.env.CALLBACK_CONCURRENCY = "1";
    resetEnv();
    const { businessId, ids, job, rx } = await enqueue(45, async () => {
      await new Promise((r) => setTimeout(r, 150));
      return 200;
    });
    let running = true;
    const sending = run(job).finally(() => (running = false));
    while (running) {
      await new Promise((r) => setTimeout(r, 500));
      await requeueStranded();
    }
    expect(await sending).toMatchObject({ claimed: 45, delivered: 45 });
    const jobs = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'callbacks.deliver' AND data->>'businessId' = $1`,
      [businessId],
    );
    expect(jobs[0]!.n).toBe(1);
    expect(rx.received).toHaveLength(45);
    expect((await rows(ids)).every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  });
});
