import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { metrics, metricsEnabled } from "./registry";

/** The label of a request no API route matched (a 404 or 405): one value, whatever the path. */
const UNMATCHED = "(unmatched)";

/**
 * Times every API request by its route template (`/api/v3/message/:business_id/template`,
 * never the path with its ids), and counts inbound provider webhooks by verification result.
 * Registered first, so it also sees requests the later middleware refuses.
 */
export function httpMetrics(): MiddlewareHandler {
  return async (c, next) => {
    if (!metricsEnabled()) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      const template = routePath(c, -1);
      const route = template && template !== "*" && template !== "/*" ? template : UNMATCHED;
      const status = c.res.status;
      const m = metrics();
      m.httpRequests.observe(
        { method: c.req.method, route, status: String(status) },
        (performance.now() - started) / 1000,
      );
      const webhook = /^\/api\/webhooks\/(whatsapp|rbm|exotel)(\/|$)/.exec(route);
      if (webhook && c.req.method === "POST") {
        const result = status < 300 ? "verified" : status === 401 || status === 403 ? "rejected" : "error";
        m.webhooks.inc({ provider: webhook[1]!, result });
      }
    }
  };
}

/** Times a dashboard request (Next.js): one route label for all its pages. */
export function observeDashboardRequest(method: string, status: number, seconds: number): void {
  if (!metricsEnabled()) return;
  metrics().httpRequests.observe({ method, route: "(dashboard)", status: String(status) }, seconds);
}
