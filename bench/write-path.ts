// The bulk path's row writes alone (HOT updates): what PostgreSQL spends on the writes
// of bench/bulk.ts's pipeline without the pipeline, so that their share is measured on a shared
// machine where the end-to-end figures swing more than it. Two fresh databases migrated alike:
// "current" as migrated, "before" with the indexes and fillfactor that the status updates and the
// delivery outcome were not HOT under (messages_open_idx on status, updated_at; the deliveries'
// due and failed indexes on status; fillfactor 100). Per round, 10,000 messages are inserted born
// leased, accepted (never HOT: a new provider id), moved to read in one update, and their 30,000
// deliveries inserted born leased and given a successful outcome with its attempt logged, in
// chunks of 500 (2,000 for the message insert) with the statements of lib/messages and
// lib/callbacks, then VACUUM of both tables (the deferred cost; its freed space takes the next
// round's rows). Reported: CPU ms per message of the one backend (/proc), per phase, the rounds
// alternating between the databases; updates and HOT updates; heap and index sizes at the end.
// Run: npx tsx bench/write-path.ts   Env: BENCH_ROUNDS (default 4),
//      BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; PostgreSQL only).
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { migrate } from "../lib/db/migrate";
import { uuidv7 } from "../lib/ids";
import { freshServerDatabase } from "./lib/server-process";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const N = 10_000;
const CHUNK = 500;
process.env.BENCH_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const load0 = loadavg()[0]!.toFixed(2);

const BEFORE = [
  "DROP INDEX messages_dispatch_lease_idx",
  "DROP INDEX messages_simulator_idx",
  `CREATE INDEX messages_open_idx ON messages (status, updated_at)
     WHERE status IN ('attempted', 'accepted', 'sent', 'delivered')`,
  "DROP INDEX callback_deliveries_failed_idx",
  "DROP INDEX callback_deliveries_due_idx",
  "CREATE INDEX callback_deliveries_failed_idx ON callback_deliveries (business_id, id) WHERE status = 'failed'",
  "CREATE INDEX callback_deliveries_due_idx ON callback_deliveries (next_attempt_at) WHERE status = 'pending'",
  "ALTER TABLE messages RESET (fillfactor)",
  "ALTER TABLE callback_deliveries RESET (fillfactor)",
];

const INSERT_MESSAGES = `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type,
    template_name, language, content, message_ref, provider, dispatch_locked_until)
  SELECT v.id, $2, $3, 'chatapp', '100', v.recipient, 'template', 'bench_bulk', 'en_US', $4::jsonb, v.ref,
    'simulator', now() + interval '60 seconds'
  FROM json_to_recordset($1::json) AS v(id uuid, recipient text, ref text)`;
const ACCEPT = `UPDATE messages m SET status = CASE WHEN m.status = 'attempted' THEN 'accepted' ELSE m.status END,
    accepted_at = coalesce(m.accepted_at, v.at), provider_message_id = v.pid,
    dispatch_attempts = greatest(m.dispatch_attempts, v.attempts), dispatch_locked_until = NULL, updated_at = now()
  FROM unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::int[]) AS v(id, pid, at, attempts)
  WHERE m.business_id = $1 AND m.id = v.id`;
const STATUS = `UPDATE messages m SET status = v.status,
    accepted_at = coalesce(m.accepted_at, v.accepted_at), sent_at = coalesce(m.sent_at, v.sent_at),
    delivered_at = coalesce(m.delivered_at, v.delivered_at), read_at = coalesce(m.read_at, v.read_at),
    failed_at = coalesce(m.failed_at, v.failed_at), error_code = coalesce(v.error_code, m.error_code),
    failed_reason = coalesce(v.reason, m.failed_reason), failure_details = coalesce(v.details, m.failure_details),
    dispatch_locked_until = NULL, updated_at = now()
  FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[],
    $7::timestamptz[], $8::timestamptz[], $9::text[], $10::text[], $11::text[])
    AS v(business_id, id, status, accepted_at, sent_at, delivered_at, read_at, failed_at, error_code, reason, details)
  WHERE m.business_id = v.business_id AND m.id = v.id`;
const INSERT_DELIVERIES = `INSERT INTO callback_deliveries (id, business_id, endpoint_id, event_type, subject_id, payload,
    next_attempt_at, locked_until)
  SELECT v.id, $1, v.endpoint_id, v.event_type, v.subject_id, v.payload, NULL, now() + interval '120 seconds'
  FROM json_to_recordset($2::json) AS v(id uuid, endpoint_id uuid, event_type text, subject_id text, payload jsonb)`;
const OUTCOME = `UPDATE callback_deliveries d SET
    status = v.status, attempts = d.attempts + v.tried, step = v.step,
    next_attempt_at = CASE WHEN v.delay IS NULL THEN NULL ELSE now() + make_interval(secs => v.delay) END,
    locked_until = NULL, last_response_code = CASE WHEN v.tried = 1 THEN v.code ELSE d.last_response_code END,
    last_error = v.err, updated_at = now(),
    delivered_at = CASE WHEN v.status = 'delivered' THEN now() ELSE d.delivered_at END,
    attempt_log = CASE WHEN v.attempt IS NULL THEN d.attempt_log
      WHEN jsonb_array_length(d.attempt_log) < 50 THEN d.attempt_log || v.attempt
      ELSE (d.attempt_log - 0) || v.attempt END
  FROM json_to_recordset($2::json) AS v(id uuid, status text, tried int, step int, delay int, code int, err text,
    attempt jsonb)
  WHERE d.business_id = $1 AND d.id = v.id`;

const CONTENT = JSON.stringify({
  name: "bench_bulk",
  language: "en_US",
  components: [
    {
      type: "body",
      parameters: [
        { type: "text", text: "Sunil" },
        { type: "text", text: "1234" },
      ],
    },
    { type: "button", sub_type: "url", index: 0, parameters: [{ type: "text", text: "?id=1" }] },
  ],
});

const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
};

type Variant = {
  name: string;
  drop: () => Promise<void>;
  client: pg.Client;
  pid: number;
  businessId: string;
  endpointId: string;
  cpu: Map<string, number>;
};

async function setUp(name: string): Promise<Variant> {
  const { url, drop } = (await freshServerDatabase())!;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migrate(pool);
  if (name === "before") for (const s of BEFORE) await pool.query(s);
  await pool.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // No WAL flush wait per commit: the CPU of the writes, not the disk.
  await client.query("SET synchronous_commit = off");
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const businessId = uuidv7();
  const endpointId = uuidv7();
  await client.query(`INSERT INTO businesses (id, name) VALUES ($1, 'write path')`, [businessId]);
  await client.query(
    `INSERT INTO callback_endpoints (id, business_id, url, secret_ciphertext) VALUES ($1, $2, 'http://127.0.0.1:9/', 'x')`,
    [endpointId, businessId],
  );
  return { name, drop, client, pid: rows[0]!.pid, businessId, endpointId, cpu: new Map() };
}

async function phase(v: Variant, label: string, fn: () => Promise<unknown>): Promise<void> {
  const c0 = cpuSeconds(v.pid);
  await fn();
  v.cpu.set(label, (v.cpu.get(label) ?? 0) + cpuSeconds(v.pid) - c0);
}

async function round(v: Variant, r: number): Promise<void> {
  const c = v.client;
  const ids = Array.from({ length: N }, () => uuidv7());
  const chunks: string[][] = [];
  for (let i = 0; i < N; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  await phase(v, "insert messages", async () => {
    for (let i = 0; i < N; i += 2_000) {
      const rows = ids
        .slice(i, i + 2_000)
        .map((id, k) => ({ id, recipient: `91${9_000_000_000 + r * N + i + k}`, ref: `ref-${i + k}` }));
      await c.query(INSERT_MESSAGES, [JSON.stringify(rows), v.businessId, uuidv7(), CONTENT]);
    }
  });
  await phase(v, "accept", async () => {
    for (const ch of chunks)
      await c.query(ACCEPT, [
        v.businessId,
        ch,
        ch.map((id) => `sim-${id}`),
        ch.map(() => new Date()),
        ch.map(() => 1),
      ]);
  });
  await phase(v, "status to read", async () => {
    for (const ch of chunks) {
      const at = ch.map(() => new Date());
      const none = ch.map(() => null);
      const statuses = ch.map(() => "read");
      await c.query(STATUS, [
        ch.map(() => v.businessId),
        ch,
        statuses,
        none,
        at,
        at,
        at,
        none,
        none,
        none,
        none,
      ]);
    }
  });
  const deliveries: string[] = [];
  await phase(v, "insert deliveries", async () => {
    for (const ch of chunks) {
      const rows = ch.flatMap((messageId) =>
        ["sent", "delivered", "read"].map((status) => ({
          id: uuidv7(),
          endpoint_id: v.endpointId,
          event_type: "message.status",
          subject_id: messageId,
          payload: {
            messageId,
            messageRef: "ref-1",
            subscriberId: "919000000001",
            status,
            sentAt: 1_700_000_000,
          },
        })),
      );
      deliveries.push(...rows.map((x) => x.id));
      await c.query(INSERT_DELIVERIES, [v.businessId, JSON.stringify(rows)]);
    }
  });
  await phase(v, "delivery outcome", async () => {
    for (let i = 0; i < deliveries.length; i += CHUNK) {
      const outcomes = deliveries.slice(i, i + CHUNK).map((id, k) => ({
        id,
        status: "delivered",
        tried: 1,
        step: 0,
        delay: null,
        code: 200,
        err: null,
        attempt: [
          {
            id: uuidv7(),
            attemptNo: 1,
            url: "http://127.0.0.1:41234/",
            requestedAt: 1_700_000_000,
            responseStatus: 200,
            latencyMs: 3 + (k % 5),
            error: null,
            responseBody: "",
          },
        ],
      }));
      await c.query(OUTCOME, [v.businessId, JSON.stringify(outcomes)]);
    }
  });
  // The deferred part of the writes: dead row versions and their index entries to clear (what
  // autovacuum does later); the space it frees takes the next round's rows.
  await phase(v, "vacuum", () => c.query("VACUUM messages, callback_deliveries"));
}

const variants = [await setUp("before"), await setUp("current")];
const report: string[] = [];
try {
  for (let r = 0; r < ROUNDS; r++)
    for (const v of r % 2 === 0 ? variants : [...variants].reverse()) await round(v, r);
  for (const v of variants) {
    await v.client.query("SELECT pg_stat_force_next_flush()");
    await new Promise((res) => setTimeout(res, 200));
    const { rows } = await v.client.query<{
      relname: string;
      upd: string;
      hot: string;
      heap: string;
      idx: string;
    }>(
      `SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot, pg_relation_size(relid) AS heap,
         pg_indexes_size(relid) AS idx
       FROM pg_stat_user_tables WHERE relname IN ('messages', 'callback_deliveries') ORDER BY relname DESC`,
    );
    const perMessage = (s: number) => ((s * 1000) / (ROUNDS * N)).toFixed(3);
    const total = [...v.cpu.values()].reduce((a, b) => a + b, 0);
    report.push(
      `${v.name}: backend CPU ms per message: ${[...v.cpu].map(([k, s]) => `${k} ${perMessage(s)}`).join(", ")}; **total ${perMessage(total)}**`,
      ...rows.map(
        (t) =>
          `${v.name}: ${t.relname} ${t.upd} updates, ${t.hot} HOT; heap ${(+t.heap / 2 ** 20).toFixed(1)} MiB, indexes ${(+t.idx / 2 ** 20).toFixed(1)} MiB`,
      ),
    );
  }
} finally {
  for (const v of variants) {
    await v.client.end();
    await v.drop();
  }
}
console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, load average at start ${load0}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(`Command: npx tsx bench/write-path.ts (BENCH_ROUNDS=${ROUNDS}, ${N} messages a round)\n`);
for (const line of report) console.log(`- ${line}`);
