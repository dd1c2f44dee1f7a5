// A1 single send (issue 4): accepted requests/s and p99 at 50 connections for
// POST /api/v3/message/{business_id}/template, against the bare route GET /api/health measured
// in the same run and server. The server runs the API and the workers in one process (ROLE=all
// without the dashboard: bench/lib/api-and-workers.ts), so dispatch runs during the load.
// Run: npx tsx bench/send-single.ts
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50),
//      BENCH_DATABASE_URL (PostgreSQL server; a fresh database is created on it; default embedded).
import { cpus, loadavg } from "node:os";
import { measureCpu } from "./lib/cpu";
import { load, table, type LoadResult } from "./lib/load";
import { approvedTemplate, bodyTemplate } from "./lib/messaging-setup";
import { startBenchServer } from "./lib/server-process";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const load1 = loadavg()[0]!.toFixed(2);

const server = await startBenchServer(
  { SIMULATOR_TEMPLATE_REVIEW_SECONDS: "0", SIMULATOR_MESSAGE_DELAYS: "1,3,10" },
  { entry: "bench/lib/api-and-workers.ts" },
);
const rows: LoadResult[] = [];
const cpu: string[] = [];
/** Runs a load and notes the CPU milliseconds each request cost the server and PostgreSQL. */
const measured = async (label: string, opts: Parameters<typeof load>[1]) => {
  const m = await measureCpu(server.child.pid!, () => load(label, opts));
  const perRequest = (s: number) => ((s * 1000) / m.result.total).toFixed(2);
  cpu.push(`| ${label} | ${perRequest(m.serverS)} | ${perRequest(m.postgresS)} | ${perRequest(m.clientS)} |`);
  return m.result;
};
try {
  const { name, phoneNumberId } = await approvedTemplate(server, "bench_single", bodyTemplate);
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
  const send = {
    url: `${server.url}/api/v3/message/${server.businessId}/template`,
    method: "POST" as const,
    headers: { "x-api-key": server.apiKey, "content-type": "application/json" },
    body,
    connections,
  };
  await load("warm-up", { url: `${server.url}/api/health`, duration: 3, connections });
  await load("warm-up", { ...send, duration: 3 });
  rows.push(
    await measured("(a) bare route GET /api/health", {
      url: `${server.url}/api/health`,
      duration,
      connections,
    }),
  );
  rows.push(await measured("(b) A1 POST /api/v3/message/{id}/template", { ...send, duration }));
} finally {
  await server.stop();
}

const [bare, a1] = rows as [LoadResult, LoadResult];
console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `Command: npx tsx bench/send-single.ts (BENCH_DURATION=${duration}, ${connections} connections)\n`,
);
console.log(table(rows));
console.log(
  `\nCPU ms per request\n| case | server | PostgreSQL | load generator |\n|---|---:|---:|---:|\n${cpu.join("\n")}`,
);
console.log(`\nA1 / bare route: ${((a1.requestsPerSec / bare.requestsPerSec) * 100).toFixed(0)}%`);
console.log(`peak server RSS: ${server.peakRssMiB()} MiB`);
console.log(
  `target: >= 1500 req/s with p99 <= 100 ms -> ${a1.requestsPerSec >= 1500 && a1.p99ms <= 100 ? "met" : "NOT met"}`,
);
