// The inbox list on a large business: listConversations, what /inbox and
// GET /api/v3/conversations call, on a business with 100,000 conversations (60% resolved, 25%
// open, 15% pending; 50 agents in 5 teams; 15% of the open ones unassigned), on a fresh
// PostgreSQL database. Target: the first page < 100 ms server time for every tab and role.
// Baseline in the same run: one primary-key read of a conversation (the floor of any query).
// Run: npx tsx bench/conversations-list.ts postgres://postgres@127.0.0.1:5432/postgres
// Env: BENCH_CONVERSATIONS (default 100000), BENCH_RUNS (default 30).
import { freshDatabase, ms } from "./lib/fresh-database";

const total = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const fresh = await freshDatabase("conversations-list.ts", "inbox");

const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb, db } = await import("../lib/db/pool");
const { systemCtx } = await import("../lib/context");
const { createBusiness } = await import("../lib/businesses/create-business");
const { listConversations } = await import("../lib/conversations/list-conversations");
const { uuidv7 } = await import("../lib/ids");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!;

async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    out.push(ms(t0));
  }
  return out;
}

try {
  await migrate(pool());
  const biz = await createBusiness(systemCtx("bench"), { name: "Inbox bench", defaultCountry: "IN" });
  const q = (text: string, values: unknown[] = []) => pool().query(text, values);
  const adminId = uuidv7();
  await q(
    `INSERT INTO users (id, business_id, email, role, first_name) VALUES ($1, $2, 'admin@inbox.bench', 'BUSINESS_ADMIN', 'Admin')`,
    [adminId, biz.id],
  );
  const agents = Array.from({ length: 50 }, () => uuidv7());
  await q(
    `INSERT INTO users (id, business_id, email, role, first_name)
     SELECT a, $2, 'agent' || i || '@inbox.bench', 'AGENT', 'Agent ' || i FROM unnest($1::uuid[]) WITH ORDINALITY AS t(a, i)`,
    [agents, biz.id],
  );
  const teams = Array.from({ length: 5 }, () => uuidv7());
  await q(
    `INSERT INTO teams (id, business_id, name, supervisor_id)
     SELECT t, $2, 'Team ' || i, $3 FROM unnest($1::uuid[]) WITH ORDINALITY AS x(t, i)`,
    [teams, biz.id, adminId],
  );
  await q(
    `INSERT INTO team_members (business_id, team_id, user_id)
     SELECT $1, ($2::uuid[])[1 + (i - 1) % 5], a FROM unnest($3::uuid[]) WITH ORDINALITY AS x(a, i)`,
    [biz.id, teams, agents],
  );
  const t0 = Date.now();
  // Conversation i: state by i % 20 (12 resolved, 5 open, 3 pending), its agent and team by a
  // hash of i, a sixth of the open and pending ones unassigned; the last message spread over 30 days.
  await q(
    `INSERT INTO conversations (id, business_id, channel, sender, customer, customer_name, state, assignee_id,
       team_id, last_agent_id, last_customer_message_at, last_message_at, last_message_preview, unread)
     SELECT gen_random_uuid(), $1, 'chatapp', 'pn-' || (i % 2), (919800000000 + i)::text, 'Customer ' || i,
       s.state, CASE WHEN s.state <> 'resolved' AND h.h % 6 = 0 THEN NULL ELSE ($2::uuid[])[1 + h.h % 50] END,
       ($3::uuid[])[1 + (h.h / 50) % 5], ($2::uuid[])[1 + h.h % 50], t.at, t.at, 'Hello from ' || i, i % 3
     FROM generate_series(1, $4::int) AS i
     CROSS JOIN LATERAL (SELECT abs(hashtext(i::text)) AS h) h
     CROSS JOIN LATERAL (SELECT CASE WHEN i % 20 < 12 THEN 'resolved' WHEN i % 20 < 17 THEN 'open' ELSE 'pending' END AS state) s
     CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (i * 2592000.0 / $4::int))) t(at)`,
    [biz.id, agents, teams, total],
  );
  await q("ANALYZE conversations; ANALYZE users; ANALYZE teams; ANALYZE team_members");
  const seeded = Date.now() - t0;

  const userCtx = (id: string, role: string) => ({
    db: db(),
    actor: { type: "user" as const, id, role, businessId: biz.id },
  });
  const adminCtx = userCtx(adminId, "BUSINESS_ADMIN");
  const agentCtx = userCtx(agents[7]!, "AGENT");
  const [any] = (await q(`SELECT id FROM conversations WHERE business_id = $1 LIMIT 1`, [biz.id]))
    .rows as Array<{
    id: string;
  }>;
  const floor = await timed(() =>
    q(`SELECT * FROM conversations WHERE business_id = $1 AND id = $2`, [biz.id, any!.id]),
  );
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["admin, All, open", () => listConversations(adminCtx, biz.id, { tab: "all", state: "open" })],
    [
      "admin, Unassigned, open",
      () => listConversations(adminCtx, biz.id, { tab: "unassigned", state: "open" }),
    ],
    ["admin, All, resolved", () => listConversations(adminCtx, biz.id, { tab: "all", state: "resolved" })],
    ["admin, search '98000123'", () => listConversations(adminCtx, biz.id, { tab: "all", q: "98000123" })],
    ["agent, Mine, open", () => listConversations(agentCtx, biz.id, { tab: "mine", state: "open" })],
    [
      "agent, All (own share), open",
      () => listConversations(agentCtx, biz.id, { tab: "all", state: "open" }),
    ],
    [
      "agent, Unassigned, open",
      () => listConversations(agentCtx, biz.id, { tab: "unassigned", state: "open" }),
    ],
  ];
  console.log(`${total.toLocaleString("en-US")} conversations seeded in ${(seeded / 1000).toFixed(1)} s`);
  console.log(`baseline (primary-key read): median ${median(floor).toFixed(2)} ms`);
  console.log("| first page (up to 25) | rows | median | p95 | median / baseline |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const [label, fn] of cases) {
    // Every case answers a page: a bench of empty answers would measure nothing.
    const page = (await fn()) as { conversations: unknown[] };
    if (page.conversations.length === 0) throw new Error(`${label}: no conversations`);
    const xs = await timed(fn);
    console.log(
      `| ${label} | ${page.conversations.length} | ${median(xs).toFixed(1)} ms | ${p95(xs).toFixed(1)} ms | ${(median(xs) / median(floor)).toFixed(0)}x |`,
    );
  }
} finally {
  await closeDb();
  await fresh.drop();
}
