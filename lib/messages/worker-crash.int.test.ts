import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { verify } from "@/lib/callbacks/sign";
import { uuidv7 } from "@/lib/ids";
import { startReceiver } from "@/test/callback-receiver";
import {
  freePort,
  killServerProcesses,
  serverDatabase,
  startServerProcess as startServer,
  waitForOutput,
} from "@/test/server-process";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process tests
// run on both databases; the PostgreSQL 15 pass leaves it out.

// A worker killed with SIGKILL in the middle of a bulk send: another worker started on the same
// database finishes every message and delivers every status callback. The API and the workers
// are real server.ts processes on a database of their own (so no other test's jobs interfere).

const N = 300;
const t0 = Date.now();
const mark = (what: string) =>
  process.env.CRASH_TEST_TRACE && console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${what}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  killServerProcesses();
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
});

describe("worker killed mid-bulk", () => {
  it("after a restart every message reaches a final status and every callback is delivered", async () => {
    const database = await serverDatabase(cleanups);
    const dataDir = database.dataDir;
    const rx = await startReceiver();
    cleanups.push(() => rx.close());
    const port = await freePort();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: "crash-test-auth-secret-0123456789",
      CALLBACK_SECRET_KEY: "crash-test-callback-key-0123456789",
      ALLOW_PRIVATE_CALLBACK_URLS: "true",
      CALLBACK_LEASE_SECONDS: "5",
      SIMULATOR_MESSAGE_DELAYS: "0,0,0",
      MESSAGES_DISPATCH_CHUNK: "50",
      MESSAGES_DISPATCH_LEASE_SECONDS: "2",
      MESSAGES_SWEEP_EVERY_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "100",
    };

    const apiServer = startServer("api", env);
    await waitForOutput(apiServer, /Demo API key/);
    mark("api up");
    const apiKey = /Demo API key\s+(\S+)/.exec(apiServer.out())![1]!;
    const businessId = /Demo business\s+(\S+)/.exec(apiServer.out())![1]!;
    const base = `http://127.0.0.1:${port}`;
    const headers = { "x-api-key": apiKey, "content-type": "application/json" };

    // An approved template and a slow sender (100 msg/s), straight in the database.
    const client = new pg.Client({ connectionString: database.url });
    client.on("error", () => undefined);
    await client.connect();
    cleanups.push(() => client.end());
    const name = "crash_test";
    await client.query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', $3, 'en_US', 'UTILITY', 'APPROVED', $4)`,
      [uuidv7(), businessId, name, JSON.stringify([{ type: "BODY", text: "Hi {{1}}" }])],
    );
    const { rows } = await client.query(
      `SELECT config->'phoneNumberIds'->>0 AS phone FROM business_channels WHERE business_id = $1 AND channel = 'chatapp'`,
      [businessId],
    );
    const phoneNumberId = rows[0].phone as string;
    await client.query(
      `INSERT INTO sender_rate_limits (business_id, channel, sender, per_second) VALUES ($1, 'chatapp', $2, 100)`,
      [businessId, phoneNumberId],
    );

    const ep = await fetch(`${base}/api/v3/callbacks/${businessId}/endpoints`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: rx.url, events: ["message.status"] }),
    });
    expect(ep.status).toBe(201);
    const { secret } = (await ep.json()) as { secret: string };

    const subscribers = Array.from({ length: N }, (_, i) => ({
      subscriberId: `919900${100001 + i * 10}`,
      variables: [`n${i}`],
    }));
    const sent = await fetch(`${base}/api/v2/message/${businessId}/template?apikey=${apiKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        message: {
          messageType: "template",
          name,
          language: "en_US",
          components: [{ componentType: "body", parameters: [{ type: "text", text: "1" }] }],
        },
        subscribers,
        phoneNumberId,
      }),
    });
    expect(sent.status).toBe(200);
    const { transactionId } = (await sent.json()) as { transactionId: string };
    const partial = async () =>
      (await (
        await fetch(`${base}/api/v2/message/${businessId}/status/${transactionId}/partial?apikey=${apiKey}`)
      ).json()) as Record<string, number>;

    // First worker: kill it once it is well into the bulk.
    mark("bulk accepted");
    const w1 = startServer("worker", env);
    const killBy = Date.now() + 60_000;
    for (;;) {
      const p = await partial();
      if (p.read! + p.accepted! + p.sent! + p.delivered! >= 60) break;
      if (Date.now() > killBy) throw new Error(`worker 1 made no progress: ${w1.out()}`);
      await sleep(50);
    }
    w1.child.kill("SIGKILL");
    await new Promise((r) => w1.child.once("exit", r));
    const atKill = await partial();
    mark(`killed at ${JSON.stringify(atKill)}`);
    expect(atKill.read).toBeLessThan(N);

    // Second worker on the same database. (Numbers end in 1: the simulator takes them to read.)
    const w2 = startServer("worker", env);
    const finishBy = Date.now() + 90_000;
    const seen = () =>
      new Set(
        rx.received.map((r) => {
          const b = JSON.parse(r.body) as { messageId: string; status: string };
          return `${b.messageId}:${b.status}`;
        }),
      );
    let p = await partial();
    while ((p.read !== N || seen().size < N * 3) && Date.now() < finishBy) {
      await sleep(250);
      p = await partial();
      mark(`${JSON.stringify(p)} callbacks ${seen().size}`);
    }
    expect(p, w2.out()).toEqual({
      attempted: N,
      failed: 0,
      error: 0,
      accepted: 0,
      sent: 0,
      delivered: 0,
      read: N,
    });
    expect(seen().size).toBe(N * 3);
    for (const r of rx.received) {
      const ok = verify(
        secret,
        {
          id: String(r.headers["webhook-id"]),
          timestamp: String(r.headers["webhook-timestamp"]),
          signature: String(r.headers["webhook-signature"]),
        },
        r.body,
      );
      expect(ok).toBe(true);
    }
    // Every delivery row ends delivered (none pending, none failed). The receiver can see a
    // request before its worker records the outcome (or before a dead worker's lease runs out),
    // so this is polled until the same deadline.
    const deliveryStates = async () =>
      (
        await client.query(
          `SELECT status, count(*)::int AS n FROM callback_deliveries WHERE business_id = $1 GROUP BY status`,
          [businessId],
        )
      ).rows;
    let states = await deliveryStates();
    while ((states.length !== 1 || states[0].status !== "delivered") && Date.now() < finishBy) {
      await sleep(250);
      states = await deliveryStates();
    }
    expect(states).toEqual([{ status: "delivered", n: N * 3 }]);
    w2.child.kill("SIGTERM");
    apiServer.child.kill("SIGTERM");
  }, 180_000);
});
