import http from "node:http";
import net from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "@/lib/api/app";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, multipart } from "@/test/promotion-uploads";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { createRequestListener } from "./request-listener";

// E1 refused a streamed upload early (400 "not a CSV") and answered
// `Connection: keep-alive`, then closed the socket, so a client's next request on that
// connection got nothing. Over a real socket, two requests on one connection.

let server: http.Server;
let port: number;
let t: TestBusiness;
let tpl: string;

beforeAll(async () => {
  t = await createTestBusiness();
  tpl = (await approvedTemplate(t.business.id)).name;
  const listener = createRequestListener({
    api: getRequestListener(createApiApp().fetch),
    trustProxy: false,
    dev: false,
  });
  server = http.createServer(listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Everything the server sends on one connection until it closes or `until` matches. */
function exchange(requests: Buffer[], until: (text: string) => boolean, ms = 15_000) {
  return new Promise<{ text: string; closed: boolean }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    const timer = setTimeout(finish, ms);
    socket.on("data", (c: Buffer) => {
      text += c.toString("latin1");
      if (until(text)) finish();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      closed = true;
      finish();
    });
    // The second request goes out once the first answer is in, as a keep-alive client does.
    socket.write(requests[0]!);
    let sent = 1;
    socket.on("data", () => {
      if (sent < requests.length && /\r\n\r\n/.test(text) && answers(text) >= sent) {
        socket.write(requests[sent++]!);
      }
    });
  });
}
const answers = (text: string) => (text.match(/^HTTP\/1\.1 \d{3}/gm) ?? []).length;

function e1Request(file: Buffer): Buffer {
  const { body, contentType } = multipart([
    { name: "body", value: JSON.stringify(chatappLaunch(tpl, phoneOf(t))) },
    { name: "file", value: file, filename: "list.csv", type: "text/csv" },
  ]);
  const head =
    `POST /api/v2/promotion/${t.business.id}/template/launch?name=ka HTTP/1.1\r\n` +
    `Host: 127.0.0.1\r\nX-Api-Key: ${t.apiKey}\r\nContent-Type: ${contentType}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}
const health = Buffer.from("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");

/** One request through `agent`: status, headers, body and the local port of its socket. */
function request(agent: http.Agent, raw: Buffer) {
  const [head, ...rest] = raw.toString("latin1").split("\r\n\r\n");
  const [line, ...headerLines] = head!.split("\r\n");
  const [method, path] = line!.split(" ");
  const headers = Object.fromEntries(headerLines.map((h) => h.split(": ") as [string, string]));
  delete headers.Connection;
  const body = Buffer.from(rest.join("\r\n\r\n"), "latin1");
  return new Promise<{ status: number; connection: string | undefined; text: string; localPort: number }>(
    (resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            text: Buffer.concat(chunks).toString(),
            localPort: req.socket!.localPort!,
          }),
        );
      });
      req.on("error", reject);
      req.end(body.length > 0 ? body : undefined);
    },
  );
}

describe("a request refused before its body is read", () => {
  it("a keep-alive agent's next request succeeds (a 32 MiB upload refused at its first bytes)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await request(agent, e1Request(Buffer.alloc(32 * 1024 * 1024, 0)));
      expect(refused.status).toBe(400);
      expect(refused.text).toMatch(/not a CSV/);
      expect(refused.connection).toBe("close");
      for (let i = 0; i < 3; i++) expect((await request(agent, health)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("keeps the connection when the whole body had arrived (a small refused upload, a JSON request)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const small = await request(agent, e1Request(Buffer.alloc(8 * 1024, 0)));
      expect(small.status).toBe(400);
      expect(small.connection).toBe("keep-alive");
      const next = await request(agent, health);
      expect(next.status).toBe(200);
      expect(next.localPort).toBe(small.localPort);
    } finally {
      agent.destroy();
    }
  });

  it("the next request on the connection is answered, or the refusal said Connection: close", async () => {
    // A binary file of 8 MiB: refused at its first 4 KiB, long before the body has arrived.
    const file = Buffer.alloc(8 * 1024 * 1024, 0);
    const { text } = await exchange([e1Request(file), health], (s) => answers(s) >= 2);
    const first = text.split(/(?=^HTTP\/1\.1 )/m)[0]!;
    expect(first).toMatch(/^HTTP\/1\.1 400/);
    expect(first).toMatch(/not a CSV/);
    const keepAlive = !/^connection: close\r$/im.test(first);
    if (keepAlive) expect(answers(text), text.slice(0, 600)).toBe(2);
    else expect(answers(text)).toBe(1);
  });
});
