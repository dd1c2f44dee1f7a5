import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, db, setDatabaseUrl } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness } from "@/test/factories";
import { freshDatabase } from "@/test/fresh-database";
import { a1Body, approvedTemplate, phoneOf } from "@/test/messages";
import { startWorkerProcesses } from "./worker-processes";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process tests
// run on both databases; the PostgreSQL 15 pass leaves it out.

// ROLE=all with WORKER_PROCESSES=n runs the job workers in child processes (server.ts with
// ROLE=worker). This process only stores the send (no workers run in tests); the child
// dispatches it and applies the simulator's statuses. It gets a database of its own: a full
// worker on the shared test database would work other test files' jobs behind their backs.
describe("worker processes", () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it("dispatch a send stored by the web process; stop drains and ends them", async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const workers = startWorkerProcesses(1, fresh.url);
    let stopped = false;
    cleanup.push(async () => {
      if (!stopped) await workers.stop(5_000);
    });

    // The child migrates the empty database and creates the queues; then this process uses it.
    const probe = new pg.Client({ connectionString: fresh.url });
    await probe.connect();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ready = await probe
        .query(`SELECT 1 FROM pgboss.queue WHERE name = 'messages.dispatch'`)
        .then((r) => r.rowCount === 1)
        .catch(() => false);
      if (ready) break;
      if (Date.now() > deadline) throw new Error("the worker process did not prepare the database");
      await new Promise((r) => setTimeout(r, 200));
    }
    await probe.end();
    await closeDb();
    setDatabaseUrl(fresh.url);
    cleanup.push(closeDb);

    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const res = await api(`/api/v3/message/${t.business.id}/template`, {
      headers: { "x-api-key": t.apiKey },
      json: a1Body(tpl.name, phoneOf(t)),
    });
    expect(res.status).toBe(200);
    let status = "";
    while (status !== "read" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      const [m] = await rawQuery<{ status: string }>(
        db(),
        `SELECT status FROM messages WHERE business_id = $1 AND id = $2`,
        [t.business.id, res.json.messageId],
      );
      status = m!.status;
    }
    expect(status).toBe("read");

    const t0 = Date.now();
    await workers.stop(20_000);
    stopped = true;
    // SIGTERM drained and ended the child well before the deadline's SIGKILL.
    expect(Date.now() - t0).toBeLessThan(20_000);
  }, 120_000);
});
