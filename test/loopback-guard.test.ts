import { execFile } from "node:child_process";
import { promises as dnsPromises } from "node:dns";
import { lookup } from "node:dns/promises";
import net from "node:net";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { connectTarget, isLoopbackHost } from "./loopback-guard";
import { takeRefusals } from "./loopback-guard-setup";

const GUARD_MESSAGE = /Tests may only connect to loopback .*refused a connection to 192\.0\.2\.1:80/;

function connectOnce(options: net.NetConnectOpts): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(options);
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (err) => resolve(err.message));
  });
}

/** This process's environment without Vitest's own variables, for a Vitest run of its own. */
const childEnv = () =>
  ({
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST"))),
    NO_COLOR: "1",
    FORCE_COLOR: "0",
  }) as unknown as NodeJS.ProcessEnv;

describe("loopback guard (test setup)", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "db.localhost"])(
    "treats %s as loopback",
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "10.0.0.1",
    "0.0.0.0",
    "::ffff:8.8.8.8",
    "2606:4700::1",
    "example.com",
  ])("treats %s as outside", (host) => expect(isLoopbackHost(host)).toBe(false));

  it("reads every form of Socket#connect", () => {
    expect(connectTarget([{ host: "1.2.3.4", port: 5 }])).toEqual({ host: "1.2.3.4", port: "5" });
    expect(connectTarget([[{ port: 5432 }, () => {}]])).toEqual({ host: "localhost", port: "5432" });
    expect(connectTarget([443, "example.com"])).toEqual({ host: "example.com", port: "443" });
    expect(connectTarget(["/tmp/.s.PGSQL.5432"])).toEqual({ path: "/tmp/.s.PGSQL.5432" });
    expect(connectTarget([{ path: "/tmp/sock" }])).toEqual({ path: "/tmp/sock" });
  });

  it("refuses a TCP connect outside loopback with a clear message", async () => {
    expect(await connectOnce({ host: "192.0.2.1", port: 80 })).toMatch(GUARD_MESSAGE);
    expect(takeRefusals()).toEqual([expect.objectContaining({ kind: "connect", target: "192.0.2.1:80" })]);
  });

  it("refuses fetch to a public address", async () => {
    const err = await fetch("http://192.0.2.1/").catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error & { cause?: Error }).cause?.message)).toMatch(GUARD_MESSAGE);
    expect(takeRefusals().map((r) => r.target)).toContain("192.0.2.1:80");
  });

  it("refuses DNS lookups of public names, both imports of node:dns/promises", async () => {
    await expect(lookup("example.com")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(dnsPromises.lookup("example.org")).rejects.toThrow(/refused a DNS lookup of example\.org/);
    expect(takeRefusals().map((r) => r.target)).toEqual(["example.com", "example.org"]);
  });

  it("lets loopback through", async () => {
    const server = net.createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await connectOnce({ host: "127.0.0.1", port })).toBe("connected");
      expect(await connectOnce({ host: "localhost", port })).toBe("connected");
      expect(takeRefusals()).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("judges a connect with its own lookup (a pinned address) by the address it answers", async () => {
    const server = net.createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as net.AddressInfo;
    const pinned =
      (address: string): net.LookupFunction =>
      (_host, opts, cb) =>
        // net asks with { all: true } when it may try several addresses (autoSelectFamily).
        opts.all
          ? (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address, family: 4 },
            ])
          : cb(null, address, 4);
    try {
      const ok = await connectOnce({ host: "receiver.invalid", port, lookup: pinned("127.0.0.1") });
      expect(ok).toBe("connected");
      expect(takeRefusals()).toEqual([]);
      const refused = await connectOnce({ host: "receiver.invalid", port: 80, lookup: pinned("192.0.2.1") });
      expect(refused).toMatch(/refused a connection to receiver\.invalid \(192\.0\.2\.1\):80/);
      expect(takeRefusals().map((r) => r.target)).toEqual(["receiver.invalid (192.0.2.1):80"]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("fails a test whose code connects outside loopback, even when that code swallows the error", async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [
        "node_modules/vitest/vitest.mjs",
        "run",
        "--config",
        "test/fixtures/loopback-guard/vitest.config.ts",
        "--reporter",
        "verbose",
      ],
      { env: childEnv(), timeout: 60_000 },
    ).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? -1,
        out: `${e.stdout ?? ""}${e.stderr ?? ""}`,
      }),
    );
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(GUARD_MESSAGE);
    expect(run.out).toMatch(/1 failed/);
  }, 60_000);
});
