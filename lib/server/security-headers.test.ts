import type http from "node:http";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders, servedOverTls } from "./security-headers";

const req = (opts: { encrypted?: boolean; proto?: string }) =>
  ({
    socket: { encrypted: opts.encrypted },
    headers: opts.proto ? { "x-forwarded-proto": opts.proto } : {},
  }) as unknown as http.IncomingMessage;

describe("security headers", () => {
  it("gives the dashboard a CSP that forbids framing, plugins and other origins", () => {
    const h = securityHeaders({ web: true, tls: false, dev: false });
    const csp = h["Content-Security-Policy"]!;
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy(true)).toContain("'unsafe-eval'");
    expect(h).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    expect(h["Strict-Transport-Security"]).toBeUndefined();
  });

  it("sends HSTS over TLS only, and the API gets no CSP", () => {
    const api = securityHeaders({ web: false, tls: true, dev: false });
    expect(api["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(api["Content-Security-Policy"]).toBeUndefined();
    expect(api["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    expect(servedOverTls(req({ encrypted: true }), false)).toBe(true);
    expect(servedOverTls(req({ proto: "https" }), false)).toBe(false);
    expect(servedOverTls(req({ proto: "https" }), true)).toBe(true);
    expect(servedOverTls(req({ proto: "http" }), true)).toBe(false);
  });
});
