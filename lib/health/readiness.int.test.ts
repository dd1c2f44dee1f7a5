import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { boss } from "@/lib/jobs/boss";
import { startHeartbeat } from "@/lib/jobs/heartbeat";
import { startWorkers, stopWorkers, workersAlive } from "@/lib/jobs/fetch-loop";
import { api } from "@/test/api";
import { expectWorkers } from "./expected-workers";

afterEach(() => expectWorkers(undefined));

describe("GET /api/ready", () => {
  it("is ready with the database, the queue and every migration, and no workers to expect here", async () => {
    const res = await api("/api/ready");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: "ready",
      checks: { database: true, queue: true, migrations: true },
      reasons: [],
    });
  });

  it("answers 503 with the reason when the database is behind the code's migrations", async () => {
    // The newest migration's record removed for the length of this test: the database now looks
    // one migration behind the code, as after a failed migration or an old backup restored.
    const [last] = await rawQuery<{ hash: string; created_at: number }>(
      db(),
      "SELECT hash, created_at FROM schema_migrations ORDER BY created_at DESC LIMIT 1",
    );
    await rawQuery(db(), "DELETE FROM schema_migrations WHERE hash = $1", [last!.hash]);
    try {
      const res = await api("/api/ready");
      expect(res.status).toBe(503);
      expect(res.json.status).toBe("not_ready");
      expect(res.json.checks).toEqual({ database: true, queue: true, migrations: false });
      expect(res.json.reasons).toHaveLength(1);
      expect(res.json.reasons[0]).toMatch(/^migrations: the database has (\d+) of the (\d+) migrations/);
    } finally {
      await rawQuery(db(), "INSERT INTO schema_migrations (hash, created_at) VALUES ($1, $2)", [
        last!.hash,
        last!.created_at,
      ]);
    }
    expect((await api("/api/ready")).status).toBe(200);
  });

  it("answers 503 with the reason when the instance's workers stopped, 200 while they beat", async () => {
    const instanceId = `readiness-test-${Date.now()}`;
    expectWorkers({ instanceId, expected: 1 });
    const before = await api("/api/ready");
    expect(before.status).toBe(503);
    expect(before.json.checks.workers).toBe(false);
    expect(before.json.reasons).toEqual([
      "workers: 0 of 1 worker processes sent a heartbeat in the last 30 s",
    ]);

    await startWorkers(boss());
    const heartbeat = startHeartbeat(db, { id: `${instanceId}:1`, instanceId, role: "worker" }, () =>
      workersAlive(),
    );
    try {
      await expect.poll(async () => (await api("/api/ready")).status, { timeout: 10_000 }).toBe(200);
      expect((await api("/api/ready")).json.checks.workers).toBe(true);
    } finally {
      await stopWorkers();
      await heartbeat.stop();
    }
    // Stopped workers: their heartbeat is gone, the instance is not ready.
    const after = await api("/api/ready");
    expect(after.status).toBe(503);
    expect(after.json.reasons[0]).toMatch(/^workers: 0 of 1/);
  });

  it("a hung fetch loop stops the heartbeat: no row is written while the loops are not alive", async () => {
    const instanceId = `readiness-hung-${Date.now()}`;
    expectWorkers({ instanceId, expected: 1 });
    const heartbeat = startHeartbeat(db, { id: `${instanceId}:1`, instanceId, role: "worker" }, () => false);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const res = await api("/api/ready");
      expect(res.status).toBe(503);
      expect(res.json.checks.workers).toBe(false);
    } finally {
      await heartbeat.stop();
    }
  });
});
