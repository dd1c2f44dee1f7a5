import type http from "node:http";

/**
 * The dashboard's Content-Security-Policy. Next.js streams inline scripts (hydration data)
 * and React and Swagger UI set inline style attributes, so scripts and styles allow
 * 'unsafe-inline' from our own origin; nonces would cover the scripts only, force every page
 * to render per request through a proxy, and still leave the style attributes (decision in
 * docs/decisions/logs-and-security-headers.md). What the policy does hold: nothing is loaded from or sent to another
 * origin, no plugins, no <base> or form redirection, and no framing (clickjacking).
 */
export function contentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    // Development only: React Refresh evaluates code.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Swagger UI draws its icons from data: URIs.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** True when the client reached us over TLS: directly, or through a trusted proxy that says so. */
export function servedOverTls(req: http.IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers["x-forwarded-proto"];
  return trustProxy && typeof proto === "string" && proto.split(",")[0]!.trim().toLowerCase() === "https";
}

/**
 * Headers for every response of the server (API and dashboard); the dashboard also gets the
 * CSP and X-Frame-Options (for browsers without frame-ancestors). HSTS only over TLS: over
 * plain HTTP browsers ignore it, and a server reached by IP or on a LAN must stay reachable.
 */
export function securityHeaders(opts: { web: boolean; tls: boolean; dev: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (opts.tls) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  if (opts.web) {
    headers["Content-Security-Policy"] = contentSecurityPolicy(opts.dev);
    headers["X-Frame-Options"] = "DENY";
  }
  return headers;
}
