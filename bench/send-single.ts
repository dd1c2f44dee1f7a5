// A1 single send (issue 4): accepted requests/s and p99 at 50 connections for
// POST /api/v3/message/{business_id}/template, against the bare route GET /api/health measured
// in the same run and server. The server runs the API and the workers in one process (ROLE=all
// without the dashboard: bench/lib/api-and-workers.ts), so dispatch runs during the load.
// Issue 9: the per-key rate limit's cost. Each round starts one server with the limit at its
// default (1,000 req/s, burst 2,000 per key) and one with it off (API_RATE_LIMIT=0), in turn
// (on, off, on, off: the machine is shared, so alternating shows the noise). The load is spread
// over BENCH_KEYS keys of the demo business (default 3) so no key exceeds its default limit
// and the figures measure what the limiter costs, not what it refuses; row (c) then sends with
// one key to show the limit holding (accepted ~1,000/s after the burst, the rest 429).
// Run: npx tsx bench/send-single.ts
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 2),
//      BENCH_KEYS (default 3; extra keys need BENCH_DATABASE_URL, else the demo key alone),
//      BENCH_DATABASE_URL (PostgreSQL server; a fresh database is created on it; default embedded).
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { generateApiKey, displayPrefix, hashApiKey } from "../lib/api-keys/key-material";
import { uuidv7 } from "../lib/ids";
import { measureCpu } from "./lib/cpu";
import { load, table, type LoadResult } from "./lib/load";
import { approvedTemplate, bodyTemplate } from "./lib/messaging-setup";
import { startBenchServer, type BenchServer } from "./lib/server-process";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const keyCount = Number(process.env.BENCH_KEYS ?? 3);
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

type Round = { limiter: "default" | "off"; rows: LoadResult[]; cpu: string[]; rss: number };

async function round(limiter: Round["limiter"]): Promise<Round> {
  const server = await startBenchServer(
    {
      SIMULATOR_TEMPLATE_REVIEW_SECONDS: "0",
      SIMULATOR_MESSAGE_DELAYS: "1,3,10",
      ...(limiter === "off" ? { API_RATE_LIMIT: "0" } : {}),
    },
    { entry: "bench/lib/api-and-workers.ts" },
  );
  const rows: LoadResult[] = [];
  const cpu: string[] = [];
  /** Runs a load and notes the CPU milliseconds each request cost the server and PostgreSQL. */
  const measured = async (label: string, opts: Parameters<typeof load>[1]) => {
    const m = await measureCpu(server.child.pid!, () => load(label, opts));
    const perRequest = (s: number) => ((s * 1000) / m.result.total).toFixed(2);
    cpu.push(
      `| ${label} | ${perRequest(m.serverS)} | ${perRequest(m.postgresS)} | ${perRequest(m.clientS)} |`,
    );
    return m.result;
  };
  try {
    const { name, phoneNumberId } = await approvedTemplate(server, "bench_single", bodyTemplate);
    const keys = await benchKeys(server);
    const body = JSON.stringify({
      message: {
        messageType: "template",
        name,
        language: "en_US",
        components: [
          {
            componentType: "body",
            parameters: [
              { type: "text", text: "Asha" },
              { type: "text", text: "A-1001" },
            ],
          },
        ],
      },
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
    await load("warm-up", { url: `${server.url}/api/health`, duration: 3, connections });
    await load("warm-up", { ...send, duration: 3 });
    rows.push(
      await measured(`(a) bare route GET /api/health [limit ${limiter}]`, {
        url: `${server.url}/api/health`,
        duration,
        connections,
      }),
    );
    rows.push(
      await measured(`(b) A1 POST /api/v3/message/{id}/template, ${keys.length} keys [limit ${limiter}]`, {
        ...send,
        duration,
      }),
    );
    if (limiter === "default") {
      rows.push(
        await measured("(c) A1 with one key, over its default limit [limit default]", {
          ...send,
          rotateHeaders: undefined,
          duration,
        }),
      );
    }
  } finally {
    await server.stop();
  }
  return { limiter, rows, cpu, rss: server.peakRssMiB() };
}

const results: Round[] = [];
for (let i = 0; i < rounds; i++) {
  results.push(await round("default"));
  results.push(await round("off"));
}

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `Command: npx tsx bench/send-single.ts (BENCH_DURATION=${duration}, ${connections} connections, ${rounds} rounds, ${keyCount} keys)\n`,
);
console.log(table(results.flatMap((r) => r.rows)));
console.log(
  `\nCPU ms per request\n| case | server | PostgreSQL | load generator |\n|---|---:|---:|---:|\n${results.flatMap((r) => r.cpu).join("\n")}`,
);
const a1 = (r: Round) => r.rows[1]!;
for (const r of results) {
  const [bare, send] = r.rows as [LoadResult, LoadResult];
  console.log(
    `limit ${r.limiter}: A1 ${send.requestsPerSec} req/s (${send.non2xx} non-2xx), p99 ${send.p99ms} ms, A1 / bare route ${((send.requestsPerSec / bare.requestsPerSec) * 100).toFixed(0)}%, peak RSS ${r.rss} MiB`,
  );
}
const mean = (limiter: Round["limiter"]) => {
  const xs = results.filter((r) => r.limiter === limiter).map((r) => a1(r).requestsPerSec);
  return xs.reduce((s, x) => s + x, 0) / xs.length;
};
const on = mean("default");
const off = mean("off");
console.log(
  `\nA1 mean with the limit at its default / off: ${Math.round(on)} / ${Math.round(off)} req/s = ${((on / off) * 100).toFixed(1)}% (target >= 95%)`,
);
const best = Math.max(...results.map((r) => a1(r).requestsPerSec));
const bestP99 = Math.min(...results.map((r) => a1(r).p99ms));
console.log(
  `target: >= 1500 req/s with p99 <= 100 ms -> ${best >= 1500 && bestP99 <= 100 ? "met" : "NOT met"} (best round)`,
);
