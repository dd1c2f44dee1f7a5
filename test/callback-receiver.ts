import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };

/**
 * A local callback receiver for tests: records every request and answers with what
 * `respond` returns (200 by default). `down()` stops listening, `up()` listens again on the
 * same port, to simulate an outage.
 */
export async function startReceiver(
  respond: (r: Received, n: number) => number | Promise<number> = () => 200,
) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      const status = await respond(r, received.length);
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : `error ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
