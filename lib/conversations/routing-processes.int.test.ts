import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/ids";
import { freshDatabase } from "@/test/fresh-database";
import { freePort, killServerProcesses, startServerProcess, waitForOutput } from "@/test/server-process";
import { post, whatsappInbound } from "@/test/signed-webhooks";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process tests
// run on both databases; the PostgreSQL 15 pass leaves it out.

// Inbound routing across three server processes on one database, over HTTP: signed WhatsApp
// webhooks through each process's group commit, agents going Available and conversations put
// back to the queue through the API, all at the same moment, on real concurrent transactions.
// Afterwards: every customer has one conversation, no conversation was given to a second agent
// while it had one, no agent is past the open limit, and the load counters agree with the rows.

const APP_SECRET = "routing-processes-app-secret";
const LIMIT = 3;
const AGENTS = 4;
const CUSTOMERS = 30;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  killServerProcesses();
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
});

type Span = { process: number; start: number; end: number };

describe("routing across server processes", () => {
  it("keeps one conversation per customer, one agent per conversation and the limit, with the processes overlapping", async () => {
    const database = await freshDatabase();
    cleanups.push(database.drop);
    const env = (port: number) => ({
      DATABASE_URL: database.url,
      DATA_DIR: `/tmp/sb-routing-processes-${uuidv7()}`,
      HOST: "127.0.0.1",
      PORT: String(port),
      AUTH_SECRET: "routing-processes-auth-secret-0123456789",
      WHATSAPP_APP_SECRET: APP_SECRET,
      LOG_LEVEL: "info",
    });
    const servers = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const s = startServerProcess("api", env(port));
      await waitForOutput(s, /"msg":"listening"/);
      servers.push({ ...s, base: `http://127.0.0.1:${port}` });
    }
    const bases = servers.map((s) => s.base);
    const first = servers[0]!;
    await waitForOutput(first, /Demo API key/);
    const apiKey = /Demo API key\s+(\S+)/.exec(first.out())![1]!;
    const businessId = /Demo business\s+(\S+)/.exec(first.out())![1]!;
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    cleanups.push(() => sql.end());
    const phone = (
      await sql.query<{ phone: string }>(
        `UPDATE business_channels SET provider = 'whatsapp-cloud' WHERE business_id = $1 AND channel = 'chatapp'
         RETURNING config->'phoneNumberIds'->>0 AS phone`,
        [businessId],
      )
    ).rows[0]!.phone;
    await sql.query(
      `INSERT INTO conversation_settings (business_id, open_limit) VALUES ($1, $2)
       ON CONFLICT (business_id) DO UPDATE SET open_limit = $2`,
      [businessId, LIMIT],
    );
    const agents = Array.from({ length: AGENTS }, () => uuidv7());
    for (const [i, id] of agents.entries()) {
      await sql.query(
        `INSERT INTO users (id, business_id, email, role, first_name, status) VALUES ($1, $2, $3, 'AGENT', $4, 'Away')`,
        [id, businessId, `agent${i}-${id}@routing.test`, `Agent ${i}`],
      );
    }

    const spans: Span[] = [];
    const timed = async <T>(process: number, fn: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      try {
        return await fn();
      } finally {
        spans.push({ process, start, end: performance.now() });
      }
    };
    const api = (process: number, method: string, path: string, body: unknown) =>
      timed(process, async () => {
        const r = await fetch(`${bases[process]}${path}`, {
          method,
          headers: { "x-api-key": apiKey, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: r.status, json: (await r.json().catch(() => ({}))) as Record<string, unknown> };
      });
    const customer = (k: number) => `9196${String(k).padStart(8, "0")}`;

    // Each customer writes through one process; every fifth writes through all three at once.
    let n = 0;
    const writes = Array.from({ length: CUSTOMERS }, (_, k) => {
      const through = k % 5 === 0 ? [0, 1, 2] : [k % 3];
      return through.map((p) => async () => {
        const w = whatsappInbound(APP_SECRET, phone, [
          { id: `wamid.route.${k}.${p}.${++n}`, from: customer(k), text: "hi" },
        ]);
        const status = await timed(p, () => post(bases[p]!, w));
        expect(status).toBe(200);
      });
    }).flat();
    // Agents go Available through the processes while the messages arrive.
    const available = agents.map((id, i) => async () => {
      const r = await api(i % 3, "PATCH", `/api/v1/business/user?email=admin@demo.switchboard.local`, {
        type: "userStatus",
        userId: id,
        userStatus: "Available",
      });
      expect(r.status).toBe(200);
    });
    // And conversations already given to an agent are put back to the queue (a transfer to
    // nobody), which hands the agent's place to the next waiting one.
    const putBack = Array.from({ length: 6 }, (_, i) => async () => {
      const { rows } = await sql.query<{ id: string }>(
        `SELECT id FROM conversations WHERE business_id = $1 AND assignee_id IS NOT NULL ORDER BY random() LIMIT 1`,
        [businessId],
      );
      if (!rows[0]) return;
      const r = await api(i % 3, "POST", `/api/v3/conversations/${businessId}/${rows[0].id}/assign`, {
        assigneeId: null,
      });
      expect(r.status).toBe(200);
    });
    const tasks = [...writes];
    tasks.splice(8, 0, ...available.slice(0, 2));
    tasks.splice(20, 0, ...putBack.slice(0, 3), ...available.slice(2));
    tasks.push(...putBack.slice(3));
    let next = 0;
    await Promise.all(
      Array.from({ length: 9 }, async () => {
        while (next < tasks.length) await tasks[next++]!();
      }),
    );

    // The processes ran at once: every pair had requests in flight at the same moment.
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const overlapped = spans.some(
        (x) => x.process === a && spans.some((y) => y.process === b && y.start < x.end && x.start < y.end),
      );
      expect(overlapped, `processes ${a} and ${b} overlapped`).toBe(true);
    }
    // One conversation per customer.
    const convs = (
      await sql.query<{ id: string; customer: string; assignee_id: string | null }>(
        `SELECT id, customer, assignee_id FROM conversations WHERE business_id = $1`,
        [businessId],
      )
    ).rows;
    expect(convs).toHaveLength(CUSTOMERS);
    expect(new Set(convs.map((c) => c.customer)).size).toBe(CUSTOMERS);
    // No agent past the limit; the loads routing reads agree with the rows; the queue waits only
    // because every agent is full.
    const perAgent = new Map(agents.map((a) => [a, convs.filter((c) => c.assignee_id === a).length]));
    for (const [agent, open] of perAgent) expect([agent, open <= LIMIT]).toEqual([agent, true]);
    const loads = (
      await sql.query<{ user_id: string; open: number }>(
        `SELECT user_id, open FROM agent_loads WHERE business_id = $1`,
        [businessId],
      )
    ).rows;
    for (const l of loads) expect([l.user_id, l.open]).toEqual([l.user_id, perAgent.get(l.user_id) ?? 0]);
    expect([...perAgent.values()].every((v) => v === LIMIT)).toBe(true);
    expect(convs.filter((c) => c.assignee_id === null)).toHaveLength(CUSTOMERS - LIMIT * AGENTS);
    // Never given to a second agent while it had one: between two assignments, a hand-back.
    const events = (
      await sql.query<{ conversation_id: string; type: string }>(
        `SELECT conversation_id, type FROM conversation_events
         WHERE business_id = $1 AND type IN ('assigned', 'unassigned', 'transferred') ORDER BY conversation_id, id`,
        [businessId],
      )
    ).rows;
    const held = new Map<string, boolean>();
    for (const e of events) {
      const has = held.get(e.conversation_id) ?? false;
      if (e.type === "assigned") expect([e.conversation_id, has]).toEqual([e.conversation_id, false]);
      held.set(e.conversation_id, e.type !== "unassigned");
    }
  }, 180_000);
});
