import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/ids";
import {
  freePort,
  killServerProcesses,
  serverDatabase,
  startServerProcess as startServer,
  waitForOutput,
} from "@/test/server-process";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process tests
// run on both databases; the PostgreSQL 15 pass leaves it out.

// A worker killed with SIGKILL in the middle of a promotion: another worker started on the same
// database finishes it, and every recipient is sent exactly once in its round. Real server.ts
// processes on a database of their own (no other test's jobs interfere).

const N = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  killServerProcesses();
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
});

describe("worker killed mid-promotion", () => {
  it("after a restart every recipient is sent exactly once and the promotion completes", async () => {
    const database = await serverDatabase(cleanups);
    const port = await freePort();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: "crash-test-auth-secret-0123456789",
      CALLBACK_SECRET_KEY: "crash-test-callback-key-0123456789",
      SIMULATOR_MESSAGE_DELAYS: "0,0,0",
      MESSAGES_DISPATCH_CHUNK: "50",
      MESSAGES_DISPATCH_LEASE_SECONDS: "2",
      MESSAGES_SWEEP_EVERY_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "100",
      PROMOTIONS_TICK_MS: "100",
      PROMOTIONS_SEND_AHEAD_SECONDS: "1",
    };
    const apiServer = startServer("api", env);
    await waitForOutput(apiServer, /Demo API key/);
    const businessId = /Demo business\s+(\S+)/.exec(apiServer.out())![1]!;

    const client = new pg.Client({ connectionString: database.url });
    client.on("error", () => undefined);
    await client.connect();
    cleanups.push(() => client.end());
    const templateId = uuidv7();
    await client.query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', 'crash_promo', 'en_US', 'MARKETING', 'APPROVED', $3)`,
      [templateId, businessId, JSON.stringify([{ type: "BODY", text: "Hi {{1}}" }])],
    );
    const { rows } = await client.query(
      `SELECT config->'phoneNumberIds'->>0 AS phone FROM business_channels WHERE business_id = $1 AND channel = 'chatapp'`,
      [businessId],
    );
    const phoneNumberId = rows[0].phone as string;
    // A slow sender (100 msg/s): the promotion takes ~3 s, so the kill lands in the middle.
    await client.query(
      `INSERT INTO sender_rate_limits (business_id, channel, sender, per_second) VALUES ($1, 'chatapp', $2, 100)`,
      [businessId, phoneNumberId],
    );
    const id = uuidv7();
    await client.query(
      `INSERT INTO promotions (id, business_id, kind, name, channel_type, status, phone_number_id, template_id,
         template, next_run_at)
       VALUES ($1, $2, 'promotion', 'crash', 'chatapp', 'Active', $3, $4, $5, now())`,
      [
        id,
        businessId,
        phoneNumberId,
        templateId,
        JSON.stringify({
          name: "crash_promo",
          language: "en_US",
          components: [{ type: "BODY", variables: [{ type: "text", value: "${name}" }] }],
        }),
      ],
    );
    await client.query(
      `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, name, vars)
       SELECT $1, g, $2, '9198' || lpad(g::text, 4, '0') || '0001', 'N' || g, '{}'::jsonb FROM generate_series(1, $3) g`,
      [id, businessId, N],
    );
    await client.query(
      `INSERT INTO promotion_counters (promotion_id, round, business_id) VALUES ($1, 0, $2)`,
      [id, businessId],
    );
    const count = async (sql: string) => (await client.query(sql, [id])).rows[0].n as number;

    const w1 = startServer("worker", env);
    const killBy = Date.now() + 60_000;
    while ((await count(`SELECT count(*)::int AS n FROM promotion_sends WHERE promotion_id = $1`)) < 60) {
      if (Date.now() > killBy) throw new Error(`worker 1 made no progress: ${w1.out()}`);
      await sleep(50);
    }
    w1.child.kill("SIGKILL");
    await new Promise((r) => w1.child.once("exit", r));
    const atKill = await count(`SELECT count(*)::int AS n FROM promotion_sends WHERE promotion_id = $1`);
    expect(atKill).toBeLessThan(N);

    const w2 = startServer("worker", env);
    const finishBy = Date.now() + 90_000;
    const done = async () =>
      (await client.query(`SELECT status FROM promotions WHERE id = $1`, [id])).rows[0].status ===
        "Completed" &&
      (await count(
        `SELECT count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND state = 'read'`,
      )) === N;
    while (!(await done())) {
      if (Date.now() > finishBy) throw new Error(`promotion did not finish: ${w2.out()}`);
      await sleep(250);
    }
    // Exactly one message per recipient, one send key per recipient and round.
    const perPhone = await client.query(
      `SELECT recipient, count(*)::int AS n FROM messages WHERE transaction_id = $1 GROUP BY recipient`,
      [id],
    );
    expect(perPhone.rows).toHaveLength(N);
    expect(perPhone.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    expect(await count(`SELECT count(*)::int AS n FROM promotion_sends WHERE promotion_id = $1`)).toBe(N);
    const c = (
      await client.query(`SELECT attempted, read, failed FROM promotion_counters WHERE promotion_id = $1`, [
        id,
      ])
    ).rows;
    expect(c).toEqual([{ attempted: N, read: N, failed: 0 }]);
    w2.child.kill("SIGTERM");
    apiServer.child.kill("SIGTERM");
  }, 180_000);
});
