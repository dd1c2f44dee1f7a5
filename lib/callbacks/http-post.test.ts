import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "./http-post";

// A receiver on loopback; the targets below name hosts DNS cannot resolve, so a request that
// arrives proves the client connected to the checked address without asking DNS again.
let server: http.Server;
let port = 0;
const seen: Array<{ host?: string; headers: http.IncomingHttpHeaders; body: string; url?: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        host: req.headers.host,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        url: req.url,
      });
      if (req.url === "/redirect") return res.writeHead(302, { location: "/ok" }).end();
      if (req.url === "/big") return res.writeHead(200).end("é".repeat(100_000));
      if (req.url === "/slow") return setTimeout(() => res.writeHead(200).end("late"), 1_000);
      res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const target = (path: string, host = "receiver.invalid") => ({
  url: new URL(`http://${host}:${port}${path}`),
  address: "127.0.0.1",
  family: 4 as const,
});

describe("postJson", () => {
  it("connects to the checked address only, sending the host name, headers and body as given", async () => {
    const r = await postJson(target("/hook?x=1"), { "webhook-id": "msg_1" }, '{"a":1}', 5_000);
    expect(r).toMatchObject({ status: 200, error: null, body: "thanks" });
    const got = seen.at(-1)!;
    expect(got.host).toBe(`receiver.invalid:${port}`);
    expect(got.url).toBe("/hook?x=1");
    expect(got.body).toBe('{"a":1}');
    expect(got.headers).toMatchObject({
      "webhook-id": "msg_1",
      "content-type": "application/json",
      "content-length": "7",
      "user-agent": "Switchboard-Webhooks/1.0",
    });
  });

  it("does not follow redirects", async () => {
    const before = seen.length;
    const r = await postJson(target("/redirect"), {}, "{}", 5_000);
    expect(r.status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it("keeps at most 1 KB of a large response", async () => {
    const r = await postJson(target("/big", "big.invalid"), {}, "{}", 5_000);
    expect(r.status).toBe(200);
    expect(Buffer.byteLength(r.body!)).toBeLessThanOrEqual(1024);
    expect(r.body!.startsWith("éé")).toBe(true);
  });

  it("gives up after the timeout and reports it, never throwing", async () => {
    const r = await postJson(target("/slow", "slow.invalid"), {}, "{}", 200);
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/timed out after 200 ms/);
    expect(r.latencyMs).toBeLessThan(900);
  });

  it("reports a refused connection as an error", async () => {
    const closed = { url: new URL("http://gone.invalid:9/"), address: "127.0.0.1", family: 4 as const };
    const r = await postJson(closed, {}, "{}", 2_000);
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/ECONNREFUSED/);
  });
});
