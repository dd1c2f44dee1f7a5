import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/pool";
import { rawQuery, transaction } from "../db/sql";
import { writeStatement } from "../db/write-statement";
import { resetEnv } from "../env";
import { boss } from "./boss";
import { declareQueue } from "./declare-queue";
import { startWorkers, stopWorkers } from "./fetch-loop";
import { registerQueue } from "./registered-queues";

// The fetch loops poll every JOBS_POLL_INTERVAL_MS when idle; a job enqueued in this process
// wakes its loop once it commits. With the poll at a minute, only the wake can run these jobs
// within the test's seconds.
const ran = new Map<number, number>();
const wakeQueue = declareQueue({ name: "test.wake", payload: z.object({ n: z.number() }), version: 1 });
registerQueue(wakeQueue, async ({ n }) => void ran.set(n, Date.now()));

async function ranWithin(n: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    if (ran.has(n)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return ran.has(n);
}

beforeAll(async () => {
  process.env.JOBS_POLL_INTERVAL_MS = "60000";
  resetEnv();
  await startWorkers(boss());
  await new Promise((r) => setTimeout(r, 300)); // the loops' first fetch is done: they sleep
});
afterAll(async () => {
  await stopWorkers();
  delete process.env.JOBS_POLL_INTERVAL_MS;
  resetEnv();
});

describe("a job enqueued in this process", () => {
  it("runs at once when enqueued on the pool", async () => {
    await wakeQueue.send(db(), { n: 1 });
    expect(await ranWithin(1, 5_000)).toBe(true);
  });

  it("runs once its transaction commits, and not before", async () => {
    await transaction(db(), async (tx) => {
      await wakeQueue.sendMany(tx, [{ data: { n: 2 } }]);
      // Before the commit the job is invisible to the loop, however long the transaction runs.
      expect(await ranWithin(2, 500)).toBe(false);
    });
    expect(await ranWithin(2, 5_000)).toBe(true);
  });

  it("runs at once when written by a rows-and-jobs statement", async () => {
    await writeStatement()
      .with("probe", "SELECT $1::int AS n", [3])
      .jobs(wakeQueue, [{ data: { n: 3 } }])
      .run(db());
    expect(await ranWithin(3, 5_000)).toBe(true);
  });

  it("does not wake anything from a rolled-back transaction, nor for a job due later", async () => {
    await transaction(db(), async (tx) => {
      await wakeQueue.send(tx, { n: 4 });
      throw new Error("roll back");
    }).catch(() => undefined);
    await wakeQueue.send(db(), { n: 5 }, { startAfterSeconds: 3600 });
    expect(await ranWithin(4, 1_000)).toBe(false);
    expect(ran.has(5)).toBe(false);
    const left = await rawQuery<{ n: number }>(
      db(),
      `SELECT (data->>'n')::int AS n FROM pgboss.job WHERE name = 'test.wake' AND state = 'created'`,
    );
    expect(left.map((r) => r.n)).toEqual([5]);
  });
});
