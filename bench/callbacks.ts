// Callback delivery throughput: N message-status callbacks for one endpoint served by
// a local receiver in its own process (which verifies every signature), measured end to end:
// from the first enqueue to the last acknowledged (2xx recorded as delivered in the database).
// Run: npx tsx bench/callbacks.ts
// Env: BENCH_N (default 10000), BENCH_BATCH (events per enqueueCallbacks call, default 1000),
//      BENCH_DATABASE_URL (a PostgreSQL server; a fresh database is created on it; default:
//      embedded PostgreSQL), CALLBACK_CONCURRENCY (default 64), BENCH_PHASES=1
//      (enqueue all first, then start the workers: enqueue and delivery rates measured apart).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { resetEnv } from "../lib/env";
import { processCpuSeconds } from "./lib/cpu";
import { startReceiver } from "./lib/receiver";

process.env.ALLOW_PRIVATE_CALLBACK_URLS = "true";
process.env.LOG_LEVEL ??= "warn";
process.env.CALLBACK_SECRET_KEY ??= "bench-only-callback-secret-key";
resetEnv();

const N = Number(process.env.BENCH_N ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);

const { setDatabaseUrl, closeDb, db } = await import("../lib/db/pool");
const { startEmbeddedDb } = await import("../lib/db/embedded");
const { migrate } = await import("../lib/db/migrate");
const { startBoss, stopBoss } = await import("../lib/jobs/boss");
const { wireAll } = await import("../lib/wiring");
wireAll();
const { startWorkers, stopWorkers } = await import("../lib/jobs/fetch-loop");
const { systemCtx } = await import("../lib/context");
const { createBusiness } = await import("../lib/businesses/create-business");
const { createEndpoint } = await import("../lib/callbacks/create-endpoint");
const { enqueueCallbacks } = await import("../lib/callbacks/enqueue-callbacks");
const { rawQuery } = await import("../lib/db/sql");

// Database: a fresh one on the given server, or embedded.
let dropDb: (() => Promise<void>) | undefined;
let stopEmbedded: (() => Promise<void>) | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const name = `sb_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(process.env.BENCH_DATABASE_URL);
  u.pathname = `/${name}`;
  process.env.DATABASE_URL = u.toString();
  resetEnv();
  dropDb = async () => {
    const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  const embeddedDir = mkdtempSync(path.join(tmpdir(), "sb-bench-callbacks-"));
  const embedded = await startEmbeddedDb(path.join(embeddedDir, "pg"));
  process.env.DATABASE_URL = embedded.url;
  resetEnv();
  stopEmbedded = embedded.stop;
}
setDatabaseUrl(process.env.DATABASE_URL!);
await migrate((await import("../lib/db/pool")).pool());
const boss = await startBoss();

const ctx = systemCtx("bench");
const business = await createBusiness(ctx, { name: `Bench ${randomBytes(3).toString("hex")}` });
const { endpoint, secret } = await createEndpoint(ctx, business.id, { url: "http://127.0.0.1:9/" });
// Receiver: its own process (bench/lib/receiver.ts), verifies each signature, answers 200.
const receiver = await startReceiver();
await receiver.setSecret(secret);
const port = receiver.port;
const rxCpu0 = processCpuSeconds(receiver.pid);
const { updateEndpoint } = await import("../lib/callbacks/update-endpoint");
await updateEndpoint(ctx, business.id, endpoint.id, { url: `http://127.0.0.1:${port}/hook` });

// BENCH_PHASES=1: enqueue everything first, then start the workers, to see each side alone.
const phases = process.env.BENCH_PHASES === "1";
if (!phases) await startWorkers(boss);

const cpu0 = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < N; i += BATCH) {
  const events = Array.from({ length: Math.min(BATCH, N - i) }, (_, j) => ({
    event: "message.status" as const,
    payload: {
      messageId: `msg-${i + j}`,
      messageRef: `ref-${i + j}`,
      subscriberId: "919900000001",
      status: "delivered" as const,
      deliveredAt: Math.floor(Date.now() / 1000),
    },
  }));
  await enqueueCallbacks(ctx, business.id, events);
}
const enqueued = performance.now();
const cpu1 = process.cpuUsage();
if (phases) await startWorkers(boss);

let delivered = 0;
while (delivered < N) {
  await new Promise((r) => setTimeout(r, 100));
  const [row] = await rawQuery<{ n: number }>(
    db(),
    `SELECT count(*)::int AS n FROM callback_deliveries WHERE business_id = $1 AND status = 'delivered'`,
    [business.id],
  );
  delivered = row!.n;
  if (performance.now() - started > 300_000)
    throw new Error(`only ${delivered} of ${N} delivered after 300 s`);
}
const done = performance.now();
const cpu2 = process.cpuUsage();
const cpuMs = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user - a.user + b.system - a.system) / 1000;

const [stats] = await rawQuery<{ attempts: number; failed_attempts: number; p50: number; p99: number }>(
  db(),
  `SELECT count(*)::int AS attempts,
     count(*) FILTER (WHERE (a->>'responseStatus')::int IS DISTINCT FROM 200)::int AS failed_attempts,
     percentile_cont(0.5) WITHIN GROUP (ORDER BY (a->>'latencyMs')::int) AS p50,
     percentile_cont(0.99) WITHIN GROUP (ORDER BY (a->>'latencyMs')::int) AS p99
   FROM callback_deliveries, jsonb_array_elements(attempt_log) AS a WHERE business_id = $1`,
  [business.id],
);
await new Promise((r) => setTimeout(r, 60)); // the receiver reports its counts every 20 ms
const counts = { ...receiver.counts(), cpuMs: (processCpuSeconds(receiver.pid) - rxCpu0) * 1000 };
receiver.stop();

await stopWorkers();
await stopBoss(2_000);
await closeDb();
await stopEmbedded?.();
await dropDb?.();

const secs = (ms: number) => (ms / 1000).toFixed(2);
console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL"}`,
);
console.log(
  `Command: ${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL=… " : ""}npx tsx bench/callbacks.ts (BENCH_N=${N}, BENCH_BATCH=${BATCH}, CALLBACK_CONCURRENCY=${process.env.CALLBACK_CONCURRENCY ?? 64})\n`,
);
console.log(
  `deliveries                 ${N} (one endpoint, receiver in its own process verifying signatures)`,
);
console.log(
  `enqueue (rows + jobs)      ${secs(enqueued - started)} s  (${Math.round(N / ((enqueued - started) / 1000))}/s)`,
);
console.log(
  `end to end (enqueue->ack)  ${secs(done - started)} s  => ${Math.round(N / ((done - started) / 1000))} deliveries/s`,
);
if (phases) {
  console.log(
    `delivery alone             ${secs(done - enqueued)} s  => ${Math.round(N / ((done - enqueued) / 1000))} deliveries/s`,
  );
}
console.log(
  `attempts recorded          ${stats!.attempts} (${stats!.failed_attempts} not 200), latency p50 ${stats!.p50} ms, p99 ${stats!.p99} ms`,
);
console.log(
  `receiver                   ${counts.ok} valid signatures, ${counts.bad} invalid, ${counts.unique} distinct webhook-ids`,
);
console.log(
  `CPU of this process        enqueue ${(cpuMs(cpu0, cpu1) / N).toFixed(3)} ms/event, delivery ${(cpuMs(cpu1, cpu2) / N).toFixed(3)} ms/delivery (${phases ? "workers only" : "overlapping enqueue"}); receiver ${(counts.cpuMs / N).toFixed(3)} ms/request`,
);
process.exit(0);
