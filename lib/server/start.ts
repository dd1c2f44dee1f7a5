import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createApiApp } from "../api/app";
import { ensureAuthSecret } from "../auth/auth-secret";
import { systemCtx } from "../context";
import { closeDb, databaseUrl, pool, setDatabaseUrl } from "../db/pool";
import { startEmbeddedDb, type EmbeddedDb } from "../db/embedded";
import { migrate } from "../db/migrate";
import { env, setProcessEnv } from "../env";
import { startBoss, stopBoss } from "../jobs/boss";
import { ensureQueues } from "../jobs/ensure-queues";
import { createRequestListener, type Handler } from "./request-listener";
import { startJobWorkers } from "./worker-processes";
import { expectWorkers } from "../health/expected-workers";
import { instanceId } from "./instance-id";
import { answerParentMetrics } from "../metrics/child-metrics";
import { metricsEnabled } from "../metrics/registry";
import { createRuntime } from "../runtime";
import { collectProcessMetrics, serveMetrics, type MetricsServer } from "../metrics/serve-metrics";
import { log } from "../log";
import { wireAll } from "../wiring";
import { firstStartFile, writeFirstStartFile } from "../seed/first-start-file";
import { formatCredentials, seedDemo } from "../seed/seed-demo";
import { flushClicksOnShutdown } from "../economics/links/click-recorder";

/** Longest a request may take to arrive whole (a 200 MiB list upload on a slow link). */
export const REQUEST_TIMEOUT_MS = 3_600_000;
/** Longest the request line and headers may take (slowloris). */
export const HEADERS_TIMEOUT_MS = 60_000;

export type Running = { port: number; url: string; metricsPort?: number; stop: () => Promise<void> };

/**
 * Starts, in order: the database (PostgreSQL's own binaries under DATA_DIR/pg when DATABASE_URL
 * is unset, lib/db/embedded.ts), migrations,
 * the first-start seed, one HTTP server (Hono for the public API, Next.js for the rest), then
 * the pg-boss workers. ROLE selects what runs. `stop` drains and closes everything.
 */
export async function startServer(opts: { quiet?: boolean } = {}): Promise<Running> {
  // The process's state (pool, job queue, caches, listeners) lives in one object from here on.
  createRuntime();
  const cfg = env();
  let embedded: EmbeddedDb | undefined;
  if (cfg.DATABASE_URL) {
    setDatabaseUrl(cfg.DATABASE_URL);
  } else {
    const started = performance.now();
    embedded = await startEmbeddedDb(path.join(cfg.DATA_DIR, "pg"));
    setDatabaseUrl(embedded.url);
    // Child worker processes find the embedded database through the environment.
    setProcessEnv({ DATABASE_URL: embedded.url });
    log.info(
      { dataDir: path.join(cfg.DATA_DIR, "pg"), ms: Math.round(performance.now() - started) },
      "embedded database started",
    );
  }
  await migrate(pool());
  ensureAuthSecret(cfg.DATA_DIR);

  wireAll();
  const boss = await startBoss();
  await ensureQueues(boss);
  const creds = await seedDemo(systemCtx());

  const serveApi = cfg.ROLE === "all" || cfg.ROLE === "api" || cfg.ROLE === "web";
  const serveWeb = cfg.ROLE === "all" || cfg.ROLE === "web";
  let server: http.Server | undefined;
  let port = 0;
  if (serveApi || serveWeb) {
    const api = getRequestListener(createApiApp().fetch);
    const web = serveWeb ? await startNext(cfg.NODE_ENV === "development", cfg.PORT) : undefined;
    server = http.createServer(
      createRequestListener({ api, web, trustProxy: cfg.TRUST_PROXY, dev: cfg.NODE_ENV === "development" }),
    );
    server.keepAliveTimeout = 65_000;
    // A promotion list (up to PROMOTION_LIST_MAX_BYTES, 200 MiB) streams into the database as it
    // arrives: on a slow link or a loaded database that takes longer than Node's default
    // requestTimeout (300 s), which answered 408 in the middle of a 1M-row upload. The whole
    // request may take an hour; slowloris protection stays with headersTimeout (the request
    // line and headers within 60 s, as Node's default) and the hour bounds a trickled body.
    // No socket idle timeout: a launch computes its answer for minutes after the last byte.
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    await new Promise<void>((resolve) => server!.listen(cfg.PORT, cfg.HOST, resolve));
    port = (server.address() as { port: number }).port;
    log.info({ port, role: cfg.ROLE }, "listening");
  }
  const workers =
    cfg.ROLE === "all" || cfg.ROLE === "worker"
      ? await startJobWorkers(boss, cfg.ROLE === "all" ? cfg.WORKER_PROCESSES : 0, databaseUrl())
      : undefined;
  // ROLE=all answers for its workers in /api/ready (in process, or its children's heartbeats).
  if (cfg.ROLE === "all")
    expectWorkers({ instanceId: instanceId(), expected: Math.max(1, cfg.WORKER_PROCESSES) });

  // A worker process started by its parent (an IPC channel) reports through the parent's
  // /metrics; every other process with METRICS_PORT serves its own.
  let metricsServer: MetricsServer | undefined;
  if (process.send) {
    answerParentMetrics();
    if (metricsEnabled()) collectProcessMetrics();
  } else if (cfg.METRICS_PORT !== undefined) {
    metricsServer = await serveMetrics(cfg.METRICS_PORT, cfg.METRICS_HOST);
  }

  const url = `http://localhost:${port}`;
  if (creds) {
    const banner = formatCredentials(creds, url);
    const file = writeFirstStartFile(cfg.DATA_DIR, banner);
    if (!opts.quiet)
      process.stdout.write(`${banner}  Also kept in ${file} (readable by this user only).\n\n`);
  } else {
    // Later starts never print the passwords again, only where they are.
    const file = firstStartFile(cfg.DATA_DIR);
    if (file && !opts.quiet) process.stdout.write(`First-start credentials: see ${file}\n`);
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const deadline = cfg.SHUTDOWN_TIMEOUT * 1000;
      expectWorkers(undefined);
      if (server) await closeHttp(server, deadline);
      // The redirect's last clicks, while the database is still there.
      await flushClicksOnShutdown(Math.min(deadline, 5_000));
      await workers?.stop(deadline);
      await stopBoss(deadline);
      await metricsServer?.stop();
      await closeDb();
      if (embedded) await embedded.stop();
    })());
  return { port, url, metricsPort: metricsServer?.port, stop };
}

async function startNext(dev: boolean, port: number): Promise<Handler> {
  setProcessEnv({ NEXT_TELEMETRY_DISABLED: "1" }, { keep: true });
  const { default: next } = await import("next");
  const app = next({ dev, dir: process.cwd(), port });
  await app.prepare();
  const handle = app.getRequestHandler();
  return (req, res) => handle(req, res);
}

/** Stops accepting, lets in-flight requests finish, then cuts what is left at the deadline. */
function closeHttp(server: http.Server, deadlineMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), deadlineMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
