// A1 single send: accepted requests/s and p99 at 50 connections for
// POST /api/v3/message/{business_id}/template, against the bare route GET /api/health measured
// in the same run and server. The servers run the API and the workers in one process (ROLE=all
// without the dashboard: bench/lib/api-and-workers.ts), so dispatch runs during the load.
// The per-key rate limit's cost: two servers run side by side, one with the limit at
// its default (1,000 req/s, burst 2,000 per key), one with it off (API_RATE_LIMIT=0), and the
// A1 load alternates between them in short slices (on, off, off, on, ...), so a machine whose
// background load changes (it is shared) weighs on both alike. The load is spread over
// BENCH_KEYS keys of the demo business (default 10) so no key exceeds its default limit: the
// figures measure what the limiter costs, not what it refuses. Row (c) then sends with one
// key to show the limit holding (after the burst ~1,000/s accepted, the rest 429).
// The cost of Prometheus metrics: BENCH_COMPARE=metrics runs the same alternation
// between a server with METRICS_PORT set (every request timed by route, every status counted)
// and one without (no metrics), both with the rate limit at its default.
// Run: npx tsx bench/send-single.ts
// Figures (fair baselines): A1's rate counts 2xx answers only and its p99 is of all
// its requests; the bare route runs in slices between A1's, so both see the same machine; any
// non-2xx A1 answer fails the run.
// Env: BENCH_DURATION (s of A1 per server, default 20; the bare route as much; row (c) 10 s),
//      BENCH_SLICES (default 4: slices of 5 s),
//      BENCH_CONNECTIONS (default 50),
//      BENCH_KEYS (default 10; extra keys need BENCH_DATABASE_URL, else the demo key alone),
//      BENCH_DATABASE_URL (PostgreSQL server; a fresh database is created on it; default embedded),
//      BENCH_COMPARE (rate-limit, default: limit on vs off; metrics: metrics on vs off).
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { generateApiKey, displayPrefix, hashApiKey } from "../lib/api-keys/key-material";
import { uuidv7 } from "../lib/ids";
import { measureCpu } from "./lib/cpu";
import { load, newSamples, percentile, table, type LoadResult, type Samples } from "./lib/load";
import { approvedTemplate, bodyTemplate, templateMessage } from "./lib/messaging-setup";
import { startBenchServer, type BenchServer } from "./lib/server-process";

const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const slices = Number(process.env.BENCH_SLICES ?? 4);
// 10 by default: on a machine where A1 runs at 7,000+ req/s, 3 keys at their default 1,000/s
// made the "limit on" case measure the limiter's 429s (bench/RESULTS.md, 18:46-18:54).
const keyCount = Number(process.env.BENCH_KEYS ?? 10);
const compareMetrics = process.env.BENCH_COMPARE === "metrics";
const load1 = loadavg()[0]!.toFixed(2);

/** The demo key plus keyCount - 1 more of the demo business, written straight to its database. */
async function benchKeys(server: BenchServer): Promise<string[]> {
  if (!server.databaseUrl || keyCount <= 1) return [server.apiKey];
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const keys = [server.apiKey];
  for (let i = 1; i < keyCount; i++) {
    const key = generateApiKey();
    await client.query(
      "INSERT INTO api_keys (id, business_id, name, prefix, hash) VALUES ($1, $2, $3, $4, $5)",
      [uuidv7(), server.businessId, `bench ${i}`, displayPrefix(key), hashApiKey(key)],
    );
    keys.push(key);
  }
  await client.end();
  return keys;
}

/** The two servers compared: the rate limit at its default / off, or metrics on / off. */
type Limit = "default" | "off" | "metrics on" | "metrics off";
type Side = {
  limit: Limit;
  server: BenchServer;
  send: Parameters<typeof load>[1];
  slices: LoadResult[];
  /** Every A1 answer of the slices: its p99 is of all requests, its rate counts 2xx only. */
  samples: Samples;
  /** The bare route, measured in slices between the A1 slices. */
  bare: LoadResult[];
  cpu: { serverS: number; postgresS: number; clientS: number; requests: number };
};

async function side(limit: Limit): Promise<Side> {
  const server = await startBenchServer(
    {
      SIMULATOR_TEMPLATE_REVIEW_SECONDS: "0",
      SIMULATOR_MESSAGE_DELAYS: "1,3,10",
      ...(limit === "off" ? { API_RATE_LIMIT: "0" } : {}),
      ...(limit === "metrics on" ? { METRICS_PORT: "0" } : {}),
    },
    { entry: "bench/lib/api-and-workers.ts" },
  );
  const { name, phoneNumberId } = await approvedTemplate(server, "bench_single", bodyTemplate);
  const keys = await benchKeys(server);
  const body = JSON.stringify({
    message: templateMessage(name, ["Asha", "A-1001"]),
    to: "919900000001",
    phoneNumberId,
  });
  const headersOf = (key: string) => ({ "x-api-key": key, "content-type": "application/json" });
  const send = {
    url: `${server.url}/api/v3/message/${server.businessId}/template`,
    method: "POST" as const,
    headers: headersOf(keys[0]!),
    rotateHeaders: keys.map(headersOf),
    body,
    connections,
  };
  return {
    limit,
    server,
    send: { ...send, samples: undefined },
    slices: [],
    samples: newSamples(),
    bare: [],
    cpu: { serverS: 0, postgresS: 0, clientS: 0, requests: 0 },
  };
}

/** Runs a load against one side and adds the CPU it cost to that side's tally. */
async function measured(s: Side, label: string, opts: Parameters<typeof load>[1]): Promise<LoadResult> {
  const m = await measureCpu(s.server.child.pid!, () => load(label, opts));
  s.cpu.serverS += m.serverS;
  s.cpu.postgresS += m.postgresS;
  s.cpu.clientS += m.clientS;
  s.cpu.requests += m.result.total;
  return m.result;
}

const sides: Side[] = [];
const rows: LoadResult[] = [];
try {
  sides.push(await side(compareMetrics ? "metrics on" : "default"));
  sides.push(await side(compareMetrics ? "metrics off" : "off"));
  for (const s of sides) {
    await load("warm-up", { url: `${s.server.url}/api/health`, duration: 3, connections });
    await load("warm-up", { ...s.send, duration: 3 });
  }
  const slice = Math.max(1, Math.round(duration / slices));
  // ABBA order (on, off, off, on, ...): whichever runs second inherits the first's dispatch
  // and status work (simulator delays 1 s / 3 s / 10 s), so neither side always pays it. The
  // bare route runs in its own slice before each A1 slice, so both see the same machine.
  for (let i = 0; i < slices; i++) {
    for (const s of i % 2 === 0 ? sides : [...sides].reverse()) {
      s.bare.push(
        await load(`(a) bare route GET /api/health, slice ${i + 1} [limit ${s.limit}]`, {
          url: `${s.server.url}/api/health`,
          duration: slice,
          connections,
        }),
      );
      const label = `(b) A1 slice ${i + 1} [limit ${s.limit}]`;
      s.slices.push(await measured(s, label, { ...s.send, duration: slice, samples: s.samples }));
    }
  }
  const enforce = await load("(c) A1 with one key, over its default limit [limit default]", {
    ...sides[0]!.send,
    rotateHeaders: undefined,
    duration: 10,
  });

  const keyCount = sides[0]!.send.rotateHeaders!.length;
  // Accepted (2xx) requests per second over all slices; the bare route's likewise.
  const perSec = (s: Side) => s.samples.ok / (slice * slices);
  const barePerSec = (s: Side) => s.bare.reduce((n, r) => n + r.okPerSec * slice, 0) / (slice * slices);
  const p99 = (s: Side) => percentile(s.samples, 0.99);
  for (const s of sides) rows.push(...s.bare, ...s.slices);
  rows.push(enforce);
  console.log(
    `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL"}, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `Command: ${compareMetrics ? "BENCH_COMPARE=metrics " : ""}npx tsx bench/send-single.ts (A1 ${slices} x ${slice} s per server in alternation, ${connections} connections, ${keyCount} keys)\n`,
  );
  console.log(table(rows));
  console.log(
    "\n| limit | A1 2xx/s (all slices) | p99 ms (all requests) | non-2xx | bare 2xx/s | A1 / bare | CPU ms/request server / PostgreSQL (all) / load generator |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  sides.forEach((s) => {
    const c = s.cpu;
    const ms = (x: number) => ((x * 1000) / c.requests).toFixed(2);
    console.log(
      `| ${s.limit} | ${Math.round(perSec(s))} | ${p99(s)} | ${s.samples.notOk} | ${Math.round(barePerSec(s))} | ${((perSec(s) / barePerSec(s)) * 100).toFixed(0)}% | ${ms(c.serverS)} / ${ms(c.postgresS)} / ${ms(c.clientS)} |`,
    );
  });
  const [on, off] = sides as [Side, Side];
  console.log(
    `\nA1 with ${compareMetrics ? "metrics on / off" : "the limit at its default / off"}: ${Math.round(perSec(on))} / ${Math.round(perSec(off))} req/s = ${((perSec(on) / perSec(off)) * 100).toFixed(1)}% (target >= 95%)`,
  );
  console.log(
    `(c) one key over its limit: ${enforce.total - enforce.non2xx} accepted in 10 s (burst 2,000 + 1,000/s), ${enforce.non2xx} refused with 429`,
  );
  console.log(`peak server RSS: ${sides.map((s) => `${s.limit} ${s.server.peakRssMiB()} MiB`).join(", ")}`);
  console.log(
    `target: >= 1500 req/s with p99 <= 100 ms -> ${perSec(on) >= 1500 && p99(on) <= 100 ? "met" : "NOT met"} (limit on)`,
  );
  // An A1 answer that was not a 2xx is a failed run, not a slower one.
  const refused = sides.reduce((n, s) => n + s.samples.notOk, 0);
  if (refused > 0) {
    console.error(`FAILED: ${refused} A1 answers were not 2xx (see the non-2xx column)`);
    process.exitCode = 1;
  }
} finally {
  for (const s of sides) await s.server.stop();
}
