import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { leasedOnFirstRun } from "@/lib/jobs/job-leases";
import { createTestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, phoneOf } from "@/test/messages";
import { sendTemplateMessage } from "../send/send-template-message";
import { dispatchMessages } from "./dispatch-messages";

// Messages are born leased to their first dispatch job: that job sends them without a claim
// write; any other job (a duplicate, a retry of the same job, the sweeper's) claims as before.

const ctx = systemCtx("test");

async function rows(businessId: string, ids: string[]) {
  return rawQuery<{ id: string; status: string; dispatch_attempts: number; xmin: string; locked: boolean }>(
    db(),
    `SELECT id, status, dispatch_attempts, xmin::text, dispatch_locked_until IS NOT NULL AS locked
     FROM messages WHERE business_id = $1 AND id = ANY($2::uuid[]) ORDER BY id`,
    [businessId, ids],
  );
}

async function send(n: number) {
  const t = await createTestBusiness();
  const tpl = await approvedTemplate(t.business.id);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const to = `9199000${String(10_000 + i)}`;
    ids.push(
      (await sendTemplateMessage(ctx, t.business.id, a1Body(tpl.name, phoneOf(t), to, ["A", "B"]))).messageId,
    );
  }
  const jobs = await rawQuery<{ data: { ids: string[]; leased?: boolean } }>(
    db(),
    `SELECT data FROM pgboss.job WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
    [t.business.id],
  );
  return { businessId: t.business.id, ids, jobs: jobs.map((j) => j.data) };
}

describe("dispatch of messages born leased", () => {
  it("the first job sends them without a claim write; a duplicate job sends nothing", async () => {
    const { businessId, ids, jobs } = await send(2);
    expect(jobs.every((j) => j.leased === true)).toBe(true);
    const born = await rows(businessId, ids);
    expect(born.every((r) => r.locked && r.dispatch_attempts === 0 && r.status === "attempted")).toBe(true);

    // A duplicate job without the lease (a sweeper's) finds the rows leased: nothing is sent.
    await dispatchMessages({ businessId, ids });
    expect(await rows(businessId, ids)).toEqual(born);

    await dispatchMessages({ businessId, ids, leased: true });
    const after = await rows(businessId, ids);
    // One write after the insert (the acceptance), both rows in one transaction, attempt counted.
    expect(after.map((r) => r.status)).toEqual(["accepted", "accepted"]);
    expect(after.map((r) => r.dispatch_attempts)).toEqual([1, 1]);
    expect(after.every((r) => !r.locked)).toBe(true);
    expect(new Set(after.map((r) => r.xmin)).size).toBe(1);
    expect(after[0]!.xmin).not.toBe(born[0]!.xmin);

    // The job run again sends nothing: the messages are no longer `attempted`.
    await dispatchMessages({ businessId, ids, leased: true });
    expect(await rows(businessId, ids)).toEqual(after);
  });

  it("a retried job (its first run failed after sending, maybe) does not own the rows", async () => {
    const { businessId, ids } = await send(1);
    const job = { businessId, ids, leased: true };
    const retried = leasedOnFirstRun(job, { id: "x", queue: "messages.dispatch", retryCount: 1 });
    expect(retried.leased).toBe(false);
    expect(leasedOnFirstRun(job, { id: "x", queue: "messages.dispatch", retryCount: 0 })).toBe(job);
    const before = await rows(businessId, ids);
    await dispatchMessages(retried);
    // Still under the first run's lease: left alone (the sweeper takes it when the lease ends).
    expect(await rows(businessId, ids)).toEqual(before);
  });

  it("a first job that starts with less than half the lease left claims the rows with a write", async () => {
    const { businessId, ids } = await send(1);
    // The birth lease is nearly over (a long backlog ahead of the job).
    await rawQuery(
      db(),
      `UPDATE messages SET dispatch_locked_until = now() + interval '1 second' WHERE business_id = $1`,
      [businessId],
    );
    // Nobody else may take it while that lease lasts (a sweeper's job, a retried run) ...
    await dispatchMessages({ businessId, ids });
    await dispatchMessages({ businessId, ids, leased: false });
    expect((await rows(businessId, ids)).map((r) => r.status)).toEqual(["attempted"]);
    // ... but its own job does: it claims it (a fresh lease, written) and sends it.
    await dispatchMessages({ businessId, ids, leased: true });
    const [r] = await rows(businessId, ids);
    expect(r).toMatchObject({ status: "accepted", dispatch_attempts: 1, locked: false });
  });
});
