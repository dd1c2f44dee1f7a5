import type http from "node:http";
import { observeDashboardRequest } from "../metrics/http-metrics";
import { metricsEnabled } from "../metrics/registry";
import { CLIENT_ADDRESS_HEADER, requestClientAddress } from "./client-address";
import { closeWhenBodyUnread } from "./close-when-body-unread";
import { securityHeaders, servedOverTls } from "./security-headers";
import { guardServerAction, isServerActionRequest } from "./server-action-guard";

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

// `/l/<code>`: the tracked links' redirect (lib/api/links/follow-link.ts), on the hot path too.
const API_PATH =
  /^\/api\/(v1|v2|v3|webhooks|internal)(\/|$)|^\/api\/(openapi\.json|health|ready)$|^\/l\/[^/]*$/;

/**
 * The one HTTP listener of the process: the public API paths (and everything, without a
 * dashboard) to the Hono app, the rest to Next.js, each with its security headers and the
 * client's address as the proxy settings allow.
 */
export function createRequestListener(opts: {
  api: Handler;
  web?: Handler;
  trustProxy: boolean;
  dev: boolean;
}): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const { api, web, trustProxy, dev } = opts;
  return (req, res) => {
    const address = requestClientAddress(req, trustProxy);
    if (address) req.headers[CLIENT_ADDRESS_HEADER] = address;
    else delete req.headers[CLIENT_ADDRESS_HEADER];
    closeWhenBodyUnread(req, res);
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    const toApi = API_PATH.test(pathname) || !web;
    const headers = securityHeaders({ web: !toApi, tls: servedOverTls(req, trustProxy), dev });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (toApi) return void api(req, res);
    if (metricsEnabled()) {
      const started = performance.now();
      res.once("finish", () =>
        observeDashboardRequest(req.method ?? "GET", res.statusCode, (performance.now() - started) / 1000),
      );
    }
    if (isServerActionRequest(req)) return void guardServerAction(req, res, web!);
    return void web!(req, res);
  };
}
