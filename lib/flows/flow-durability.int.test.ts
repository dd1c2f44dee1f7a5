import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeMeta } from "@/test/fake-meta";
import {
  freePort,
  killServerProcesses,
  serverDatabase,
  startServerProcess,
  waitForOutput,
} from "@/test/server-process";
import { post, whatsappInbound } from "@/test/signed-webhooks";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process flow
// tests run on both databases; the PostgreSQL 15 pass leaves it out.

// Sessions across a kill -9 (docs/flows.md, "Durability"): a deployment of real server.ts
// processes (an API and a worker, on a database of their own) has a run waiting on an `ask`
// and another on a `wait` step when both processes are killed with SIGKILL. Started again on
// the same database, the customer's answer (delivered twice, as Meta may) continues the asking
// run exactly once, and the wait wakes and sends its next message. Customers write through
// Meta's signed webhook; WhatsApp's Cloud API is a local stand-in (test/fake-meta.ts) that
// counts every send, so nothing leaves the machine.

const APP_SECRET = "flow-durability-app-secret";
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  killServerProcesses();
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await sleep(100);
  }
}

describe("flow runs across a kill -9", () => {
  it("a waiting ask and a wait step survive SIGKILL of the server: the answer continues the run once, the wait wakes", async () => {
    const database = await serverDatabase(cleanups);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const meta = await startFakeMeta({ appSecret: APP_SECRET, webhookBase: () => base });
    cleanups.push(() => meta.close());
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      AUTH_SECRET: "flow-durability-auth-secret-0123456789",
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_GRAPH_URL: meta.graphUrl,
      MESSAGES_CACHE_MS: "0",
      JOBS_POLL_INTERVAL_MS: "100",
    };
    const worker = () => {
      const w = startServerProcess("worker", env);
      return waitForOutput(w, /"msg":"workers started"/).then(() => w);
    };
    const apiServer = () => {
      const a = startServerProcess("api", env);
      return waitForOutput(a, /"msg":"listening"/).then(() => a);
    };
    // The first start seeds the demo business (and its key) before the worker joins.
    let api = await apiServer();
    await waitForOutput(api, /Demo API key/);
    let work = await worker();
    const key = /Demo API key\s+(\S+)/.exec(api.out())![1]!;
    const businessId = /Demo business\s+(\S+)/.exec(api.out())![1]!;

    const sql = new pg.Client({ connectionString: database.url });
    sql.on("error", () => undefined);
    await sql.connect();
    cleanups.push(() => sql.end());
    const phone = (
      await sql.query<{ phone: string }>(
        `UPDATE business_channels SET provider = 'whatsapp-cloud', config = config || '{"accessToken": "EAAG-flows"}'
         WHERE business_id = $1 AND channel = 'chatapp' RETURNING config->'phoneNumberIds'->>0 AS phone`,
        [businessId],
      )
    ).rows[0]!.phone;

    const headers = { "x-api-key": key, "content-type": "application/json" };
    const publish = async (name: string, definition: object) => {
      const created = await fetch(`${base}/api/v3/flows/${businessId}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name, definition }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const published = await fetch(`${base}/api/v3/flows/${businessId}/${id}/publish`, {
        method: "POST",
        headers,
      });
      expect(published.status).toBe(200);
    };
    await publish("Order status", {
      triggers: [{ type: "keyword", words: ["order"] }],
      start: "ask",
      steps: [
        {
          id: "ask",
          type: "ask",
          question: "Your order number?",
          expect: "number",
          saveAs: "n",
          next: "done",
        },
        { id: "done", type: "end", text: "Order {{n}} ships today." },
      ],
    });
    await publish("Reminder", {
      triggers: [{ type: "keyword", words: ["remind"] }],
      start: "hi",
      steps: [
        { id: "hi", type: "send_text", text: "I will remind you.", next: "w" },
        { id: "w", type: "wait", minutes: 1, next: "bye" },
        { id: "bye", type: "end", text: "Here is your reminder." },
      ],
    });

    const asker = "919812300101";
    const waiter = "919812300202";
    const says = (from: string, id: string, text: string) =>
      post(base, whatsappInbound(APP_SECRET, phone, [{ id, from, text }]));
    expect(await says(asker, "wamid.durable.1", "order")).toBe(200);
    expect(await says(waiter, "wamid.durable.2", "remind")).toBe(200);

    const runOf = async (customer: string) =>
      (
        await sql.query<{
          id: string;
          state: string;
          step_id: string | null;
          variables: Record<string, string>;
        }>(
          `SELECT r.id, r.state, r.step_id, r.variables FROM flow_runs r
           JOIN conversations c ON c.id = r.conversation_id AND c.business_id = r.business_id
           WHERE r.business_id = $1 AND c.customer = $2`,
          [businessId, customer],
        )
      ).rows;
    const sentTo = async (customer: string) =>
      (
        await sql.query<{ id: string; text: string; status: string }>(
          `SELECT id, content->>'text' AS text, status FROM messages
           WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
          [businessId, customer],
        )
      ).rows;
    expect(await runOf(asker)).toEqual([expect.objectContaining({ state: "waiting", step_id: "ask" })]);
    const [waiting] = await runOf(waiter);
    expect(waiting).toMatchObject({ state: "waiting", step_id: "w" });
    // The first messages reach WhatsApp before the kill.
    await until("the question and the notice sent", async () =>
      [...(await sentTo(asker)), ...(await sentTo(waiter))].every((m) => meta.calls.get(m.id) === 1),
    );

    // kill -9 of the whole deployment, well before the wait's minute is up.
    for (const p of [api, work]) {
      const exited = new Promise((r) => p.child.once("exit", r));
      p.child.kill("SIGKILL");
      await exited;
    }
    // The wait's wake is the run's timer in the database, due in the minute; it is brought
    // forward to a few seconds from now, so the test does not sit out the minute (nothing runs
    // meanwhile).
    const wake = await sql.query(
      `UPDATE flow_runs SET wake_at = now() + interval '2 seconds'
       WHERE id = $1 AND state = 'waiting' AND wake_at > now()`,
      [waiting!.id],
    );
    expect(wake.rowCount).toBe(1);
    expect((await sentTo(waiter)).map((m) => m.text)).toEqual(["I will remind you."]);

    [api, work] = await Promise.all([apiServer(), worker()]);
    // The answer after the restart, delivered twice (the same provider message id).
    expect(await says(asker, "wamid.durable.3", "4711")).toBe(200);
    expect(await says(asker, "wamid.durable.3", "4711")).toBe(200);
    await until("both runs completed", async () =>
      [...(await runOf(asker)), ...(await runOf(waiter))].every((r) => r.state === "completed"),
    );
    expect((await runOf(asker))[0]!.variables).toEqual({ n: "4711" });
    const answers = await sql.query(
      `SELECT 1 FROM flow_run_steps WHERE business_id = $1 AND run_id = $2 AND type = 'answer'`,
      [businessId, (await runOf(asker))[0]!.id],
    );
    expect(answers.rowCount).toBe(1);
    expect((await sentTo(asker)).map((m) => m.text)).toEqual([
      "Your order number?",
      "Order 4711 ships today.",
    ]);
    expect((await sentTo(waiter)).map((m) => m.text)).toEqual([
      "I will remind you.",
      "Here is your reminder.",
    ]);
    // Each message reached WhatsApp once.
    await until("every message sent once", async () =>
      [...(await sentTo(asker)), ...(await sentTo(waiter))].every((m) => meta.calls.get(m.id) === 1),
    );
  }, 120_000);
});
