import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/ids";
import { startFakeMeta } from "@/test/fake-meta";
import {
  freePort,
  killServerProcesses,
  serverDatabase,
  startServerProcess as startServer,
  waitForOutput,
} from "@/test/server-process";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process tests
// run on both databases; the PostgreSQL 15 pass leaves it out.

// A worker killed with SIGKILL while it sends a bulk send, and one killed in a campaign, with
// WhatsApp's Cloud API as the provider (test/fake-meta.ts: the Graph API counting its calls, and
// Meta's signed status webhooks back): after another worker finishes, every message reached the
// provider exactly once, counted at the provider, not in our rows. The Cloud API has no
// idempotency key: a batch sent but not yet recorded when the worker died is not sent again
// while a status may still name it (dispatch_inflight, sweep-messages.ts).

const N = 200;
const APP_SECRET = "provider-once-app-secret";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  killServerProcesses();
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
});

async function deployment() {
  const database = await serverDatabase(cleanups);
  const port = await freePort();
  // Statuses come later than a dead worker's lease runs out (2 s) and the sweeper looks (1 s):
  // the window in which a batch that reached Meta looks like one that never left.
  const meta = await startFakeMeta({
    appSecret: APP_SECRET,
    webhookBase: () => `http://127.0.0.1:${port}`,
    statusAfterMs: 4_000,
  });
  cleanups.push(() => meta.close());
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    AUTH_SECRET: "once-test-auth-secret-0123456789",
    CALLBACK_SECRET_KEY: "once-test-callback-key-0123456789",
    WHATSAPP_GRAPH_URL: meta.graphUrl,
    WHATSAPP_APP_SECRET: APP_SECRET,
    MESSAGES_DISPATCH_CHUNK: "50",
    MESSAGES_DISPATCH_LEASE_SECONDS: "2",
    MESSAGES_DISPATCH_FLUSH_MS: "1000",
    MESSAGES_SWEEP_EVERY_MS: "1000",
    // A batch the provider never got (the worker died before its request left) has no status to
    // wait for: sent again after this grace.
    MESSAGES_UNCERTAIN_SECONDS: "8",
    JOBS_POLL_INTERVAL_MS: "100",
    PROMOTIONS_TICK_MS: "100",
    PROMOTIONS_SEND_AHEAD_SECONDS: "1",
  };
  const apiServer = startServer("api", env);
  await waitForOutput(apiServer, /Demo API key/);
  const apiKey = /Demo API key\s+(\S+)/.exec(apiServer.out())![1]!;
  const businessId = /Demo business\s+(\S+)/.exec(apiServer.out())![1]!;
  const client = new pg.Client({ connectionString: database.url });
  client.on("error", () => undefined);
  await client.connect();
  cleanups.push(() => client.end());
  const { rows } = await client.query(
    `UPDATE business_channels SET provider = 'whatsapp-cloud', config = config || '{"accessToken": "EAAG-once-test"}'
     WHERE business_id = $1 AND channel = 'chatapp' RETURNING config->'phoneNumberIds'->>0 AS phone`,
    [businessId],
  );
  const phoneNumberId = rows[0].phone as string;
  // 100 messages a second: the send takes ~2 s, so the kill lands in the middle of it.
  await client.query(
    `INSERT INTO sender_rate_limits (business_id, channel, sender, per_second) VALUES ($1, 'chatapp', $2, 100)`,
    [businessId, phoneNumberId],
  );
  return {
    env,
    meta,
    apiKey,
    businessId,
    phoneNumberId,
    client,
    base: `http://127.0.0.1:${port}`,
    apiServer,
  };
}

type Deployment = Awaited<ReturnType<typeof deployment>>;

/** Kills a first worker once the provider has `atCalls` calls, runs a second to the end. */
async function killMidwayThenFinish(d: Deployment, atCalls: number, done: () => Promise<boolean>) {
  const w1 = startServer("worker", d.env);
  const killBy = Date.now() + 60_000;
  while (d.meta.calls.size < atCalls) {
    if (Date.now() > killBy) throw new Error(`worker 1 made no progress: ${w1.out()}`);
    await sleep(20);
  }
  w1.child.kill("SIGKILL");
  await new Promise((r) => w1.child.once("exit", r));
  expect(d.meta.calls.size).toBeLessThan(N);
  const w2 = startServer("worker", d.env);
  const finishBy = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > finishBy) throw new Error(`did not finish: ${w2.out()}`);
    await sleep(250);
  }
  w2.child.kill("SIGTERM");
}

/** The provider's calls for every message of the transaction: each exactly once. */
async function expectOneCallEach(d: Deployment, transactionId: string) {
  const ids = (
    await d.client.query<{ id: string }>(`SELECT id FROM messages WHERE transaction_id = $1`, [transactionId])
  ).rows.map((r) => r.id);
  expect(ids).toHaveLength(N);
  const counts = ids.map((id) => d.meta.calls.get(id) ?? 0);
  expect(counts.filter((n) => n !== 1)).toEqual([]);
  // And nothing the provider was called for is not ours.
  expect(d.meta.calls.size).toBe(N);
}

const notSentYet = (d: Deployment, transactionId: string) => async () =>
  (
    await d.client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE transaction_id = $1 AND status IN ('attempted', 'accepted')`,
      [transactionId],
    )
  ).rows[0]!.n;

describe("a worker killed with SIGKILL while it sends to WhatsApp's Cloud API", () => {
  it("bulk send (B1): every message reaches the provider exactly once", async () => {
    const d = await deployment();
    await d.client.query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', 'once_bulk', 'en_US', 'UTILITY', 'APPROVED', $3)`,
      [uuidv7(), d.businessId, JSON.stringify([{ type: "BODY", text: "Hi {{1}}" }])],
    );
    const sent = await fetch(`${d.base}/api/v2/message/${d.businessId}/template?apikey=${d.apiKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        message: {
          messageType: "template",
          name: "once_bulk",
          language: "en_US",
          components: [{ componentType: "body", parameters: [{ type: "text", text: "1" }] }],
        },
        subscribers: Array.from({ length: N }, (_, i) => ({
          subscriberId: `919900${100001 + i * 10}`,
          variables: [`n${i}`],
        })),
        phoneNumberId: d.phoneNumberId,
      }),
    });
    expect(sent.status).toBe(200);
    const { transactionId } = (await sent.json()) as { transactionId: string };
    const left = notSentYet(d, transactionId);
    await killMidwayThenFinish(d, 60, async () => (await left()) === 0);
    await expectOneCallEach(d, transactionId);
  }, 240_000);

  it("campaign: every recipient's message reaches the provider exactly once", async () => {
    const d = await deployment();
    const templateId = uuidv7();
    await d.client.query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', 'once_promo', 'en_US', 'MARKETING', 'APPROVED', $3)`,
      [templateId, d.businessId, JSON.stringify([{ type: "BODY", text: "Hi {{1}}" }])],
    );
    const id = uuidv7();
    await d.client.query(
      `INSERT INTO promotions (id, business_id, kind, name, channel_type, status, phone_number_id, template_id,
         template, next_run_at)
       VALUES ($1, $2, 'promotion', 'once', 'chatapp', 'Active', $3, $4, $5, now())`,
      [
        id,
        d.businessId,
        d.phoneNumberId,
        templateId,
        JSON.stringify({
          name: "once_promo",
          language: "en_US",
          components: [{ type: "BODY", variables: [{ type: "text", value: "${name}" }] }],
        }),
      ],
    );
    await d.client.query(
      `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, name, vars)
       SELECT $1, g, $2, '9198' || lpad(g::text, 4, '0') || '0001', 'N' || g, '{}'::jsonb FROM generate_series(1, $3) g`,
      [id, d.businessId, N],
    );
    await d.client.query(
      `INSERT INTO promotion_counters (promotion_id, round, business_id) VALUES ($1, 0, $2)`,
      [id, d.businessId],
    );
    const left = notSentYet(d, id);
    const allQueued = async () =>
      (
        await d.client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages WHERE transaction_id = $1`,
          [id],
        )
      ).rows[0]!.n === N;
    await killMidwayThenFinish(d, 60, async () => (await allQueued()) && (await left()) === 0);
    await expectOneCallEach(d, id);
  }, 240_000);
});
