// Campaign page data: loadCampaignPage, everything the /campaigns/[id]
// page reads, on a campaign of 1,000,000 messages (and recipients) in their final statuses,
// on a fresh PostgreSQL database. Target: < 300 ms server time. The per-minute chart reads the
// promotion's counters (promotion_minute_stats); the scan it replaced is timed for comparison.
// Run: npx tsx bench/campaign-page.ts postgres://postgres@127.0.0.1:5432/postgres
// Env: BENCH_MESSAGES (default 1000000), BENCH_RUNS (default 20).
import { benchSize, freshDatabase, ms, stats } from "./lib/fresh-database";

const database = await freshDatabase("campaign-page.ts", "campaign");
const { total, runs } = benchSize();
const CHUNK = 10_000;
/** Sends per minute: 1,000,000 messages over about 100 minutes (the chart's 180-minute window). */
const PER_MINUTE = 10_000;

const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb } = await import("../lib/db/pool");
const { systemCtx } = await import("../lib/context");
const { uuidv7 } = await import("../lib/ids");
const { createBusiness } = await import("../lib/businesses/create-business");
const { loadCampaignPage } = await import("../lib/promotions/dashboard/load-campaign-page");

try {
  await migrate(pool());
  const ctx = systemCtx("bench");
  const biz = await createBusiness(ctx, { name: "Campaign page bench", defaultCountry: "IN" });
  const id = uuidv7();
  const listId = uuidv7();
  await pool().query(
    `INSERT INTO target_lists (id, business_id, name, columns, phone_column, row_count, rejected_count)
     VALUES ($1, $2, 'bench', '["phone","name"]', 'phone', $3, 0)`,
    [listId, biz.id, total],
  );
  await pool().query(
    `INSERT INTO promotions (id, business_id, kind, name, channel_type, status, target_list_id, target_list_name,
       phone_number_id, template, retry_promotion, max_retries)
     VALUES ($1, $2, 'promotion', 'Bench campaign', 'chatapp', 'Completed', $3, 'bench', 'bench',
       '{"name":"bench","language":"en_US","components":[]}', true, 2)`,
    [id, biz.id, listId],
  );
  const start = Date.now() - Math.ceil(total / PER_MINUTE) * 60_000 - 60_000;
  // Messages in send order (PER_MINUTE a minute), each with its final status (70% read, 15%
  // delivered, 7% sent, 5% 131047, 3% 131026) set by an UPDATE as status events do, and the
  // recipients that point at them.
  const insert = `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type,
      template_name, content, message_ref, provider, created_at)
    SELECT gen_random_uuid(), $1, $2, 'chatapp', 'bench', (919800000000 + i)::text, 'template', 'bench',
      '{}', 'ref', 'simulator', to_timestamp(($3::float8 + i::float8 * 60000 / $6) / 1000)
    FROM generate_series($4::int, $4::int + $5::int - 1) AS i`;
  const update = `UPDATE messages SET
      status = CASE WHEN n < 70 THEN 'read' WHEN n < 85 THEN 'delivered' WHEN n < 92 THEN 'sent' ELSE 'failed' END,
      error_code = CASE WHEN n >= 97 THEN '131026' WHEN n >= 92 THEN '131047' END, updated_at = now()
    FROM (SELECT id AS mid, (abs(hashtext(recipient)) % 100) AS n FROM messages
          WHERE business_id = $1 AND transaction_id = $2
            AND recipient::bigint - 919800000000 BETWEEN $3 AND $3 + $4 - 1) v
    WHERE business_id = $1 AND id = v.mid`;
  const recipients = `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, name, state,
      message_id, error_code, error)
    SELECT $2, m.recipient::bigint - 919800000000 + 1, $1, m.recipient, 'Name',
      CASE m.status WHEN 'failed' THEN 'failed' ELSE m.status END, m.id, m.error_code, m.error_code
    FROM messages m WHERE m.business_id = $1 AND m.transaction_id = $2
      AND m.recipient::bigint - 919800000000 BETWEEN $3 AND $3 + $4 - 1`;
  const t0 = Date.now();
  for (let i = 0; i < total; i += CHUNK) {
    const n = Math.min(CHUNK, total - i);
    await pool().query(insert, [biz.id, id, start, i, n, PER_MINUTE]);
    await pool().query(update, [biz.id, id, i, n]);
    await pool().query(recipients, [biz.id, id, i, n]);
  }
  await pool().query(
    `INSERT INTO promotion_counters (promotion_id, round, business_id, attempted, failed, sent, delivered, read)
     SELECT $1, 0, $2, count(*), count(*) FILTER (WHERE state = 'failed'), count(*) FILTER (WHERE state = 'sent'),
       count(*) FILTER (WHERE state = 'delivered'), count(*) FILTER (WHERE state = 'read')
     FROM promotion_recipients WHERE promotion_id = $1`,
    [id, biz.id],
  );
  for (const t of ["messages", "promotion_recipients", "promotion_minute_stats"])
    await pool().query(`VACUUM ANALYZE ${t}`);
  const parts = async () =>
    (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM promotion_minute_stats`)).rows[0]!.n;
  console.log(
    `seeded ${total} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s; ${await parts()} delta rows`,
  );

  const query = { limit: 25, offset: 0, desc: false };
  const first = process.hrtime.bigint();
  const page = await loadCampaignPage(ctx, biz.id, id, query);
  console.log(
    `first loadCampaignPage (folds the deltas): ${ms(first).toFixed(1)} ms; ${await parts()} rows after`,
  );
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = process.hrtime.bigint();
    await loadCampaignPage(ctx, biz.id, id, query);
    times.push(ms(t));
  }
  console.log(`loadCampaignPage x${runs}: ${stats(times)}`);
  const filtered: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = process.hrtime.bigint();
    await loadCampaignPage(ctx, biz.id, id, { ...query, state: "failed", errorCode: "131047" });
    filtered.push(ms(t));
  }
  console.log(`loadCampaignPage filtered (failed, 131047) x5: ${stats(filtered)}`);
  // Each read alone (the page runs them side by side): where the time goes.
  const { getPromotionStats } = await import("../lib/promotions/reports/get-promotion-stats");
  const { getCampaignTimeline } = await import("../lib/promotions/dashboard/get-campaign-timeline");
  const { listCampaignFailures } = await import("../lib/promotions/dashboard/list-campaign-failures");
  const { listCampaignRecipients } = await import("../lib/promotions/dashboard/list-campaign-recipients");
  const { getCampaignAudience } = await import("../lib/promotions/dashboard/get-campaign-audience");
  const parts_: Array<[string, () => Promise<unknown>]> = [
    ["getPromotionStats (E4 counters)", () => getPromotionStats(ctx, biz.id, id)],
    ["getCampaignTimeline (minute counters)", () => getCampaignTimeline(ctx, biz.id, id)],
    ["listCampaignFailures", () => listCampaignFailures(ctx, biz.id, id, [])],
    ["listCampaignRecipients (first page)", () => listCampaignRecipients(ctx, biz.id, id, query)],
    ["getCampaignAudience", () => getCampaignAudience(ctx, biz.id, id)],
  ];
  for (const [label, fn] of parts_) {
    const xs: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t = process.hrtime.bigint();
      await fn();
      xs.push(ms(t));
    }
    console.log(`  ${label} alone x5: ${stats(xs)}`);
  }
  const charted = page.timeline.reduce((a, p) => a + p.read + p.delivered + p.sent + p.failed, 0);
  console.log(
    `chart: ${page.timeline.length} minutes, ${charted} messages; E4 attempted ${page.stats.attempted}; failures ${JSON.stringify(page.failures.map((f) => [f.errorCode, f.count]))}`,
  );

  const scan: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = process.hrtime.bigint();
    await pool().query(
      `WITH m AS (SELECT created_at, status FROM messages WHERE business_id = $1 AND transaction_id = $2),
       last AS (SELECT max(created_at) AS at FROM m)
       SELECT date_trunc('minute', m.created_at) AS minute, m.status, count(*)::int AS n
       FROM m, last WHERE m.created_at > last.at - make_interval(mins => 180) GROUP BY 1, 2 ORDER BY 1`,
      [biz.id, id],
    );
    scan.push(ms(t));
  }
  console.log(`for comparison, the chart's former read of the campaign's messages: ${stats(scan)}`);
} finally {
  await closeDb();
  await database.drop();
}
