// Scale-out of the pipeline: end to end (B1 accepted -> sent -> delivered -> read,
// and 3 signed callbacks per message acknowledged by a receiver in its own process) with
// WORKER_PROCESSES 0, 1, 2, 4, 8: 0 is one process doing the API and every job; n > 0 is the
// API process plus n worker processes. Enough senders (each limited to 1,000/s, raised to
// Meta's top tier) that the per-sender limit is not what is measured. For each: messages/s,
// CPU per message (server process tree, this database's PostgreSQL backends, receiver) and the
// speed-up over one process (WORKER_PROCESSES=0).
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/scale.ts
// Env: BENCH_N (messages per step, default 8000), BENCH_SENDERS (default 8), BENCH_WORKERS
//      (default "0,1,2,4,8"). PostgreSQL only: a fresh database is created for each step.
import { cpus, loadavg } from "node:os";
import { databaseCpuTracker, processCpuSeconds, treeCpuSeconds } from "./lib/cpu";
import { approvedTemplate, bulkBody, subscribeReceiver, withSenders } from "./lib/messaging-setup";
import { startReceiver } from "./lib/receiver";
import { FAST_PIPELINE_ENV } from "./lib/pipeline-env";
import { startBenchServer } from "./lib/server-process";

if (!process.env.BENCH_DATABASE_URL) {
  // run-all.ts runs every script: without a PostgreSQL server this one has nothing to measure.
  console.log("scale.ts skipped: it needs BENCH_DATABASE_URL (a PostgreSQL server)");
  process.exit(0);
}
const N = Number(process.env.BENCH_N ?? 8_000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 8);
const STEPS = (process.env.BENCH_WORKERS ?? "0,1,2,4,8").split(",").map(Number);
const WARM = 1_000;

type Step = {
  workers: number;
  perSecond: number;
  cpu: { server: number; postgres: number; receiver: number };
};

const receiver = await startReceiver();
const steps: Step[] = [];
const startLoad = loadavg()[0]!.toFixed(2);
const lines: string[] = [];

async function step(workers: number): Promise<Step> {
  // Every process has its own pools: keep the total within a shared server's max_connections.
  const poolMax = Math.max(4, Math.floor(64 / (workers + 1)) - 4);
  const server = await startBenchServer(
    {
      ...FAST_PIPELINE_ENV,
      WORKER_PROCESSES: String(workers),
      DB_POOL_MAX: String(poolMax),
    },
    { entry: "bench/lib/api-and-workers.ts" },
  );
  const dbCpu = databaseCpuTracker(
    process.env.BENCH_DATABASE_URL!,
    new URL(server.databaseUrl!).pathname.slice(1),
  );
  try {
    const { name, phoneNumberId } = await approvedTemplate(server, `bench_scale_${workers}`, [
      { type: "BODY", text: "Hi {{1}}, report {{2}} is ready.", example: { body_text: [["Sunil", "1234"]] } },
    ]);
    const senders = await withSenders(server, phoneNumberId, SENDERS, "simscale");
    await subscribeReceiver(server, receiver);
    const b1Url = `${server.url}/api/v2/message/${server.businessId}/template?apikey=${server.apiKey}`;
    const bulk = (n: number, first: number, sender: string) => bulkBody({ name, n, first, sender });
    /** Sends n messages spread over every sender at once; resolves when all callbacks are acknowledged. */
    const run = async (n: number, first: number) => {
      const per = Math.ceil(n / senders.length);
      const target = receiver.counts().unique + per * senders.length * 3;
      const bodies = senders.map((s, k) => bulk(per, first + k * per, s));
      await Promise.all(
        bodies.map(async (body) => {
          const res = await fetch(b1Url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          });
          if (res.status !== 200) throw new Error(`B1 ${res.status}: ${(await res.text()).slice(0, 300)}`);
        }),
      );
      const deadline = performance.now() + 600_000;
      while (receiver.counts().unique < target) {
        if (performance.now() > deadline) throw new Error(`timeout: ${JSON.stringify(receiver.counts())}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return per * senders.length;
    };
    await new Promise((r) => setTimeout(r, 2_500)); // the channel cache (MESSAGES_CACHE_MS) sees the new senders
    await run(WARM, 5_000_000 + workers * 100_000);
    await dbCpu.start();
    const cpu0 = {
      server: treeCpuSeconds(server.child.pid!),
      postgres: await dbCpu.mark(),
      receiver: processCpuSeconds(receiver.pid),
    };
    const t0 = performance.now();
    const sent = await run(N, 1_000_000 + workers * 100_000);
    const seconds = (performance.now() - t0) / 1000;
    const ms = (s: number) => (s * 1000) / sent;
    return {
      workers,
      perSecond: sent / seconds,
      cpu: {
        server: ms(treeCpuSeconds(server.child.pid!) - cpu0.server),
        postgres: ms((await dbCpu.mark()) - cpu0.postgres),
        receiver: ms(processCpuSeconds(receiver.pid) - cpu0.receiver),
      },
    };
  } finally {
    await dbCpu.stop();
    await server.stop();
  }
}

try {
  for (const w of STEPS) {
    const before = loadavg()[0]!.toFixed(2);
    let s: Step;
    try {
      s = await step(w);
    } catch (err) {
      // One step failing (e.g. a loaded machine) still leaves the others' figures.
      lines.push(`| ${w} | failed: ${(err as Error).message.slice(0, 120)} | | | | ${before} |`);
      console.error(lines.at(-1));
      continue;
    }
    steps.push(s);
    const base = steps.find((x) => x.workers === 0) ?? steps[0]!;
    const total = s.cpu.server + s.cpu.postgres;
    lines.push(
      `| ${w} | ${Math.round(s.perSecond)} | ${s.cpu.server.toFixed(2)} / ${s.cpu.postgres.toFixed(2)} / ${s.cpu.receiver.toFixed(2)} | ${total.toFixed(2)} | ${(s.perSecond / base.perSecond).toFixed(2)}x | ${before} -> ${loadavg()[0]!.toFixed(2)} |`,
    );
    console.error(lines.at(-1));
  }
} finally {
  receiver.stop();
}

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PostgreSQL at BENCH_DATABASE_URL, load average at start ${startLoad}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `Command: BENCH_DATABASE_URL=… npx tsx bench/scale.ts (BENCH_N=${N}, BENCH_SENDERS=${SENDERS}, BENCH_WORKERS=${STEPS.join(",")})\n`,
);
console.log(
  `| WORKER_PROCESSES | messages/s end to end | CPU ms per message: server / PostgreSQL / receiver | server + PostgreSQL | speed-up over one process | load average |`,
);
console.log(`| ---: | ---: | ---: | ---: | ---: | --- |`);
for (const l of lines) console.log(l);
