import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type FakeReply = {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
};

/**
 * A local HTTP server for provider tests: records every request and answers with what the
 * test's `reply` returns, so adapters are exercised over a real socket and real wire formats.
 */
export async function startFakeServer(reply: (req: RecordedRequest) => FakeReply | Promise<FakeReply>) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const r = await reply(recorded);
      if (r.delayMs) await new Promise((done) => setTimeout(done, r.delayMs));
      if (res.destroyed) return;
      res.writeHead(r.status ?? 200, { "content-type": "application/json", ...r.headers });
      res.end(r.json === undefined ? "" : JSON.stringify(r.json));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
