// API overhead: requests/s and p99 at 50 connections for (a) a bare Hono route and
// (b) an authenticated route that validates the API key against the database, both served by
// server.ts with ROLE=api, measured in one run. Run: npx tsx bench/api-overhead.ts
// Env: BENCH_DURATION (s, default 10), BENCH_DATABASE_URL (PostgreSQL; default embedded).
import { cpus } from "node:os";
import { load, table, type LoadResult } from "./lib/load";
import { startBenchServer } from "./lib/server-process";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const rows: LoadResult[] = [];

async function run(cacheSeconds: string, withBare: boolean) {
  // The per-key rate limit off: at 1,000 req/s a key (its default) it, not the key check, set
  // (b)'s rate (100 answers were 429s in a run on 2026-11-29). rate-limit-cost.ts and
  // send-single.ts measure the limit.
  const server = await startBenchServer({ API_KEY_CACHE_SECONDS: cacheSeconds, API_RATE_LIMIT: "0" });
  try {
    const auth = { "x-api-key": server.apiKey };
    // Warm up both paths (JIT, pool connections) before measuring either.
    await load("warm-up", { url: `${server.url}/api/health`, duration: 3 });
    await load("warm-up", { url: `${server.url}/api/v3/whoami`, headers: auth, duration: 3 });
    if (withBare)
      rows.push(await load("(a) bare route GET /api/health", { url: `${server.url}/api/health`, duration }));
    rows.push(
      await load(
        `(b) GET /api/v3/whoami, key checked ${cacheSeconds === "0" ? "by a query on every request" : `with the ${cacheSeconds}s verified-key cache`}`,
        { url: `${server.url}/api/v3/whoami`, headers: auth, duration },
      ),
    );
  } finally {
    await server.stop();
  }
}

await run("5", true);
await run("0", false);

const bare = rows[0]!.requestsPerSec;
console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL"}`,
);
console.log(`Command: npx tsx bench/api-overhead.ts (BENCH_DURATION=${duration}), 50 connections\n`);
console.log(table(rows));
for (const r of rows.slice(1))
  console.log(
    `ratio ${r.label.slice(0, 3)} / (a): ${((r.requestsPerSec / bare) * 100).toFixed(0)}%  (${r.label})`,
  );
