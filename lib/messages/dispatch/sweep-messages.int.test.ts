import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { resetEnv } from "@/lib/env";
import { uuidv7Ms } from "@/lib/ids";
import { readSweepMark, writeSweepMark } from "@/lib/jobs/sweep-marks";
import { createTestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { sendTemplateMessage } from "../send/send-template-message";
import { applyStatusEvents } from "../status/apply-status-events";
import { sweepMessages } from "./sweep-messages";

// The sweepers find their messages without an index on status or updated_at (those columns
// change in every status update, which must stay HOT): lost dispatch jobs through the messages'
// dispatch lease, the simulator's lost events by id from a persisted mark.

const ctx = systemCtx("test");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const saved = { ...process.env };

beforeAll(() => {
  // A one-second lease: the sweepers' grace.
  process.env.MESSAGES_DISPATCH_LEASE_SECONDS = "1";
  resetEnv();
});
afterAll(() => {
  process.env.MESSAGES_DISPATCH_LEASE_SECONDS = saved.MESSAGES_DISPATCH_LEASE_SECONDS;
  process.env.SIMULATOR_MESSAGE_DELAYS = saved.SIMULATOR_MESSAGE_DELAYS;
  if (saved.MESSAGES_DISPATCH_LEASE_SECONDS === undefined) delete process.env.MESSAGES_DISPATCH_LEASE_SECONDS;
  resetEnv();
});

async function sendOne(to = "919900000001") {
  const t = await createTestBusiness();
  const tpl = await approvedTemplate(t.business.id);
  const { messageId } = await sendTemplateMessage(
    ctx,
    t.business.id,
    a1Body(tpl.name, phoneOf(t), to, ["A", "B"]),
  );
  return { businessId: t.business.id, id: messageId };
}

async function row(id: string) {
  const [r] = await rawQuery<{ status: string; leased: boolean }>(
    db(),
    `SELECT status, dispatch_locked_until IS NOT NULL AS leased FROM messages WHERE id = $1`,
    [id],
  );
  return r!;
}

const dropJobs = (queue: string, businessId: string) =>
  rawQuery(db(), `DELETE FROM pgboss.job WHERE name = $1 AND data->>'businessId' = $2`, [queue, businessId]);

describe("message sweepers", () => {
  it("re-queues an attempted message whose dispatch job was lost, found by its dispatch lease", async () => {
    const { businessId, id } = await sendOne();
    expect(await row(id)).toEqual({ status: "attempted", leased: true });
    await dropJobs("messages.dispatch", businessId);
    await rawQuery(
      db(),
      `UPDATE messages SET dispatch_locked_until = now() - interval '10 seconds', updated_at = now() - interval '10 seconds'
       WHERE id = $1`,
      [id],
    );
    expect((await sweepMessages()).redispatched).toBeGreaterThanOrEqual(1);
    const [job] = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [businessId],
    );
    expect(job!.n).toBe(1);
    await drainAll();
    // Accepted and on to read: no lease left, so it is out of the lease index.
    expect(await row(id)).toEqual({ status: "read", leased: false });
  });

  it("a status event for a message not accepted yet (an early webhook) clears its dispatch lease", async () => {
    const { businessId, id } = await sendOne();
    await dropJobs("messages.dispatch", businessId);
    await applyStatusEvents(ctx, [
      { businessId, messageId: id, status: "sent", at: new Date(), source: "test" },
    ]);
    expect(await row(id)).toEqual({ status: "sent", leased: false });
  });

  it("applies a simulator message's lost events, found by id from the reconcile's mark", async () => {
    process.env.SIMULATOR_MESSAGE_DELAYS = "3600,3600,3600"; // planned an hour apart
    resetEnv();
    const { businessId, id } = await sendOne();
    await drainAll();
    expect((await row(id)).status).toBe("accepted");
    // The planned events' jobs are lost, and they are overdue.
    await dropJobs("messages.status-events", businessId);
    await rawQuery(
      db(),
      `UPDATE messages SET accepted_at = now() - interval '4 hours', updated_at = now() - interval '4 hours' WHERE id = $1`,
      [id],
    );
    await writeSweepMark(db(), "messages.simulator", new Date(uuidv7Ms(id) - 1));
    await sleep(1_100); // the message was made more than the grace (a lease) ago
    expect((await sweepMessages()).simulated).toBeGreaterThanOrEqual(3);
    expect((await row(id)).status).toBe("read");
    // The mark stopped at the first message still open when the sweep read them, this one.
    expect((await readSweepMark(db(), "messages.simulator")).from.getTime()).toBeLessThanOrEqual(
      uuidv7Ms(id),
    );
  });
});
