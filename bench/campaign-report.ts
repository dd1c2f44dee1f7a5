// Campaign report: everything the /campaigns/[id] page reads (loadCampaignPage: the counters,
// chart, failures, recipients page, clicks, conversions, revenue, cost, and the A/B variants
// report with each variant's lift and 95% interval) for a campaign of 1,000,000 recipients
// with two variants and a 10% holdout (the arms drawn by the launch's own statement,
// armedInsert), clicks (8% of the variants' recipients, some twice, previews and bots apart),
// conversions (2% attributed, the holdout's and older ones unattributed, INR and USD values)
// and Meta's reported pricing on most delivered messages. The rows are written with SQL, as an
// install from before the arm counters has them, and counted by migration 0058's recount (timed:
// what the upgrade costs such a campaign). Issue 37's goal: <= 300 ms server time, with nothing
// new and right after a new click (written by the click recorder's writer) or a new conversion
// (recorded as the API records it). Baseline in the same run: a bare count(*) of the campaign's
// messages, and a primary-key read. bench/campaign-page.ts is the same page on a campaign without
// a test, clicks or conversions.
// Run: npx tsx bench/campaign-report.ts postgres://postgres@127.0.0.1:5432/postgres
// Env: BENCH_MESSAGES (recipients, default 1000000), BENCH_RUNS (default 20), BENCH_EXPLAIN=1
// (prints EXPLAIN ANALYZE of the report's statements), BENCH_KEEP=1 (keeps the database).
import { benchSize, freshDatabase, ms, stats } from "./lib/fresh-database";

const database = await freshDatabase("campaign-report.ts", "report");
const { total, runs } = benchSize();
const CHUNK = 20_000;
const PER_MINUTE = 10_000;
const HOUR = 3_600_000;

const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb } = await import("../lib/db/pool");
const { systemCtx } = await import("../lib/context");
const { uuidv7 } = await import("../lib/ids");
const { createBusiness } = await import("../lib/businesses/create-business");
const { loadCampaignPage } = await import("../lib/promotions/dashboard/load-campaign-page");
const { armedInsert, ARM_SORT_WORK_MEM } = await import("../lib/promotions/ab/assign-arms-sql");
const { findPromotion } = await import("../lib/promotions/engine/find-promotion");
const { reportVariants } = await import("../lib/promotions/ab/variants-report");
const { readCampaignClicks } = await import("../lib/economics/links/get-campaign-clicks");
const { campaignConversions } = await import("../lib/economics/conversions/campaign-conversions");
const { campaignCost } = await import("../lib/economics/cost/campaign-cost");
const { writeClicks } = await import("../lib/economics/links/write-clicks");
const { recordConversion } = await import("../lib/economics/conversions/record-conversion");
const { recountArmCounters } = await import("../test/recount-arm-counters");

/** Times `fn` `n` times: the samples, in ms. */
async function timed(n: number, fn: () => Promise<unknown>) {
  const xs: number[] = [];
  for (let r = 0; r < n; r++) {
    const t = process.hrtime.bigint();
    await fn();
    xs.push(ms(t));
  }
  return xs;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  await migrate(pool());
  const ctx = systemCtx("bench");
  const biz = await createBusiness(ctx, { name: "Campaign report bench", defaultCountry: "IN" });
  const q = (text: string, params: unknown[] = []) => pool().query(text, params);
  const id = uuidv7();
  const listId = uuidv7();
  const started = new Date(Date.now() - 3 * 24 * HOUR);
  await q(
    `INSERT INTO target_lists (id, business_id, name, columns, phone_column, row_count, rejected_count)
     VALUES ($1, $2, 'bench', '["phone","name"]', 'phone', $3, 0)`,
    [listId, biz.id, total],
  );
  const variant = (name: string, arm: number) => ({
    name,
    arm,
    templateId: uuidv7(),
    templateName: `offer_${name.toLowerCase()}`,
    language: "en_US",
    category: "MARKETING",
    components: [],
  });
  const abTest = { variants: [variant("A", 1), variant("B", 2)], holdoutPercent: 10, seed: "7340121" };
  await q(
    `INSERT INTO promotions (id, business_id, kind, name, channel_type, status, target_list_id, target_list_name,
       phone_number_id, template, retry_promotion, max_retries, attribution_window, start_time, track_clicks, ab_test)
     VALUES ($1, $2, 'promotion', 'Bench report', 'chatapp', 'Completed', $3, 'bench', 'bench',
       '{"name":"offer_a","language":"en_US","category":"MARKETING","components":[]}', true, 2, 168, $4, true, $5)`,
    [id, biz.id, listId, started, JSON.stringify(abTest)],
  );
  const t0 = Date.now();
  // The recipients as the launch writes them: 80% Indian, 10% US, 10% UK numbers, their arms
  // drawn by the launch's statement (stratified by calling code, seeded).
  const list = `SELECT $2::uuid AS promotion_id, i::bigint AS seq, $1::uuid AS business_id,
      (CASE i % 10 WHEN 8 THEN 12020000000 + i WHEN 9 THEN 447700000000 + i ELSE 919800000000 + i END)::text AS phone,
      'Name'::text AS name, 'pending'::text AS state
    FROM generate_series(1, $3::int) AS i`;
  const armed = armedInsert(list, ["promotion_id", "seq", "business_id", "phone", "name", "state"], {
    seed: abTest.seed,
    holdoutPercent: abTest.holdoutPercent,
    variantCount: 2,
  });
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query(`SET LOCAL work_mem = '${ARM_SORT_WORK_MEM}'`);
    await client.query(`INSERT INTO promotion_recipients (${armed.columns}) ${armed.select}`, [
      biz.id,
      id,
      total,
    ]);
    await client.query("COMMIT");
  } finally {
    client.release();
  }
  console.log(`recipients drawn in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  // The variants' messages, in send order, each with its final status set by an UPDATE as status
  // events do (70% read, 15% delivered, 7% sent, 8% failed; Meta's pricing reported on 80% of
  // the delivered, 5% of those free), and their recipients' states.
  const chunk =
    "r.promotion_id = $2 AND r.business_id = $1 AND r.seq BETWEEN $3 AND $3 + $4 - 1 AND r.arm > 0";
  for (let i = 1; i <= total; i += CHUNK) {
    const n = Math.min(CHUNK, total - i + 1);
    const at = [biz.id, id, i, n];
    await q(`UPDATE promotion_recipients r SET message_id = gen_random_uuid() WHERE ${chunk}`, at);
    await q(
      `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type,
         template_name, content, message_ref, provider, created_at)
       SELECT r.message_id, $1, $2, 'chatapp', 'bench', r.phone, 'template', 'offer', '{}', 'ref', 'simulator',
         $5::timestamptz + make_interval(secs => r.seq * 60.0 / ${PER_MINUTE})
       FROM promotion_recipients r WHERE ${chunk}`,
      [...at, started],
    );
    await q(
      `UPDATE messages m SET
         status = CASE WHEN v.n < 70 THEN 'read' WHEN v.n < 85 THEN 'delivered' WHEN v.n < 92 THEN 'sent' ELSE 'failed' END,
         error_code = CASE WHEN v.n >= 97 THEN '131026' WHEN v.n >= 92 THEN '131047' END,
         billable = CASE WHEN v.n < 85 AND v.p < 76 THEN true WHEN v.n < 85 AND v.p < 80 THEN false END,
         pricing_category = CASE WHEN v.n < 85 AND v.p < 80 THEN 'marketing' END, updated_at = now()
       FROM (SELECT r.message_id, abs(hashtext(r.phone)) % 100 AS n, abs(hashtext('p' || r.phone)) % 100 AS p
             FROM promotion_recipients r WHERE ${chunk}) v
       WHERE m.business_id = $1 AND m.id = v.message_id`,
      at,
    );
    await q(
      `UPDATE promotion_recipients r SET state = m.status, error_code = m.error_code, error = m.error_code,
         interacted = m.status = 'read' AND abs(hashtext('i' || r.phone)) % 100 < 6
       FROM messages m WHERE m.business_id = $1 AND m.id = r.message_id AND ${chunk}`,
      at,
    );
  }
  await q(
    `INSERT INTO promotion_counters (promotion_id, round, business_id, attempted, failed, sent, delivered, read, interacted, holdout)
     SELECT $1, 0, $2, count(*) FILTER (WHERE arm > 0), count(*) FILTER (WHERE state = 'failed'),
       count(*) FILTER (WHERE state = 'sent'), count(*) FILTER (WHERE state = 'delivered'),
       count(*) FILTER (WHERE state = 'read'), count(*) FILTER (WHERE interacted), count(*) FILTER (WHERE arm = 0)
     FROM promotion_recipients WHERE promotion_id = $1`,
    [id, biz.id],
  );
  console.log(`messages written in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  // A tracked link per message; human clicks by 8% of the variants' sent recipients (a third of
  // them twice, an hour later), a preview fetch for 3% and a bot for 1% (counted apart).
  await q(
    `INSERT INTO tracked_links (code, business_id, promotion_id, seq, phone, message_id, url)
     SELECT md5(r.message_id::text), $1, $2, r.seq, r.phone, r.message_id, 'https://shop.example/p/7'
     FROM promotion_recipients r WHERE r.promotion_id = $2 AND r.arm > 0`,
    [biz.id, id],
  );
  await q(
    `INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, message_id, clicked_at, agent_class, user_agent)
     SELECT gen_random_uuid(), $1, md5(r.message_id::text), $2, r.phone, r.message_id,
       $3::timestamptz + make_interval(secs => r.seq * 0.2 + k.n * 3600), k.class, 'agent'
     FROM promotion_recipients r
     CROSS JOIN LATERAL (VALUES (0, 'human', 8), (1, 'human', 3), (0, 'preview', 3), (0, 'bot', 1)) AS k(n, class, pct)
     WHERE r.promotion_id = $2 AND r.arm > 0 AND r.state <> 'failed'
       AND abs(hashtext(k.class || k.n || r.phone)) % 100 < k.pct
       AND (k.n = 0 OR abs(hashtext('human0' || r.phone)) % 100 < 8)`,
    [biz.id, id, started],
  );
  // Conversions: 2% of the variants' sent recipients attributed (last touch; 1 in 10 twice),
  // 5% of them in USD; 1.5% of the holdout in the campaign's window, unattributed; and 200,000
  // older unattributed conversions of the business (other numbers and the same ones, months ago).
  await q(
    `INSERT INTO conversions (id, business_id, event_id, event_name, phone, value, currency, occurred_at,
       promotion_id, message_id, attribution)
     SELECT gen_random_uuid(), $1, 'e-' || r.seq || '-' || k.n, 'purchase', r.phone,
       100 + abs(hashtext('v' || r.phone)) % 4900,
       CASE WHEN abs(hashtext('c' || r.phone)) % 100 < 5 THEN 'USD' ELSE 'INR' END,
       $3::timestamptz + make_interval(secs => r.seq * 0.2 + 7200 + k.n * 86400), $2, r.message_id, 'last_touch'
     FROM promotion_recipients r CROSS JOIN generate_series(0, 1) AS k(n)
     WHERE r.promotion_id = $2 AND r.arm > 0 AND r.state <> 'failed'
       AND abs(hashtext('conv' || r.phone)) % 100 < 2 AND (k.n = 0 OR abs(hashtext('again' || r.phone)) % 10 = 0)`,
    [biz.id, id, started],
  );
  await q(
    `INSERT INTO conversions (id, business_id, event_id, event_name, phone, value, currency, occurred_at, attribution)
     SELECT gen_random_uuid(), $1, 'h-' || r.seq, 'purchase', r.phone, 100 + abs(hashtext('v' || r.phone)) % 4900, 'INR',
       $3::timestamptz + make_interval(secs => r.seq * 0.2 + 7200), 'none'
     FROM promotion_recipients r
     WHERE r.promotion_id = $2 AND r.arm = 0 AND abs(hashtext('conv' || r.phone)) % 1000 < 15`,
    [biz.id, id, started],
  );
  await q(
    `INSERT INTO conversions (id, business_id, event_id, event_name, phone, value, currency, occurred_at, attribution)
     SELECT gen_random_uuid(), $1, 'old-' || i, 'purchase', (919800000000 + i * 7 % $3)::text, 250, 'INR',
       $2::timestamptz - make_interval(hours => 24 + i % 2000), 'none'
     FROM generate_series(1, 200000) AS i`,
    [biz.id, started, total],
  );
  for (const t of [
    "messages",
    "promotion_recipients",
    "promotion_minute_stats",
    "tracked_links",
    "link_clicks",
    "conversions",
  ])
    await q(`VACUUM ANALYZE ${t}`);
  const recount = process.hrtime.bigint();
  await recountArmCounters();
  console.log(`migration 0058's recount of the campaign's counters: ${(ms(recount) / 1000).toFixed(1)} s`);
  const counted = await q(
    `SELECT (SELECT count(*) FROM promotion_recipients WHERE promotion_id = $1)::int AS recipients,
            (SELECT count(*) FROM messages WHERE business_id = $2 AND transaction_id = $1)::int AS messages,
            (SELECT count(*) FROM link_clicks WHERE promotion_id = $1)::int AS clicks,
            (SELECT count(*) FROM conversions WHERE business_id = $2)::int AS conversions,
            (SELECT count(*) FROM conversions WHERE promotion_id = $1)::int AS attributed`,
    [id, biz.id],
  );
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(counted.rows[0])}`);

  const query = { limit: 25, offset: 0, desc: false };
  const first = process.hrtime.bigint();
  const page = await loadCampaignPage(ctx, biz.id, id, query);
  console.log(
    `first loadCampaignPage (folds the minute deltas, prices the cost): ${ms(first).toFixed(1)} ms`,
  );
  const pageTimes = await timed(runs, () => loadCampaignPage(ctx, biz.id, id, query));
  const count = `SELECT count(*) FROM messages WHERE business_id = $1 AND transaction_id = $2`;
  const countTimes = await timed(runs, () => q(count, [biz.id, id]));
  const [oneId] = (await q(`SELECT id FROM messages WHERE business_id = $1 LIMIT 1`, [biz.id])).rows;
  const pkTimes = await timed(runs, () => q(`SELECT * FROM messages WHERE id = $1`, [oneId.id]));
  console.log(`loadCampaignPage x${runs}: ${stats(pageTimes)}`);
  console.log(`baseline: bare count(*) of the campaign's messages x${runs}: ${stats(countTimes)}`);
  console.log(`baseline: primary-key read of a message x${runs}: ${stats(pkTimes)}`);
  console.log(
    `ratio page / count(*): ${(median(pageTimes) / median(countTimes)).toFixed(2)}; page / pk read: ${(median(pageTimes) / median(pkTimes)).toFixed(0)}`,
  );
  // The page right after something moved: a new human click (the click recorder's writer keeps
  // the arm's and the hour's counters), a new conversion of a variant's number (attributed) and
  // of a holdout number (in the window): the cost stays kept, the delivered count did not move.
  const [clicker] = (
    await q(
      `SELECT r.seq, r.phone, r.message_id, l.code FROM promotion_recipients r
       JOIN tracked_links l ON l.business_id = r.business_id AND l.promotion_id = r.promotion_id AND l.phone = r.phone
       WHERE r.promotion_id = $1 AND r.arm = 1 AND r.state = 'read' LIMIT 1`,
      [id],
    )
  ).rows;
  // Its send (the SQL-written campaign has no promotion_sends rows): a conversion is attributed to it.
  await q(
    `INSERT INTO promotion_sends (promotion_id, seq, round, message_id, created_at) VALUES ($1, $2, 0, $3, $4)`,
    [id, clicker.seq, clicker.message_id, started],
  );
  const [held] = (
    await q(`SELECT phone FROM promotion_recipients WHERE promotion_id = $1 AND arm = 0 LIMIT 1`, [id])
  ).rows;
  const newClick = () =>
    writeClicks([
      {
        id: uuidv7(),
        businessId: biz.id,
        code: clicker.code,
        promotionId: id,
        phone: clicker.phone,
        messageId: clicker.message_id,
        clickedAt: new Date(),
        agentClass: "human",
        userAgent: "Mozilla/5.0 (Linux; Android 14)",
      },
    ]);
  let conversionsMade = 0;
  const newConversion = (phone: string) =>
    recordConversion(ctx, biz.id, {
      eventId: `bench-${++conversionsMade}`,
      event: "purchase",
      phone,
      value: 499,
      currency: "INR",
      occurredAt: Date.now() - 60_000,
    });
  const after = async (label: string, move: () => Promise<unknown>, n = 10) => {
    const moving: number[] = [];
    const loads: number[] = [];
    for (let r = 0; r < n; r++) {
      const w = process.hrtime.bigint();
      await move();
      moving.push(ms(w));
      const t = process.hrtime.bigint();
      await loadCampaignPage(ctx, biz.id, id, query);
      loads.push(ms(t));
    }
    console.log(
      `loadCampaignPage right after ${label} x${n}: ${stats(loads)}  (the write itself: ${stats(moving)})`,
    );
    return loads;
  };
  const afterClick = await after("a new click", newClick);
  const afterConversion = await after("a new attributed conversion", () => newConversion(clicker.phone));
  await after("a new holdout conversion", () => newConversion(held.phone));
  console.log(
    `ratio after a click / count(*): ${(median(afterClick) / median(countTimes)).toFixed(2)}; after a conversion / count(*): ${(median(afterConversion) / median(countTimes)).toFixed(2)}`,
  );
  // Each of the report's reads alone (the page runs them side by side): where the time goes.
  const p = await findPromotion(ctx, biz.id, id, undefined);
  const parts: Array<[string, () => Promise<unknown>]> = [
    ["reportVariants (arms, lift, interval)", () => reportVariants(ctx, biz.id, p)],
    ["readCampaignClicks", () => readCampaignClicks(ctx, biz.id, p)],
    ["campaignConversions (conversions, revenue)", () => campaignConversions(ctx, biz.id, id)],
    ["campaignCost (uncached: the page's first read after a delivery)", () => campaignCost(ctx, biz.id, id)],
  ];
  for (const [label, fn] of parts) console.log(`  ${label} alone x5: ${stats(await timed(5, fn))}`);
  const v = page.variants!;
  console.log(
    `arms: ${v.arms.map((a) => `${a.name} ${a.recipients} (clicked ${a.clicked.count}, converted ${a.converted.count})`).join("; ")}`,
  );
  console.log(`lifts: ${v.lifts.map((l) => l.verdict).join(" | ")}`);
  console.log(
    `clicks ${page.clicks.clicks} (unique ${page.clicks.uniqueClickers}, previews ${page.clicks.previews}, bots ${page.clicks.bots}); conversions ${page.earned.conversions}, revenue ${JSON.stringify(page.earned.revenue.map((r) => [r.currency, r.value]))}; cost ${JSON.stringify(page.cost && { total: page.cost.total, currency: page.cost.currency, reported: page.cost.reported })}`,
  );
  // Every statement one page load after a new click runs, with its time; the slow ones EXPLAINed (BENCH_EXPLAIN=1).
  await newClick();
  const seen: Array<{ text: string; values: unknown[]; ms: number }> = [];
  const real = pool().query.bind(pool());
  type Q = { text: string; values?: unknown[] };
  (pool() as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = async (...a: unknown[]) => {
    const t = process.hrtime.bigint();
    const r = await (real as (...x: unknown[]) => Promise<unknown>)(...a);
    const first = a[0] as string | Q;
    const text = typeof first === "string" ? first : first.text;
    const values = (typeof first === "string" ? a[1] : first.values) as unknown[] | undefined;
    seen.push({ text, values: values ?? [], ms: ms(t) });
    return r;
  };
  await loadCampaignPage(ctx, biz.id, id, query);
  (pool() as unknown as { query: unknown }).query = real;
  seen.sort((a, b) => b.ms - a.ms);
  console.log(`one page load: ${seen.length} statements; the slowest:`);
  for (const s of seen.slice(0, 6))
    console.log(`  ${s.ms.toFixed(1)} ms  ${s.text.replace(/\s+/g, " ").slice(0, 110)}`);
  if (process.env.BENCH_EXPLAIN === "1")
    for (const s of seen.filter((x) => x.ms > 10)) {
      const plan = await q(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
      console.log(`\n${s.text}\n${plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
    }
} finally {
  await closeDb();
  // BENCH_KEEP=1 leaves the database for EXPLAINs by hand (its name in DATABASE_URL, printed).
  if (process.env.BENCH_KEEP === "1") {
    console.log(`kept ${process.env.DATABASE_URL}`);
    await database.keep();
  } else await database.drop();
}
