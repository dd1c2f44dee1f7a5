// The ceiling of the inbound webhook: how fast can POST /api/webhooks/whatsapp be
// answered, beside the bare route in the same run, when it does less than the product does?
// Three servers in turn, each on a fresh database, ROLE=all as in bench/inbound.ts:
//   product      the code as it is: store, message.received, opt-out, promotion listeners and
//                routing, one batch per business at a time;
//   no-routing   the same without routing (no conversations listener), batches side by side;
//   insert-only  each batch one INSERT of the messages' rows and nothing else (no transaction,
//                no callbacks, no listeners): what any design that stores a message before
//                answering its webhook must at least do.
// Each: BENCH_SLICES (3) x BENCH_SLICE s (5) of the bare route (GET /api/health, autocannon), then
// as long of signed webhooks (one new customer's text each), BENCH_CONNECTIONS (16) in flight
// for both. A webhook counts when answered 2xx, which the server does only once it is stored.
// The two reduced modes need bench/inbound-ceiling.patch, which the script refuses to run without:
//   git apply bench/inbound-ceiling.patch
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/inbound-ceiling.ts
//   git apply -R bench/inbound-ceiling.patch
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { uuidv7 } from "../lib/ids";
import { treeCpuSeconds } from "./lib/cpu";
import { load } from "./lib/load";
import { whatsappCloudInbound } from "./lib/inbound-setup";
import { customerTextBody, metaWebhookClient } from "./lib/meta-webhooks";
import { startBenchServer } from "./lib/server-process";

const slices = Number(process.env.BENCH_SLICES ?? 3);
const sliceSeconds = Number(process.env.BENCH_SLICE ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const APP_SECRET = `bench-app-secret-${uuidv7()}`;
if (!process.env.BENCH_DATABASE_URL) throw new Error("set BENCH_DATABASE_URL (a PostgreSQL server)");
if (!readFileSync(new URL("../lib/wiring.ts", import.meta.url), "utf8").includes("BENCH_INBOUND_CEILING"))
  throw new Error("apply the patch first: git apply bench/inbound-ceiling.patch");

const load1 = loadavg()[0]!.toFixed(2);
let customerSeq = 0;
const rows: string[] = [];

for (const mode of ["product", "no-routing", "insert-only"] as const) {
  const server = await startBenchServer({
    ROLE: "all",
    WHATSAPP_APP_SECRET: APP_SECRET,
    ...(mode === "product" ? {} : { BENCH_INBOUND_CEILING: mode }),
  });
  const sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const client = metaWebhookClient(server.url, APP_SECRET, connections);
  try {
    const phone = await whatsappCloudInbound(sql, server.businessId);
    /** Webhooks back to back on every connection for `seconds`: 2xx answers and all answers. */
    const webhooks = async (seconds: number) => {
      let ok = 0;
      let sent = 0;
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (performance.now() < deadline) {
            const customer = `9198${String(++customerSeq).padStart(8, "0")}`;
            const body = customerTextBody(phone, customer, `wamid.bench.${uuidv7()}`, `Hello ${customerSeq}`);
            sent++;
            if ((await client.post(body)) === 200) ok++;
          }
        }),
      );
      return { ok, sent };
    };
    await webhooks(2); // warm-up
    let bareSum = 0;
    let okSum = 0;
    let sentSum = 0;
    let cpuSum = 0;
    for (let s = 0; s < slices; s++) {
      bareSum += (
        await load(`bare route, ${mode}, slice ${s + 1}`, {
          url: `${server.url}/api/health`,
          duration: sliceSeconds,
          connections,
        })
      ).okPerSec;
      const cpu0 = treeCpuSeconds(server.child.pid!);
      const { ok, sent } = await webhooks(sliceSeconds);
      cpuSum += treeCpuSeconds(server.child.pid!) - cpu0;
      okSum += ok;
      sentSum += sent;
    }
    if (okSum !== sentSum)
      throw new Error(`${mode}: ${sentSum - okSum} of ${sentSum} webhooks not answered 2xx`);
    const bare = bareSum / slices;
    const webhookRate = okSum / (slices * sliceSeconds);
    rows.push(
      `| ${mode} | ${bare.toFixed(0)} | ${webhookRate.toFixed(0)} | ${((webhookRate / bare) * 100).toFixed(1)}% | ${((cpuSum * 1000) / okSum).toFixed(2)} |`,
    );
  } finally {
    await client.close();
    await sql.end();
    await server.stop();
  }
}

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PostgreSQL, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `Command: BENCH_DATABASE_URL=${process.env.BENCH_DATABASE_URL} npx tsx bench/inbound-ceiling.ts (patch applied; ${slices} x ${sliceSeconds} s slices, ${connections} in flight)\n`,
);
console.log("| mode | bare 2xx/s | webhooks answered 2xx/s | webhooks / bare | server CPU ms per webhook |");
console.log("|---|---:|---:|---:|---:|");
for (const r of rows) console.log(r);
