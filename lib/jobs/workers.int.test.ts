import { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../db/pool";
import { boss } from "./boss";
import { declareQueue } from "./declare-queue";
import { drainQueues } from "./drain-queues";
import { startWorkers, stopWorkers } from "./fetch-loop";
import { registerQueue } from "./registered-queues";

const seen: number[] = [];
const echo = declareQueue({
  name: "test.echo",
  payload: z.object({ n: z.number() }),
  version: 1,
  batchSize: 50,
});
registerQueue(echo, async ({ n }) => {
  if (n < 0) throw new Error("negative");
  seen.push(n);
});

describe("job queues", () => {
  afterAll(() => stopWorkers());

  it("drains due jobs once, counting processed and failed per queue", async () => {
    await echo.sendMany(db(), [{ data: { n: 1 } }, { data: { n: 2 } }, { data: { n: -1 } }]);
    await echo.send(db(), { n: 99 }, { startAfterSeconds: 3600 });
    const report = await drainQueues();
    expect(report["test.echo"]).toEqual({ processed: 2, failed: 1 });
    expect(seen.sort()).toEqual([1, 2]);
    expect(await drainQueues()).toMatchObject({ "test.echo": { processed: 0, failed: 0 } });
  });

  it("checks a job's payload when it is enqueued and when it runs", async () => {
    await expect(echo.send(db(), { n: "one" } as never)).rejects.toThrow(
      /a job of test\.echo \(payload v1\) does not match/,
    );
    // A job written by other code (another version) fails with the reason, never reaching the handler.
    await boss().send("test.echo", { n: "two" });
    const before = seen.length;
    expect(await drainQueues()).toMatchObject({ "test.echo": { processed: 0, failed: 1 } });
    expect(seen).toHaveLength(before);
  });

  it("stops at maxJobs", async () => {
    await echo.sendMany(
      db(),
      Array.from({ length: 5 }, (_, i) => ({ data: { n: 10 + i } })),
    );
    const report = await drainQueues({ maxJobs: 3 });
    expect(report["test.echo"]!.processed).toBe(3);
    expect((await drainQueues())["test.echo"]!.processed).toBe(2);
  });

  it("runs the long-running fetch loop until stopped", async () => {
    seen.length = 0;
    await startWorkers(boss());
    await echo.send(db(), { n: 7 });
    const deadline = Date.now() + 10_000;
    while (!seen.includes(7) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toContain(7);
    await stopWorkers();
  });
});
