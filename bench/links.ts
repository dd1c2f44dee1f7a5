// Tracked links: the redirect GET /l/<code> against the bare route GET /api/health in
// the same run (requests/s, p99), both served by server.ts with ROLE=api; a campaign's link
// (an A/B arm's recipient: the click writer keeps its arm's and hour's counters); then the link
// with the database cut off (every connection to the server's database refused and the open
// ones terminated): it must keep answering 302, and every click must be in link_clicks once
// the database is back.
// Run: npx tsx bench/links.ts   Env: BENCH_DURATION (s, default 10), BENCH_DATABASE_URL
// (PostgreSQL server; the cut-off part needs it: it alters the database's connection limit).
import { cpus } from "node:os";
import pg from "pg";
import { load, table, type LoadResult } from "./lib/load";
import { startBenchServer } from "./lib/server-process";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const browser = {
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
};
const rows: LoadResult[] = [];

const server = await startBenchServer({ API_RATE_LIMIT: "0" });
const sql = new pg.Client({ connectionString: server.sqlUrl });
await sql.connect();
const code = "benchLink0123456789_";
await sql.query(
  `INSERT INTO tracked_links (code, business_id, phone, url) VALUES ($1, $2, '919876500001', 'https://shop.example/p/7?utm_source=wa')`,
  [code, server.businessId],
);
const clicks = async () =>
  Number((await sql.query(`SELECT count(*)::int AS n FROM link_clicks WHERE code = $1`, [code])).rows[0].n);

try {
  const link = `${server.url}/l/${code}?ref=bench`;
  await load("warm-up", { url: `${server.url}/api/health`, duration: 3 });
  await load("warm-up", { url: link, headers: browser, duration: 3 });
  rows.push(await load("(a) bare route GET /api/health", { url: `${server.url}/api/health`, duration }));
  const settled = async (atLeast: number) => {
    let n = await clicks();
    for (let i = 0; i < 60 && n < atLeast; i++) {
      await new Promise((r) => setTimeout(r, 250));
      n = await clicks();
    }
    return n;
  };
  const beforeB = await settled(0);
  rows.push(await load("(b) GET /l/<code>: 302, click queued", { url: link, headers: browser, duration }));
  const redirect = rows[1]!;
  // Every (b) answer was a 302 of a browser: one click each, written by the queue.
  const written = (await settled(beforeB + redirect.total)) - beforeB;

  // A campaign's link: its recipient in arm 1, the campaign's counters row as the launch writes it.
  const promotionId = "0193b6f2-8c1a-7cde-9f00-00000000be11";
  const campaignCode = "benchCampaign0123456";
  await sql.query(
    `INSERT INTO promotions (id, business_id, kind, name, channel_type, status, target_list_name, phone_number_id,
       template, track_clicks, start_time)
     VALUES ($1, $2, 'promotion', 'bench', 'chatapp', 'Completed', 'bench', 'bench',
       '{"name":"offer","language":"en_US","category":"MARKETING","components":[]}', true, now())`,
    [promotionId, server.businessId],
  );
  await sql.query(
    `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, state, arm)
     VALUES ($1, 1, $2, '919876500002', 'read', 1)`,
    [promotionId, server.businessId],
  );
  await sql.query(
    `INSERT INTO promotion_arm_counters (promotion_id, arm, business_id, recipients, links, linked)
     VALUES ($1, 1, $2, 1, 1, 1)`,
    [promotionId, server.businessId],
  );
  await sql.query(
    `INSERT INTO tracked_links (code, business_id, promotion_id, seq, phone, url)
     VALUES ($1, $2, $3, 1, '919876500002', 'https://shop.example/p/7?utm_source=wa')`,
    [campaignCode, server.businessId, promotionId],
  );
  const counted = async () =>
    Number(
      (
        await sql.query(`SELECT clicks FROM promotion_arm_counters WHERE promotion_id = $1 AND arm = 1`, [
          promotionId,
        ])
      ).rows[0].clicks,
    );
  const campaignLink = `${server.url}/l/${campaignCode}?ref=bench`;
  await load("warm-up", { url: campaignLink, headers: browser, duration: 3 });
  const settledCampaign = async (atLeast: number) => {
    let n = await counted();
    for (let i = 0; i < 60 && n < atLeast; i++) {
      await new Promise((r) => setTimeout(r, 250));
      n = await counted();
    }
    return n;
  };
  const beforeCampaign = await settledCampaign(0);
  rows.push(
    await load("(b2) GET /l/<code> of a campaign's recipient: 302, click queued and counted", {
      url: campaignLink,
      headers: browser,
      duration,
    }),
  );
  const campaignRedirect = rows[rows.length - 1]!;
  const countedClicks = (await settledCampaign(beforeCampaign + campaignRedirect.total)) - beforeCampaign;

  let outage: { rows: LoadResult; before: number; after: number } | undefined;
  if (server.databaseUrl) {
    const db = new URL(server.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: server.databaseUrl.replace(`/${db}`, "/postgres") });
    await admin.connect();
    const before = await clicks();
    await sql.end();
    await admin.query(`ALTER DATABASE "${db}" CONNECTION LIMIT 0`);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [db],
    );
    const cut = await load("(c) GET /l/<code> with the database cut off", {
      url: link,
      headers: browser,
      duration: 5,
    });
    await admin.query(`ALTER DATABASE "${db}" CONNECTION LIMIT -1`);
    await admin.end();
    const back = new pg.Client({ connectionString: server.databaseUrl });
    await back.connect();
    let after = 0;
    for (let i = 0; i < 120; i++) {
      after = Number(
        (await back.query(`SELECT count(*)::int AS n FROM link_clicks WHERE code = $1`, [code])).rows[0].n,
      );
      if (after >= before + cut.total) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await back.end();
    rows.push(cut);
    outage = { rows: cut, before, after };
  }

  const bare = rows[0]!;
  console.log(
    `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${server.databaseUrl ? "PostgreSQL server" : "embedded PostgreSQL"}`,
  );
  console.log(`Command: npx tsx bench/links.ts (BENCH_DURATION=${duration}), 50 connections\n`);
  console.log(table(rows));
  console.log(
    `\nratio (b) / (a): ${((redirect.requestsPerSec / bare.requestsPerSec) * 100).toFixed(0)}% (goal >= 50%); (b) p99 ${redirect.p99ms} ms (goal <= 20 ms)`,
  );
  console.log(
    `(b) clicks written: ${written} of ${redirect.total} redirects (warm-up clicks included: ${written >= redirect.total})`,
  );
  console.log(
    `ratio (b2) / (a): ${((campaignRedirect.requestsPerSec / bare.requestsPerSec) * 100).toFixed(0)}% (goal >= 50%); (b2) p99 ${campaignRedirect.p99ms} ms; clicks counted in the arm: ${countedClicks} of ${campaignRedirect.total} redirects`,
  );
  if (outage)
    console.log(
      `(c) answers during the outage: ${outage.rows.total}, errors ${outage.rows.errors}; clicks written after it: ${outage.after - outage.before} of ${outage.rows.total}`,
    );
  else console.log("(c) skipped: set BENCH_DATABASE_URL to cut the database off");
} finally {
  await sql.end().catch(() => undefined);
  await server.stop();
}
