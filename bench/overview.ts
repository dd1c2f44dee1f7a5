// Overview page data: getOverview, the one function the page calls, on a business
// with 1,000,000 messages over 30 days in its final statuses, on a fresh PostgreSQL database.
// Target: < 300 ms server time. Also measures what the message_stats triggers cost a bulk
// insert and a status update of 10,000 messages, and the full scan the counters avoid.
// Run: npx tsx bench/overview.ts postgres://postgres@127.0.0.1:5432/postgres
// Env: BENCH_MESSAGES (default 1000000), BENCH_RUNS (default 20).
import { benchSize, freshDatabase, ms, stats } from "./lib/fresh-database";

const database = await freshDatabase("overview.ts", "overview");
const { total, runs } = benchSize();
const CHUNK = 10_000;

const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb } = await import("../lib/db/pool");
const { systemCtx } = await import("../lib/context");
const { createBusiness } = await import("../lib/businesses/create-business");
const { getOverview } = await import("../lib/overview/get-overview");

try {
  await migrate(pool());
  const ctx = systemCtx("bench");
  const biz = await createBusiness(ctx, { name: "Overview bench", defaultCountry: "IN" });
  await pool().query(`UPDATE businesses SET time_zone = 'Asia/Kolkata' WHERE id = $1`, [biz.id]);
  const span = 30 * 86_400_000;
  const start = Date.now() - span + 60_000;
  // Messages in creation order, as sends write them: chunk k covers its slice of the 30 days.
  // Final statuses by message number: 70% read, 15% delivered, 7% sent, 5% 131047, 3% 131026.
  const insert = `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type,
      template_name, content, message_ref, provider, created_at)
    SELECT gen_random_uuid(), $1, $1, 'chatapp', 'bench', (919800000000 + i)::text, 'template', 'bench',
      '{}', 'ref', 'simulator', to_timestamp(($2::float8 + i::float8 * $4::float8) / 1000)
    FROM generate_series($3::int, $3::int + $5::int - 1) AS i`;
  const update = `UPDATE messages SET
      status = CASE WHEN n < 70 THEN 'read' WHEN n < 85 THEN 'delivered' WHEN n < 92 THEN 'sent' ELSE 'failed' END,
      error_code = CASE WHEN n >= 97 THEN '131026' WHEN n >= 92 THEN '131047' END, updated_at = now()
    FROM (SELECT id AS mid, (abs(hashtext(recipient)) % 100) AS n FROM messages
          WHERE business_id = $1 AND recipient::bigint - 919800000000 BETWEEN $2 AND $2 + $3 - 1) v
    WHERE business_id = $1 AND id = v.mid`;
  const t0 = Date.now();
  const insertMs: number[] = [];
  const updateMs: number[] = [];
  for (let i = 0; i < total; i += CHUNK) {
    const n = Math.min(CHUNK, total - i);
    let t = process.hrtime.bigint();
    await pool().query(insert, [biz.id, start, i, span / total, n]);
    insertMs.push(ms(t));
    t = process.hrtime.bigint();
    await pool().query(update, [biz.id, i, n]);
    updateMs.push(ms(t));
  }
  await pool().query(`VACUUM ANALYZE messages`);
  await pool().query(`VACUUM ANALYZE message_stats`);
  const parts = async () =>
    (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM message_stats`)).rows[0]!.n;
  console.log(
    `seeded ${total} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s; ${await parts()} delta rows`,
  );
  console.log(
    `with triggers, per ${CHUNK} messages: insert ${stats(insertMs)}; status update ${stats(updateMs)}`,
  );

  // The trigger's cost: the same statements with the triggers switched off.
  await pool().query(`ALTER TABLE messages DISABLE TRIGGER USER`);
  const offInsert: number[] = [];
  const offUpdate: number[] = [];
  for (let r = 0; r < 5; r++) {
    let t = process.hrtime.bigint();
    await pool().query(insert, [biz.id, start, total + r * CHUNK, span / total, CHUNK]);
    offInsert.push(ms(t));
    t = process.hrtime.bigint();
    await pool().query(update, [biz.id, total + r * CHUNK, CHUNK]);
    offUpdate.push(ms(t));
  }
  await pool().query(`DELETE FROM messages WHERE recipient::bigint - 919800000000 >= $1`, [total]);
  await pool().query(`ALTER TABLE messages ENABLE TRIGGER USER`);
  console.log(
    `without triggers, per ${CHUNK} messages: insert ${stats(offInsert)}; status update ${stats(offUpdate)}`,
  );

  const first = process.hrtime.bigint();
  const o = await getOverview(ctx, biz.id);
  console.log(
    `first getOverview (folds the deltas): ${ms(first).toFixed(1)} ms; ${await parts()} rows after`,
  );
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = process.hrtime.bigint();
    await getOverview(ctx, biz.id);
    times.push(ms(t));
  }
  console.log(`getOverview x${runs}: ${stats(times)}`);
  const { getMessageOverview } = await import("../lib/overview/get-message-overview");
  const alone: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = process.hrtime.bigint();
    await getMessageOverview(ctx, biz.id, { timeZone: "Asia/Kolkata" });
    alone.push(ms(t));
  }
  console.log(`getMessageOverview alone x5: ${stats(alone)}`);
  const plan = await pool().query(
    `EXPLAIN (ANALYZE, BUFFERS) SELECT to_char(bucket AT TIME ZONE $2, 'YYYY-MM-DD') AS day, status, error_code,
       sum(count)::text AS n, count(*)::text AS parts FROM message_stats WHERE business_id = $1
       AND bucket >= (date_trunc('day', $3::timestamptz AT TIME ZONE $2) - interval '29 days') AT TIME ZONE $2
       AND bucket < (date_trunc('day', $3::timestamptz AT TIME ZONE $2) + interval '1 day') AT TIME ZONE $2
     GROUP BY 1, 2, 3`,
    [biz.id, "Asia/Kolkata", new Date()],
  );
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  const sum = Object.values(o.messages.totals.last30).reduce((a, b) => a + b, 0);
  console.log(
    `overview last 30 days: ${sum} messages; failures ${JSON.stringify(o.messages.failures.map((f) => [f.errorCode, f.count]))}`,
  );

  const scan: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = process.hrtime.bigint();
    await pool().query(
      `SELECT status, count(*) FROM messages WHERE business_id = $1 AND created_at >= now() - interval '30 days' GROUP BY 1`,
      [biz.id],
    );
    scan.push(ms(t));
  }
  console.log(`for comparison, counting messages by status directly: ${stats(scan)}`);
} finally {
  await closeDb();
  await database.drop();
}
