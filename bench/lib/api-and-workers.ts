// server.ts with ROLE=all minus the Next.js dashboard (which needs a production build and
// serves no API traffic): the Hono API and the pg-boss workers, in this process or, with
// WORKER_PROCESSES=n, in n child processes, as ROLE=all runs them. Used by the messaging
// benchmarks through startBenchServer(env, { entry }).
process.env.ROLE = "api";
if (process.env.BENCH_QUERY_STATS) await import("./query-stats");
if (process.env.BENCH_QUERY_COUNT_FILE) await import("./query-count");
if (process.env.BENCH_TXN_TIMING) await import("./txn-timing");
if (process.env.BENCH_LOOP_DELAY) await import("./loop-delay");
const { startServer } = await import("../../lib/server/start");
const { boss } = await import("../../lib/jobs/boss");
const { startJobWorkers } = await import("../../lib/server/worker-processes");
const running = await startServer();
const workers = await startJobWorkers(
  boss(),
  Number(process.env.WORKER_PROCESSES ?? 0),
  process.env.DATABASE_URL!,
);
const stop = () => void Promise.all([running.stop(), workers.stop(10_000)]).then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
export {};
