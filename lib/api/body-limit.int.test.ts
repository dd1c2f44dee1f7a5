import { getRequestListener } from "@hono/node-server";
import http, { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestListener } from "../server/request-listener";
import { createApiApp } from "./app";

// Over a real socket, as clients reach the server: declared lengths are judged by the header,
// chunked bodies by counting the stream. The server's own listener (lib/server/start.ts): an
// answer given before the body has arrived closes the connection gently
// (close-when-body-unread.ts); a bare @hono/node-server reset it when its half-second drain
// ran out on a loaded machine, and the client saw "socket hang up" instead of the 401.
let server: http.Server;
let port: number;
beforeAll(async () => {
  const listener = createRequestListener({
    api: getRequestListener(createApiApp().fetch),
    trustProxy: false,
    dev: false,
  });
  server = http.createServer(listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function post(chunks: string[], headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/v3/message/00000000-0000-4000-8000-000000000000/template",
        headers,
      },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe("body limit over HTTP", () => {
  const json = { "content-type": "application/json" };

  it("refuses a declared length over the limit with 413 without reading the body", async () => {
    const body = "x".repeat(1024 * 1024 + 1);
    const r = await post([body], { ...json, "content-length": String(body.length) });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.code).toBe("payload_too_large");
  });

  it("counts a chunked body and refuses it once it passes the limit", async () => {
    const chunk = "x".repeat(256 * 1024);
    const r = await post([chunk, chunk, chunk, chunk, chunk], { ...json, "transfer-encoding": "chunked" });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.code).toBe("payload_too_large");
  });

  it("lets a small chunked body through to the route (stopped there by the missing key)", async () => {
    const r = await post(['{"a":', "1}"], { ...json, "transfer-encoding": "chunked" });
    expect(r.status).toBe(401);
  });
});
