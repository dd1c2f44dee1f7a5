// The operator's System page: getSystemStatus's time with 1,000,000 messages (and
// their message_stats deltas, written by the triggers as in production), 100,000 callback
// deliveries (2% waiting for a retry) and the job queues. Goal: < 300 ms.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/system-page.ts
// Env: BENCH_MESSAGES (default 1000000), BENCH_BUSINESSES (default 20), BENCH_RUNS (default 20).
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { systemCtx } from "../lib/context";
import { closeDb, pool, setDatabaseUrl } from "../lib/db/pool";
import { migrate } from "../lib/db/migrate";
import { uuidv7 } from "../lib/ids";
import { startBoss, stopBoss } from "../lib/jobs/boss";
import { ensureQueues } from "../lib/jobs/ensure-queues";
import { getSystemStatus } from "../lib/system/get-system-status";
import { wireAll } from "../lib/wiring";
import { freshServerDatabase } from "./lib/server-process";

const total = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const businessCount = Number(process.env.BENCH_BUSINESSES ?? 20);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const load1 = loadavg()[0]!.toFixed(2);

const database = await freshServerDatabase();
if (!database) throw new Error("set BENCH_DATABASE_URL (a PostgreSQL server)");
setDatabaseUrl(database.url);
try {
  await migrate(pool());
  wireAll();
  await ensureQueues(await startBoss());
  const q = (text: string, values: unknown[] = []) => pool().query(text, values);
  const businesses = Array.from({ length: businessCount }, () => uuidv7());
  for (const [i, id] of businesses.entries()) {
    await q("INSERT INTO businesses (id, name) VALUES ($1, $2)", [id, `Bench ${i}`]);
    await q(
      `INSERT INTO callback_endpoints (id, business_id, url, events, secret_ciphertext)
       VALUES ($1, $2, $3, '{message.status}', 'v1:bench')`,
      [uuidv7(), id, `https://hooks.example.test/${i}`],
    );
  }
  const started = Date.now();
  const chunk = 100_000;
  for (let done = 0; done < total; done += chunk) {
    const n = Math.min(chunk, total - done);
    // Spread over the last 6 hours and the businesses; ids time-ordered like UUIDv7s.
    await q(
      `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type, content,
         message_ref, status, provider, created_at)
       SELECT gen_random_uuid(), ($1::uuid[])[1 + g % $2], gen_random_uuid(), 'chatapp', '100200300',
         '9199' || lpad((g % 100000000)::text, 8, '0'), 'template', '{}'::jsonb, 'ref-' || g,
         (ARRAY['accepted','sent','delivered','read','read','read','failed'])[1 + g % 7], 'simulator',
         now() - make_interval(secs => (g % 21600))
       FROM generate_series($3::int, $3::int + $4::int - 1) g`,
      [businesses, businessCount, done, n],
    );
  }
  await q(
    `INSERT INTO callback_deliveries (id, business_id, endpoint_id, event_type, payload, status, attempts, last_error, next_attempt_at)
     SELECT gen_random_uuid(), e.business_id, e.id, 'message.status', '{}'::jsonb,
       CASE WHEN g % 50 = 0 THEN 'pending' ELSE 'delivered' END, 1,
       CASE WHEN g % 50 = 0 THEN 'HTTP 500' END, CASE WHEN g % 50 = 0 THEN now() + interval '5 minutes' END
     FROM generate_series(1, 100000) g JOIN LATERAL (
       SELECT id, business_id FROM callback_endpoints ORDER BY id OFFSET (g % $1) LIMIT 1) e ON true`,
    [businessCount],
  );
  await q("ANALYZE");
  const setupS = ((Date.now() - started) / 1000).toFixed(0);
  const times: number[] = [];
  await getSystemStatus(systemCtx("bench")); // warm-up
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await getSystemStatus(systemCtx("bench"));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(0);
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  const stats = (await c.query("SELECT count(*)::int AS n FROM message_stats")).rows[0].n as number;
  await c.end();
  console.log(
    `Machine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PostgreSQL, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `Data: ${total.toLocaleString("en-US")} messages over 6 h in ${businessCount} businesses (${stats.toLocaleString("en-US")} message_stats rows), 100,000 callback deliveries (2,000 waiting for a retry); setup ${setupS} s`,
  );
  console.log(
    `getSystemStatus over ${runs} runs: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (goal < 300 ms)`,
  );
} finally {
  await stopBoss(2_000);
  await closeDb();
  await database.drop();
}
