// server.ts with ROLE=all minus the Next.js dashboard (which needs a production build and
// serves no API traffic): the Hono API and the pg-boss workers in one process, as ROLE=all
// runs them. Used by the messaging benchmarks through startBenchServer(env, { entry }).
process.env.ROLE = "api";
const { startServer } = await import("../../lib/server/start");
const { boss } = await import("../../lib/jobs/boss");
const { startWorkers } = await import("../../lib/jobs/workers");
const running = await startServer();
await startWorkers(boss());
const stop = () => void running.stop().then(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
export {};
