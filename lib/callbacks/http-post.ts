import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedTarget } from "./ssrf-guard";

export type PostResult = {
  status: number | null;
  latencyMs: number;
  error: string | null;
  /** At most 1 KB of the response body. */
  body: string | null;
};

const EXCERPT_BYTES = 1024;

// Parsed once per resolved target (the worker resolves once per endpoint and chunk).
const baseOptions = new WeakMap<ResolvedTarget, http.RequestOptions>();
/** Past this the response is not drained for keep-alive: the socket is dropped instead. */
const DRAIN_LIMIT = 64 * 1024;

// Keep-alive pools: at thousands of callbacks per second a new TCP (and TLS) handshake per
// request would dominate. maxSockets bounds the connections per receiver.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 128, keepAliveMsecs: 10_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 128, keepAliveMsecs: 10_000 }),
};

/**
 * POSTs `body` to the checked target, connecting to the address the SSRF guard approved (the
 * custom lookup never asks DNS again). Redirects are not followed: a 3xx is a failed attempt.
 * Never throws: transport errors come back in `error`.
 */
export function postJson(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  const started = performance.now();
  const lookupFn: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) {
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else cb(null, target.address, target.family);
  };
  const isHttps = target.url.protocol === "https:";
  let base = baseOptions.get(target);
  if (!base) {
    base = {
      protocol: target.url.protocol,
      hostname: target.url.hostname.replace(/^\[|\]$/g, ""),
      port: target.url.port || (isHttps ? 443 : 80),
      path: target.url.pathname + target.url.search,
    };
    baseOptions.set(target, base);
  }
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
    };
    const req = (isHttps ? https : http).request(
      {
        ...base,
        method: "POST",
        agent: isHttps ? agents.https : agents.http,
        lookup: lookupFn,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Switchboard-Webhooks/1.0",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let seen = 0;
        res.on("data", (chunk: Buffer) => {
          seen += chunk.length;
          if (kept < EXCERPT_BYTES) {
            const part = chunk.subarray(0, EXCERPT_BYTES - kept);
            chunks.push(part);
            kept += part.length;
          }
          if (seen > DRAIN_LIMIT) {
            res.destroy();
            finish({ status: res.statusCode ?? null, error: null, body: excerpt(chunks) });
          }
        });
        res.on("end", () => finish({ status: res.statusCode ?? null, error: null, body: excerpt(chunks) }));
        res.on("error", (err) =>
          finish({ status: res.statusCode ?? null, error: err.message, body: excerpt(chunks) }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    req.on("error", (err) => finish({ status: null, error: describe(err), body: null }));
    req.end(body);
  });
}

function excerpt(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null;
  // Cut at a character boundary; a partial multi-byte sequence becomes U+FFFD.
  return Buffer.concat(chunks).toString("utf8");
}

function describe(err: Error & { code?: string }): string {
  return err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message;
}
