import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A callback receiver on loopback (the e2e server allows private callback URLs); answers 200. */
export async function startReceiver(path = "/e2e-hook") {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("received");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    got,
    bodies: () => got.map((g) => JSON.parse(g.body) as Record<string, unknown>),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** What a receiver does (docs/callbacks.md): HMAC-SHA256 over id.timestamp.body with the whsec_ key. */
export function signatureValid(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key)
    .update(`${r.headers["webhook-id"]}.${r.headers["webhook-timestamp"]}.${r.body}`)
    .digest();
  return String(r.headers["webhook-signature"])
    .split(" ")
    .some((part) => {
      const given = Buffer.from(part.replace(/^v1,/, ""), "base64");
      return part.startsWith("v1,") && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
