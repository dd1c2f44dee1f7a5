import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { systemCtx, inTransaction } from "../context";
import { db } from "../db/pool";
import { resetEnv } from "../env";
import { rawQuery } from "../db/sql";
import { uuidv7Floor } from "../ids";
import { readSweepMark, writeSweepMark } from "../jobs/sweep-marks";
import { drainQueues } from "../jobs/drain-queues";
import { createEndpoint } from "./create-endpoint";
import { enqueueCallback, enqueueCallbacks } from "./enqueue-callbacks";
import { getDelivery, listDeliveries } from "./list-deliveries";
import { ATTEMPT_LOG_MAX } from "./process-deliveries";
import { replayDelivery } from "./replay-delivery";
import { sendTestEvent } from "./send-test-event";
import { inlineAttemptBackstopSeconds } from "./deliver-job";
import { nextRetryDelay, retrySchedule } from "./retry-schedule";
import type { CallbackEvent } from "./schemas";
import { verify } from "./sign";
import { startReceiver, type Received } from "@/test/callback-receiver";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const ctx = systemCtx("test");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function status(i: number, s: "sent" | "delivered" | "read" = "sent"): CallbackEvent<"message.status"> {
  const at = 1_700_000_000 + i;
  const payload =
    s === "sent"
      ? { messageId: `m-${i}`, messageRef: `ref-${i}`, subscriberId: "919900000001", status: s, sentAt: at }
      : s === "delivered"
        ? {
            messageId: `m-${i}`,
            messageRef: `ref-${i}`,
            subscriberId: "919900000001",
            status: s,
            deliveredAt: at,
          }
        : {
            messageId: `m-${i}`,
            messageRef: `ref-${i}`,
            subscriberId: "919900000001",
            status: s,
            readAt: at,
          };
  return { event: "message.status", payload };
}

function validSignature(r: Received, secret: string): boolean {
  return verify(
    secret,
    {
      id: String(r.headers["webhook-id"]),
      timestamp: String(r.headers["webhook-timestamp"]),
      signature: String(r.headers["webhook-signature"]),
    },
    r.body,
  );
}

async function jobsFor(businessId: string): Promise<number> {
  const rows = await rawQuery<{ n: number }>(
    db(),
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'callbacks.deliver' AND data->>'businessId' = $1`,
    [businessId],
  );
  return rows[0]!.n;
}

/** Drains until `done()` or the deadline; retries become due on the (small) test schedule. */
async function drainUntil(done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for deliveries");
    await drainQueues({ budgetMs: 5_000 });
    await sleep(200);
  }
}

describe("callback delivery", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    process.env.CALLBACK_RETRY_SCHEDULE = "0,1,1";
    resetEnv();
    t = await createTestBusiness();
  });
  afterAll(() => {
    delete process.env.CALLBACK_RETRY_SCHEDULE;
    resetEnv();
  });
  const receivers: Array<{ close: () => Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close().catch(() => undefined)));
  });

  it("has the documented schedule by default and reads the override", () => {
    expect(nextRetryDelay(0, [0, 5, 300, 1800, 7200, 18000, 36000, 36000])).toBe(5);
    expect(nextRetryDelay(6, [0, 5, 300, 1800, 7200, 18000, 36000, 36000])).toBe(36000);
    expect(nextRetryDelay(7, [0, 5, 300, 1800, 7200, 18000, 36000, 36000])).toBeNull();
    expect(retrySchedule()).toEqual([0, 1, 1]);
    delete process.env.CALLBACK_RETRY_SCHEDULE;
    resetEnv();
    expect(retrySchedule()).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    process.env.CALLBACK_RETRY_SCHEDULE = "0,1,1";
    resetEnv();
  });

  it("writes deliveries and their job with the caller's transaction, and nothing on rollback", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url });
    await expect(
      inTransaction(ctx, async (tx) => {
        await enqueueCallback(tx, { businessId: b.business.id, ...status(1) });
        throw new Error("caller fails after enqueueing");
      }),
    ).rejects.toThrow(/caller fails/);
    expect((await listDeliveries(ctx, b.business.id)).deliveries).toHaveLength(0);
    expect(await jobsFor(b.business.id)).toBe(0);

    const { deliveryIds } = await inTransaction(ctx, (tx) =>
      enqueueCallback(tx, { businessId: b.business.id, ...status(2) }),
    );
    expect(deliveryIds).toHaveLength(1);
    expect(await jobsFor(b.business.id)).toBe(1);
    await drainUntil(() => rx.received.length === 1);
    const d = await getDelivery(ctx, b.business.id, deliveryIds[0]!);
    expect(d).toMatchObject({ status: "delivered", attempts: 1, lastResponseCode: 200, subjectId: "m-2" });
    expect(JSON.parse(rx.received[0]!.body)).toEqual(status(2).payload);
    expect(rx.received[0]!.headers["webhook-id"]).toBe(deliveryIds[0]);
    expect(rx.received[0]!.headers["x-switchboard-event"]).toBe("message.status");
  });

  it("retries a 500 and records both attempts; the second one succeeds", async () => {
    const rx = await startReceiver((_r, n) => (n === 1 ? 500 : 200));
    receivers.push(rx);
    const { endpoint, secret } = await createEndpoint(ctx, t.business.id, {
      url: rx.url,
      events: ["message.status"],
    });
    const { deliveryIds } = await enqueueCallback(ctx, {
      businessId: t.business.id,
      ...status(3, "delivered"),
    });
    const [id] = deliveryIds.filter(Boolean);
    await drainQueues();
    let d = await getDelivery(ctx, t.business.id, id!);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: 500 });
    expect(d.nextAttemptAt).not.toBeNull();
    await drainUntil(async () => (await getDelivery(ctx, t.business.id, id!)).status !== "pending");
    d = await getDelivery(ctx, t.business.id, id!);
    expect(d).toMatchObject({
      status: "delivered",
      attempts: 2,
      lastResponseCode: 200,
      endpointId: endpoint.id,
    });
    expect(d.attemptLog.map((a) => a.responseStatus)).toEqual([500, 200]);
    expect(d.attemptLog[0]!.responseBody).toBe("error 500");
    expect(d.attemptLog.every((a) => a.latencyMs >= 0 && a.url === rx.url)).toBe(true);
    // Same webhook-id on the retry, a fresh valid signature each time.
    expect(rx.received.map((r) => r.headers["webhook-id"])).toEqual([id, id]);
    expect(rx.received.every((r) => validSignature(r, secret))).toBe(true);
  });

  it("marks a delivery failed after the last attempt of the schedule", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver(() => 503);
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url });
    const { deliveryIds } = await enqueueCallback(ctx, { businessId: b.business.id, ...status(4) });
    await drainUntil(
      async () => (await getDelivery(ctx, b.business.id, deliveryIds[0]!)).status === "failed",
    );
    const d = await getDelivery(ctx, b.business.id, deliveryIds[0]!);
    expect(d).toMatchObject({
      attempts: 3,
      lastResponseCode: 503,
      lastError: "HTTP 503",
      nextAttemptAt: null,
    });
    expect(d.attemptLog).toHaveLength(3);
    expect(rx.received).toHaveLength(3);
    // The log's failed filter (through the index of deliveries with a last error).
    const failed = await listDeliveries(ctx, b.business.id, { status: "failed" });
    expect(failed.deliveries.map((x) => x.id)).toEqual([deliveryIds[0]]);
    expect((await listDeliveries(ctx, b.business.id, { status: "delivered" })).deliveries).toHaveLength(0);
  });

  it("keeps the latest ATTEMPT_LOG_MAX attempts in a delivery's log (replays add to it)", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url });
    const { deliveryIds } = await enqueueCallback(ctx, { businessId: b.business.id, ...status(5) });
    const id = deliveryIds[0]!;
    await drainUntil(async () => (await getDelivery(ctx, b.business.id, id)).status === "delivered");
    // A log already full of older attempts (numbered 1..MAX).
    await rawQuery(
      db(),
      `UPDATE callback_deliveries SET attempt_log = (
         SELECT jsonb_agg(jsonb_set(attempt_log->0, '{attemptNo}', to_jsonb(n)) ORDER BY n)
         FROM generate_series(1, $3::int) AS n)
       WHERE business_id = $1 AND id = $2`,
      [b.business.id, id, ATTEMPT_LOG_MAX],
    );
    const d = await replayDelivery(ctx, b.business.id, id);
    expect(d.status).toBe("delivered");
    expect(d.attemptLog).toHaveLength(ATTEMPT_LOG_MAX);
    expect(d.attemptLog[0]!.attemptNo).toBe(2); // the oldest went
    expect(d.attemptLog.at(-1)).toMatchObject({ responseStatus: 200, url: rx.url });
  });

  it("attempts a replay and a test event inline first: their backstop jobs wait out the inline attempt", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    const { endpoint } = await createEndpoint(ctx, b.business.id, { url: rx.url });
    const tested = await sendTestEvent(ctx, b.business.id, endpoint.id);
    expect(tested).toMatchObject({ status: "delivered" });
    const replayed = await replayDelivery(ctx, b.business.id, tested.id);
    expect(replayed.status).toBe("delivered");
    expect(replayed.attemptLog).toHaveLength(2);
    // A job woken the moment its transaction commits would otherwise take the row's lease
    // first, and the dashboard would show the delivery "pending" (an e2e flake, 2026-11-29).
    const jobs = await rawQuery<{ wait: number }>(
      db(),
      `SELECT extract(epoch FROM start_after - created_on)::float AS wait FROM pgboss.job
       WHERE name = 'callbacks.deliver' AND data->'ids' ? $1`,
      [tested.id],
    );
    expect(jobs).toHaveLength(2);
    for (const j of jobs) expect(j.wait).toBeGreaterThanOrEqual(inlineAttemptBackstopSeconds() - 1);
  });

  it("gets every event, signed, to a receiver that was down for a while", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    const { secret } = await createEndpoint(ctx, b.business.id, { url: rx.url });
    await rx.down();
    const events = Array.from({ length: 30 }, (_, i) => status(100 + i, i % 2 ? "read" : "sent"));
    const { deliveryIds } = await enqueueCallbacks(ctx, b.business.id, events);
    expect(deliveryIds).toHaveLength(30);
    await drainQueues(); // first attempt: connection refused
    const first = await listDeliveries(ctx, b.business.id, { limit: 50 });
    expect(first.deliveries.every((d) => d.status === "pending" && d.attempts === 1)).toBe(true);
    const detail = await getDelivery(ctx, b.business.id, deliveryIds[0]!);
    expect(detail.attemptLog[0]).toMatchObject({ responseStatus: null });
    expect(detail.attemptLog[0]!.error).toMatch(/ECONNREFUSED/);
    await rx.up();
    await drainUntil(async () => {
      const all = await listDeliveries(ctx, b.business.id, { limit: 50 });
      return all.deliveries.every((d) => d.status === "delivered");
    });
    const ids = new Set(rx.received.map((r) => String(r.headers["webhook-id"])));
    expect(ids).toEqual(new Set(deliveryIds));
    expect(rx.received.every((r) => validSignature(r, secret))).toBe(true);
    const bodies = new Set(rx.received.map((r) => JSON.parse(r.body).messageId));
    expect(bodies.size).toBe(30);
  });

  it("batches: one delivery per event and endpoint, one job per chunk of 500, filtered by subscription", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url, events: ["message.status"] });
    await createEndpoint(ctx, b.business.id, { url: rx.url, events: ["call.cdr"] });
    await createEndpoint(ctx, b.business.id, { url: rx.url, enabled: false });
    const events = Array.from({ length: 1_200 }, (_, i) => status(i));
    const { deliveryIds } = await enqueueCallbacks(ctx, b.business.id, events);
    expect(deliveryIds).toHaveLength(1_200);
    expect(await jobsFor(b.business.id)).toBe(3);
    await drainUntil(() => rx.received.length >= 1_200, 30_000);
    expect(new Set(rx.received.map((r) => r.headers["webhook-id"])).size).toBe(1_200);
  });

  it("does not send to an endpoint disabled after the event was queued", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    const { endpoint } = await createEndpoint(ctx, b.business.id, { url: rx.url });
    const { deliveryIds } = await enqueueCallback(ctx, { businessId: b.business.id, ...status(7) });
    const { updateEndpoint } = await import("./update-endpoint");
    await updateEndpoint(ctx, b.business.id, endpoint.id, { enabled: false });
    await drainQueues();
    expect(rx.received).toHaveLength(0);
    expect(await getDelivery(ctx, b.business.id, deliveryIds[0]!)).toMatchObject({
      status: "failed",
      attempts: 0,
      lastError: "endpoint disabled",
    });
  });

  it("refuses a private target at delivery time when private URLs are not allowed", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url });
    process.env.ALLOW_PRIVATE_CALLBACK_URLS = "false";
    resetEnv();
    try {
      const { deliveryIds } = await enqueueCallback(ctx, { businessId: b.business.id, ...status(8) });
      await drainQueues();
      expect(rx.received).toHaveLength(0);
      const d = await getDelivery(ctx, b.business.id, deliveryIds[0]!);
      expect(d.attemptLog[0]!.error).toMatch(/private or reserved/);
      expect(d.attemptLog[0]!.responseStatus).toBeNull();
    } finally {
      process.env.ALLOW_PRIVATE_CALLBACK_URLS = "true";
      resetEnv();
    }
  });

  it("re-enqueues stranded deliveries whose lease ran out", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url });
    const { deliveryIds } = await enqueueCallback(ctx, { businessId: b.business.id, ...status(9) });
    // Simulate a worker that claimed the row, then died, and a job that is gone.
    await rawQuery(
      db(),
      `DELETE FROM pgboss.job WHERE name = 'callbacks.deliver' AND data->>'businessId' = $1`,
      [b.business.id],
    );
    await rawQuery(
      db(),
      `UPDATE callback_deliveries SET locked_until = now() - interval '1 second', next_attempt_at = now() - interval '1 hour' WHERE id = $1`,
      [deliveryIds[0]],
    );
    const { requeueStranded } = await import("./deliver-job");
    expect(await requeueStranded()).toBeGreaterThanOrEqual(1);
    await drainUntil(() => rx.received.length === 1);
  });

  it("re-enqueues a new delivery whose job is gone, found by id from the sweeper's mark", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url });
    const { deliveryIds } = await enqueueCallback(ctx, { businessId: b.business.id, ...status(10) });
    const [born] = await rawQuery<{ next_attempt_at: Date | null }>(
      db(),
      `SELECT next_attempt_at FROM callback_deliveries WHERE id = $1`,
      [deliveryIds[0]],
    );
    // Due at once: no next_attempt_at, so no entry in the due index (its outcome write is HOT).
    expect(born!.next_attempt_at).toBeNull();
    expect((await getDelivery(ctx, b.business.id, deliveryIds[0]!)).nextAttemptAt).not.toBeNull();
    // Its job is gone, its lease ran out, and it was made ten minutes ago (an id of then).
    await rawQuery(
      db(),
      `DELETE FROM pgboss.job WHERE name = 'callbacks.deliver' AND data->>'businessId' = $1`,
      [b.business.id],
    );
    const madeAt = Date.now() - 600_000;
    const id = uuidv7Floor(madeAt).slice(0, 14) + deliveryIds[0]!.slice(14);
    await rawQuery(
      db(),
      `UPDATE callback_deliveries SET id = $2, locked_until = now() - interval '1 second' WHERE id = $1`,
      [deliveryIds[0], id],
    );
    await writeSweepMark(db(), "callbacks.new-deliveries", new Date(madeAt - 1));
    const { requeueStranded } = await import("./deliver-job");
    expect(await requeueStranded()).toBeGreaterThanOrEqual(1);
    // The mark waits at the first new delivery still pending: this one.
    expect((await readSweepMark(db(), "callbacks.new-deliveries")).from.getTime()).toBeLessThanOrEqual(
      madeAt,
    );
    await drainUntil(() => rx.received.length === 1);
    expect(rx.received[0]!.headers["webhook-id"]).toBe(id);
  });

  it("lets the first job send its rows without a claim write, and no other job while their lease lasts", async () => {
    const b = await createTestBusiness();
    const rx = await startReceiver();
    receivers.push(rx);
    await createEndpoint(ctx, b.business.id, { url: rx.url });
    const { deliveryIds } = await enqueueCallbacks(ctx, b.business.id, [status(1), status(2)]);
    const [job] = await rawQuery<{ data: { ids: string[]; leased?: boolean } }>(
      db(),
      `SELECT data FROM pgboss.job WHERE name = 'callbacks.deliver' AND data->>'businessId' = $1`,
      [b.business.id],
    );
    expect(job!.data).toMatchObject({ ids: deliveryIds, leased: true });
    const { processDeliveries } = await import("./process-deliveries");
    // A duplicate job (a sweeper's, a replay's) finds the rows leased: it sends nothing.
    expect(await processDeliveries({ businessId: b.business.id, ids: deliveryIds })).toMatchObject({
      claimed: 0,
    });
    const versions = async () =>
      (
        await rawQuery<{ xmin: string }>(
          db(),
          `SELECT xmin::text FROM callback_deliveries WHERE id = ANY($1::uuid[]) ORDER BY id`,
          [deliveryIds],
        )
      ).map((r) => r.xmin);
    const born = await versions();
    expect(
      await processDeliveries({ businessId: b.business.id, ids: deliveryIds, leased: true }),
    ).toMatchObject({
      claimed: 2,
      delivered: 2,
    });
    expect(rx.received).toHaveLength(2);
    // One write after the insert (the outcome), the same transaction for both rows.
    const after = await versions();
    expect(after[0]).not.toBe(born[0]);
    expect(new Set(after).size).toBe(1);
    // Sent once: the job run again (a retry of it) finds nothing pending.
    expect(
      await processDeliveries({ businessId: b.business.id, ids: deliveryIds, leased: true }),
    ).toMatchObject({
      claimed: 0,
    });
  });
});
