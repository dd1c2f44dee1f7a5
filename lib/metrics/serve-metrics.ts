import http from "node:http";
import client from "prom-client";
import { log } from "../log";
import { childrenMetrics } from "./child-metrics";
import { databaseMetrics, registerPoolMetrics } from "./database-metrics";
import { metrics } from "./registry";

export type MetricsServer = { port: number; stop: () => Promise<void> };

/** This process's metrics, its worker children's summed in, then the database's gauges. */
export async function scrape(dbGauges: client.Registry): Promise<{ text: string; contentType: string }> {
  const own = metrics().registry;
  const children = await childrenMetrics();
  const processes: client.Registry =
    children.length > 0
      ? client.AggregatorRegistry.aggregate([await own.getMetricsAsJSON(), ...children] as never)
      : own;
  const merged = client.Registry.merge([processes, dbGauges]);
  return { text: await merged.metrics(), contentType: merged.contentType };
}

/** Process-level metrics (CPU, memory, event loop lag, GC, the database pool): once per process. */
export function collectProcessMetrics(): void {
  const { registry } = metrics();
  if (registry.getSingleMetric("process_cpu_seconds_total")) return;
  client.collectDefaultMetrics({ register: registry });
  registerPoolMetrics(registry);
}

/**
 * Serves GET /metrics on its own port (METRICS_PORT): Prometheus scrapes every instance there,
 * ROLE=worker included, without going through the load balancer or carrying a secret; keep the
 * port off the public network (docs/operations.md, "Metrics").
 */
export async function serveMetrics(port: number, host: string): Promise<MetricsServer> {
  collectProcessMetrics();
  const dbGauges = databaseMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: GET /metrics\n");
      return;
    }
    scrape(dbGauges).then(
      ({ text, contentType }) => res.writeHead(200, { "content-type": contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, "metrics scrape failed");
        res.writeHead(500, { "content-type": "text/plain" }).end("scrape failed\n");
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as { port: number }).port;
  log.info({ port: bound, host }, "metrics listening");
  return {
    port: bound,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
