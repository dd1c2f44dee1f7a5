import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { systemCtx } from "../context";
import { databaseUrl } from "../db/pool";
import { drainQueues } from "../jobs/drain-queues";
import { createEndpoint } from "./create-endpoint";
import { enqueueCallback } from "./enqueue-callbacks";
import { getDelivery } from "./list-deliveries";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness } from "@/test/factories";

// @isolated: it cuts every database connection of the process in the middle of a delivery.
// A receiver takes a callback while the worker's database connections are cut: the attempt
// that succeeded is recorded once the database is back, and the callback is not sent again.

const ctx = systemCtx("test");
// On the cluster's maintenance database: a database's own sessions cannot shut it.
const control = new pg.Client({ connectionString: inject("clusterUrl") });
const dbName = new URL(databaseUrl()).pathname.slice(1);
afterAll(async () => {
  await control.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
  await control.end().catch(() => undefined);
});

describe("a callback delivered while the database connection is cut", () => {
  it("keeps its successful attempt in the log and is not sent again", async () => {
    await control.connect();
    const t = await createTestBusiness();
    let back: Promise<unknown> = Promise.resolve();
    const rx = await startReceiver(async () => {
      // The worker is waiting for this answer: the database goes away for a second and a half
      // first (no new connections, every open one cut), as in a failover or restart.
      await control.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      await control.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND backend_type = 'client backend'`,
        [dbName],
      );
      back = new Promise((r) => setTimeout(r, 1_500)).then(() =>
        control.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`),
      );
      return 200;
    });
    try {
      await createEndpoint(ctx, t.business.id, { url: rx.url, events: ["message.status"] });
      const { deliveryIds } = await enqueueCallback(ctx, {
        businessId: t.business.id,
        event: "message.status",
        payload: {
          messageId: "m-cut",
          messageRef: "ref-cut",
          subscriberId: "919900000001",
          status: "sent",
          sentAt: 1,
        },
      });
      const id = deliveryIds[0]!;
      for (let i = 0; i < 50 && rx.received.length === 0; i++) {
        await drainQueues({ budgetMs: 2_000 }).catch(() => undefined);
      }
      expect(rx.received).toHaveLength(1);
      await back;
      // Drain again: a delivery whose success was lost would be sent a second time here.
      await drainQueues({ budgetMs: 2_000 }).catch(() => undefined);
      const d = await getDelivery(ctx, t.business.id, id);
      expect(d).toMatchObject({ status: "delivered", attempts: 1, lastResponseCode: 200 });
      expect(d.attemptLog.map((a) => [a.attemptNo, a.responseStatus])).toEqual([[1, 200]]);
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });
});
