import type { LookupFunction } from "node:net";
import { Pool, type Dispatcher } from "undici";
import type { ResolvedTarget } from "./ssrf-guard";

export type PostResult = {
  status: number | null;
  latencyMs: number;
  error: string | null;
  /** At most 1 KB of the response body. */
  body: string | null;
};

const EXCERPT_BYTES = 1024;
/** Past this the response is not drained for keep-alive: the connection is dropped instead. */
const DRAIN_LIMIT = 64 * 1024;
/** Connections per receiver address (the old node:http agent's maxSockets). */
const CONNECTIONS = 128;
/** A pool unused this long is closed (its receiver moved or went quiet). */
const IDLE_POOL_MS = 60_000;

// undici keep-alive pools, one per origin AND checked address: its connector's lookup answers
// only that address, so the pool can never connect anywhere the SSRF guard did not approve,
// and a new DNS answer (a new check) gets a new pool. undici's dispatch is far leaner per
// request than node:http's agent and ClientRequest (the callbacks' HTTP client was the
// largest share of the worker's CPU).
const pools = new Map<string, { pool: Pool; usedAt: number }>();
let sweeper: NodeJS.Timeout | undefined;

function poolFor(target: ResolvedTarget): Pool {
  const key = `${target.url.origin}|${target.address}`;
  const hit = pools.get(key);
  if (hit) {
    hit.usedAt = Date.now();
    return hit.pool;
  }
  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) {
      (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else cb(null, target.address, target.family);
  };
  const pool = new Pool(target.url.origin, {
    connections: CONNECTIONS,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    connect: { lookup },
  });
  pools.set(key, { pool, usedAt: Date.now() });
  sweeper ??= setInterval(sweep, IDLE_POOL_MS).unref();
  return pool;
}

function sweep(): void {
  const cutoff = Date.now() - IDLE_POOL_MS;
  for (const [key, entry] of pools) {
    if (entry.usedAt >= cutoff) continue;
    pools.delete(key);
    void entry.pool.close().catch(() => undefined);
  }
}

/**
 * POSTs `body` to the checked target, connecting to the address the SSRF guard approved (the
 * pool's lookup never asks DNS again). Redirects are not followed: a 3xx is a failed attempt.
 * `timeoutMs` bounds the whole attempt. Never throws: transport errors come back in `error`.
 * `headers` is taken over (the content headers are added to it, saving a copy per request).
 */
export function postJson(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  return new Promise<PostResult>((resolve) => {
    const handler = new Attempt(resolve, timeoutMs);
    headers["content-type"] = "application/json";
    headers["user-agent"] = "Switchboard-Webhooks/1.0";
    try {
      poolFor(target).dispatch(
        { path: target.url.pathname + target.url.search, method: "POST", headers, body },
        handler,
      );
    } catch (err) {
      handler.onError(err as Error);
    }
  });
}

// One attempt's dispatch handler. A class rather than closures: tsx (keepNames) wraps every
// named closure in a helper call, which at thousands of requests a second showed in profiles.
class Attempt implements Dispatcher.DispatchHandlers {
  private readonly started = performance.now();
  private readonly timer: NodeJS.Timeout;
  private settled = false;
  private status: number | null = null;
  private abort: ((err?: Error) => void) | undefined;
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private seen = 0;

  constructor(
    private readonly resolve: (r: PostResult) => void,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => {
      const err = new Error(`timed out after ${timeoutMs} ms`);
      this.finish(err.message);
      this.abort?.(err);
    }, timeoutMs);
  }

  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort;
  }

  onHeaders(statusCode: number): boolean {
    this.status = statusCode;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.seen += chunk.length;
    if (this.kept < EXCERPT_BYTES) {
      const part = chunk.subarray(0, EXCERPT_BYTES - this.kept);
      this.chunks.push(Buffer.from(part));
      this.kept += part.length;
    }
    if (this.seen > DRAIN_LIMIT) {
      this.finish(null);
      this.abort?.(new Error("response too large to drain"));
      return false;
    }
    return true;
  }

  onComplete(): void {
    this.finish(null);
  }

  /** Also called after our own abort (too large, timed out): finish is settled by then. */
  onError(err: Error): void {
    this.finish(describe(err as Error & { code?: string }));
  }

  private finish(error: string | null): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.resolve({
      status: this.status,
      error,
      body: excerpt(this.chunks),
      latencyMs: Math.round(performance.now() - this.started),
    });
  }
}

function excerpt(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null;
  // Cut at a character boundary; a partial multi-byte sequence becomes U+FFFD.
  return Buffer.concat(chunks).toString("utf8");
}

function describe(err: Error & { code?: string }): string {
  return err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message;
}
