import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

/**
 * Nothing leaves this machine in tests: every TCP/TLS connect (node:net, node:tls, fetch and
 * undici, pg, http) and every DNS lookup of a name other than localhost is refused unless it
 * targets loopback. A refused attempt fails at once in the code that made it (an error on the
 * socket, ENOTFOUND for a lookup) and is reported to `onRefused`, which the Vitest setup turns
 * into a failed test (test/loopback-guard-setup.ts) and the e2e server into a logged line and a
 * failed run (test/loopback-guard-preload.ts).
 */
export type Refusal = { kind: "connect" | "lookup"; target: string; message: string };

const GUARD = Symbol.for("switchboard.loopbackGuard");

/** 127.0.0.0/8, ::1 (also IPv4-mapped), "localhost" and *.localhost, a Unix socket path. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  const family = net.isIP(h);
  if (family === 4) return h.startsWith("127.");
  if (family === 6) {
    if (h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
    const mapped = /^(?:0:0:0:0:0:|::)ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    return mapped ? mapped[1]!.startsWith("127.") : false;
  }
  return false;
}

type ConnectTarget = { host: string; port: string } | { path: string };

/** What Socket#connect was asked for, in each of its call forms (net.connect passes an array). */
export function connectTarget(args: unknown[]): ConnectTarget {
  const a = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const first = a[0];
  if (first && typeof first === "object") {
    const o = first as { path?: unknown; host?: unknown; port?: unknown };
    if (typeof o.path === "string" && o.path) return { path: o.path };
    return { host: typeof o.host === "string" && o.host ? o.host : "localhost", port: String(o.port ?? "") };
  }
  if (typeof first === "string" && !/^\d+$/.test(first)) return { path: first };
  return { host: typeof a[1] === "string" && a[1] ? a[1] : "localhost", port: String(first ?? "") };
}

function refusal(kind: Refusal["kind"], target: string): Refusal {
  const what = kind === "connect" ? "a connection to" : "a DNS lookup of";
  return {
    kind,
    target,
    message:
      `Tests may only connect to loopback (127.0.0.1, ::1, localhost): refused ${what} ${target}. ` +
      "Use a local fake server, or stop a public-address check at validation.",
  };
}

type GuardState = { onRefused: (r: Refusal) => void };

/**
 * Installs the guard once per process; a later call (Vitest runs the setup again for each test
 * file in the same process) only replaces who hears of a refusal.
 */
export function installLoopbackGuard(onRefused: (r: Refusal) => void): void {
  const g = globalThis as unknown as Record<symbol, GuardState | undefined>;
  if (g[GUARD]) {
    g[GUARD].onRefused = onRefused;
    return;
  }
  const state = (g[GUARD] = { onRefused });
  const report = (r: Refusal) => {
    state.onRefused(r);
    const err = new Error(r.message) as NodeJS.ErrnoException;
    err.code = r.kind === "lookup" ? "ENOTFOUND" : "ECONNREFUSED";
    return err;
  };

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const t = connectTarget(args);
    const opts = (Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0]) as
      { lookup?: unknown } | undefined;
    // A connect with its own lookup (the callbacks' pool pins the address the SSRF guard
    // checked, whatever the URL's host name): what counts is the address that lookup answers.
    if ("host" in t && !isLoopbackHost(t.host) && opts && typeof opts.lookup === "function") {
      const own = opts.lookup as (h: string, o: unknown, cb: (...r: unknown[]) => void) => void;
      (opts as { lookup: typeof own }).lookup = (host, o, cb) =>
        own(host, o, (err, address, family) => {
          const first = Array.isArray(address) ? (address[0] as { address?: string })?.address : address;
          if (!err && typeof first === "string" && !isLoopbackHost(first)) {
            return cb(report(refusal("connect", `${t.host} (${first}):${t.port}`)));
          }
          return cb(err, address, family);
        });
      return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
    }
    if ("host" in t && !isLoopbackHost(t.host)) {
      const err = report(refusal("connect", `${t.host}:${t.port}`));
      // Fails as a refused connection would: asynchronously, on the socket.
      process.nextTick(() => this.destroy(err));
      return this;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;

  const lookup = dns.lookup;
  dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
    if (typeof hostname === "string" && !isLoopbackHost(hostname) && !net.isIP(hostname)) {
      const err = report(refusal("lookup", hostname));
      const cb = rest[rest.length - 1];
      if (typeof cb === "function") process.nextTick(() => (cb as (e: Error) => void)(err));
      return undefined;
    }
    return (lookup as (...a: unknown[]) => unknown).call(dns, hostname, ...rest);
  } as typeof dns.lookup;

  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = async function guardedLookupPromise(hostname: string, ...rest: unknown[]) {
    if (typeof hostname === "string" && !isLoopbackHost(hostname) && !net.isIP(hostname)) {
      throw report(refusal("lookup", hostname));
    }
    return (lookupPromise as (...a: unknown[]) => Promise<unknown>).call(dns.promises, hostname, ...rest);
  } as typeof dns.promises.lookup;

  // `import { lookup } from "node:dns/promises"` binds the export: update those bindings too.
  syncBuiltinESMExports();
}
