import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRequestListener } from "./request-listener";
import { SERVER_ACTION_BODY_LIMIT } from "./server-action-guard";

// A server action's body that Next.js cannot decode (invalid JSON,
// 100,000-deep arrays, over 1 MB) answered 500. The process's real request listener on a
// socket; in place of Next.js, a handler that records what reached it (e2e/api/
// malformed-bodies.spec.ts runs the same bodies against the built Next.js).

type Reached = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: Buffer };
const reached: Reached[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  const web = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      reached.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "text/x-component" }).end("ok");
    });
  };
  const api = (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(599).end();
  server = http.createServer(createRequestListener({ api, web, trustProxy: false, dev: false }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  reached.length = 0;
});

const ACTION = { "next-action": "40b1e557c61ccfd6c5231b3333943f763d12f167ae" };
const TEXT = "text/plain;charset=UTF-8";
const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
function multipart(fields: Record<string, string>, boundary = "sbguard") {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join("")}--${boundary}--\r\n` };
}

async function post(headers: Record<string, string>, body: BodyInit) {
  const res = await fetch(`${base}/settings`, { method: "POST", headers, body });
  const text = await res.text();
  let shape = "ok";
  let message: string | undefined;
  try {
    const e = (JSON.parse(text) as { error: Record<string, unknown> }).error;
    message = e.message as string;
    if (typeof e.code !== "string" || !Array.isArray(e.details) || typeof e.requestId !== "string") {
      shape = `bad shape: ${text.slice(0, 100)}`;
    }
  } catch {
    shape = `not JSON: ${text.slice(0, 100)}`;
  }
  return { status: res.status, shape, message, connection: res.headers.get("connection") };
}

describe("server actions: bodies Next.js cannot decode are refused before it", () => {
  const cases: Record<string, { type?: string; body: BodyInit; status: number; message: RegExp }> = {
    "invalid JSON": { type: TEXT, body: '["a", {', status: 400, message: /not valid JSON/ },
    "100,000-deep arrays": { type: TEXT, body: deep(100_000), status: 400, message: /deeper than 64/ },
    "100,000-deep objects": { type: TEXT, body: '{"a":'.repeat(100_000), status: 400, message: /deeper/ },
    "over 1 MB": {
      type: TEXT,
      body: JSON.stringify(["x".repeat(SERVER_ACTION_BODY_LIMIT)]),
      status: 413,
      message: /larger than the limit of 1048576 bytes/,
    },
    "invalid UTF-8": {
      type: TEXT,
      body: new Uint8Array(Buffer.concat([Buffer.from('["a'), Buffer.from([0xc3, 0x28]), Buffer.from('"]')])),
      status: 400,
      message: /not valid UTF-8/,
    },
    "JSON content type": {
      type: "application/json",
      body: "[]",
      status: 415,
      message: /text\/plain or multipart/,
    },
    "no content type": { body: new Uint8Array([0x5b, 0x5d]), status: 415, message: /\(none\)/ },
    "multipart without a boundary": {
      type: "multipart/form-data",
      body: "--x--",
      status: 400,
      message: /multipart/,
    },
    "multipart, cut short": {
      type: "multipart/form-data; boundary=sbguard",
      body: '--sbguard\r\nContent-Disposition: form-data; name="0"\r\n\r\n[',
      status: 400,
      message: /Malformed multipart/,
    },
    "multipart, 100,000-deep row": {
      ...multipart({ "0": deep(100_000) }),
      status: 400,
      message: /Argument row 0 nest deeper/,
    },
    "multipart, a field that is not UTF-8": {
      type: "multipart/form-data; boundary=sbguard",
      body: new Uint8Array(
        Buffer.concat([
          Buffer.from('--sbguard\r\nContent-Disposition: form-data; name="name"\r\n\r\nJos'),
          Buffer.from([0xe9]), // Latin-1 é
          Buffer.from("\r\n--sbguard--\r\n"),
        ]),
      ),
      status: 400,
      message: /Form field name is not UTF-8 text/,
    },
    "multipart, invalid JSON row": {
      ...multipart({ "1": '{"a":' }),
      status: 400,
      message: /row 1 are not valid JSON/,
    },
  };
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: ${c.status} with the error body; Next.js never sees it`, async () => {
      const res = await post({ ...ACTION, ...(c.type ? { "content-type": c.type } : {}) }, c.body);
      expect(res).toMatchObject({ status: c.status, shape: "ok" });
      expect(res.message).toMatch(c.message);
      expect(reached).toEqual([]);
    });
  }

  it("a body without Content-Length is refused as it passes 1 MB, not read to its end", async () => {
    const port = Number(new URL(base).port);
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString()));
    socket.on("error", () => undefined);
    const closed = new Promise((r) => socket.on("close", r));
    socket.write(
      `POST /settings HTTP/1.1\r\nHost: x\r\nNext-Action: ${ACTION["next-action"]}\r\n` +
        `Content-Type: ${TEXT}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const framed = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    let sent = 0;
    // Up to 64 MiB as fast as the server takes it, stopping when the answer is in.
    while (!answer && sent < 64 * 1024 * 1024 && !socket.destroyed) {
      sent += chunk.length;
      if (!socket.write(framed)) await Promise.race([new Promise((r) => socket.once("drain", r)), closed]);
    }
    await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/"code":"payload_too_large"/);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(reached).toEqual([]);
  });
});

describe("server actions: what passes reaches Next.js byte for byte", () => {
  it("a text call, with its headers", async () => {
    const body = JSON.stringify([{ email: "é@example.test", nested: [[[1]]] }, "$undefined"]);
    const res = await fetch(`${base}/settings?x=1`, {
      method: "POST",
      headers: { ...ACTION, "content-type": TEXT, "x-extra": "kept" },
      body,
    });
    expect(res.status).toBe(200);
    expect(reached).toHaveLength(1);
    expect(reached[0]!.method).toBe("POST");
    expect(reached[0]!.url).toBe("/settings?x=1");
    expect(reached[0]!.headers["x-extra"]).toBe("kept");
    expect(reached[0]!.body.toString()).toBe(body);
  });

  it("a multipart call with a file and the user's own fields (not JSON)", async () => {
    const form = new FormData();
    form.set("0", '["$K1"]');
    form.set("1_name", "[[[ not JSON, the user's text");
    form.set("1_note", "a replacement character typed as one: \uFFFD");
    form.set("1_file", new Blob([new Uint8Array([0, 1, 2, 255])]), "a.bin");
    const req = new Request("http://x", { method: "POST", body: form });
    const bytes = Buffer.from(await req.arrayBuffer());
    const res = await fetch(`${base}/settings`, {
      method: "POST",
      headers: { ...ACTION, "content-type": req.headers.get("content-type")! },
      body: new Uint8Array(bytes),
    });
    expect(res.status).toBe(200);
    expect(reached[0]!.body.equals(bytes)).toBe(true);
  });

  it("a form posted to a page without Next-Action (Next.js tries it as an action) is checked too", async () => {
    const broken = await post(
      { "content-type": "multipart/form-data; boundary=b" },
      '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nab',
    );
    expect(broken).toMatchObject({ status: 400, shape: "ok" });
    const large = multipart({ x: "a".repeat(SERVER_ACTION_BODY_LIMIT) });
    expect(await post({ "content-type": large.type }, large.body)).toMatchObject({
      status: 413,
      shape: "ok",
    });
    expect(reached).toEqual([]);
    const form = multipart({ $ACTION_ID_40b1: "", email: "a@b.c" });
    const ok = await fetch(`${base}/login`, {
      method: "POST",
      headers: { "content-type": form.type },
      body: form.body,
    });
    expect(ok.status).toBe(200);
    expect(reached[0]!.body.toString()).toBe(form.body);
  });

  it("the route handlers' own POSTs pass untouched, broken forms and all (they answer for themselves)", async () => {
    const broken = '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nab';
    for (const path of [
      "/inbox/media",
      "/templates/media",
      "/campaigns/lists/upload",
      "/api/auth/callback/credentials",
    ]) {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=b" },
        body: broken,
      });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    expect(reached.map((r) => r.body.toString())).toEqual(new Array(4).fill(broken));
  });

  it("a POST without Next-Action (a route handler's, a page's) is not touched", async () => {
    const res = await fetch(`${base}/settings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: deep(1_000),
    });
    expect(res.status).toBe(200);
    expect(reached[0]!.body.toString()).toBe(deep(1_000));
  });
});
