import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "../ui/helpers";

// Against the built server (Next.js as it runs in production):
// server actions whose body Next.js cannot decode, and dashboard uploads whose body is not a
// form, each answered 500. Each must be a 4xx with the API's error body.

const distDir = process.env.NEXT_DIST_DIR ?? ".next";

/** The id of the server action `name` (the build's manifest), posted to /login where it runs. */
function actionId(name: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string }> };
  const found = Object.entries(manifest.node).find(([, a]) => a.exportedName === name);
  if (!found) throw new Error(`no server action ${name} in the build`);
  return found[0];
}

type Answer = { status: number; shape: string };

async function answerOf(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<Answer> {
  const text = await res.text();
  let e: Record<string, unknown> | undefined;
  try {
    e = (JSON.parse(text) as { error?: Record<string, unknown> }).error;
  } catch {
    return { status: res.status(), shape: `not JSON: ${text.slice(0, 100)}` };
  }
  const ok =
    typeof e?.code === "string" &&
    typeof e.message === "string" &&
    Array.isArray(e.details) &&
    typeof e.requestId === "string";
  return { status: res.status(), shape: ok ? "ok" : `bad shape: ${text.slice(0, 100)}` };
}

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
function multipart(fields: Record<string, string>, boundary = "sbfuzz") {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join("")}--${boundary}--\r\n` };
}

test.describe("server actions with a body Next.js cannot decode", () => {
  const post = (request: APIRequestContext, type: string | undefined, data: string | Buffer) =>
    request.post("/login", {
      headers: { "next-action": actionId("signInAction"), ...(type ? { "content-type": type } : {}) },
      data,
      maxRedirects: 0,
    });
  const text = "text/plain;charset=UTF-8";
  const cases: Record<string, { type?: string; body: string | Buffer; status: number }> = {
    "invalid JSON": { type: text, body: '["a", {', status: 400 },
    "100,000-deep arrays": { type: text, body: deep(100_000), status: 400 },
    "over 1 MB": { type: text, body: JSON.stringify(["x".repeat(1_100_000)]), status: 413 },
    "invalid UTF-8": {
      type: text,
      body: Buffer.concat([Buffer.from('["a'), Buffer.from([0xff, 0xfe]), Buffer.from('"]')]),
      status: 400,
    },
    "JSON content type": { type: "application/json", body: "[]", status: 415 },
    "multipart, cut short": {
      type: "multipart/form-data; boundary=sbfuzz",
      body: "--sbfuzz\r\nContent-Dis",
      status: 400,
    },
    "multipart, 100,000-deep row": { ...multipart({ "0": deep(100_000) }), status: 400 },
    "multipart, invalid JSON row": { ...multipart({ "0": '{"a":' }), status: 400 },
  };
  for (const [name, c] of Object.entries(cases)) {
    test(name, async ({ request }) => {
      expect(await answerOf(await post(request, c.type, c.body))).toEqual({ status: c.status, shape: "ok" });
    });
  }

  test("a form posted to a page without Next-Action (Next.js tries it as an action)", async ({ request }) => {
    const broken = await request.post("/settings", {
      headers: { "content-type": "multipart/form-data; boundary=b" },
      data: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nab',
      maxRedirects: 0,
    });
    expect(await answerOf(broken)).toEqual({ status: 400, shape: "ok" });
    const large = multipart({ x: "a".repeat(1_100_000) });
    const tooLarge = await request.post("/login", {
      headers: { "content-type": large.type },
      data: large.body,
      maxRedirects: 0,
    });
    expect(await answerOf(tooLarge)).toEqual({ status: 413, shape: "ok" });
  });

  test("a well-formed call still reaches the action", async ({ request }) => {
    const res = await post(
      request,
      text,
      JSON.stringify([{ email: "nobody@example.test", password: "wrong-password" }]),
    );
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/text\/x-component/);
  });
});

test.describe("dashboard uploads with a body that is not a form", () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signIn(page, E2E_ADMIN);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  const cases: Record<string, { type?: string; body: string; status: number }> = {
    JSON: { type: "application/json", body: '{"file":"x"}', status: 415 },
    text: { type: "text/plain", body: "hello", status: 415 },
    "multipart without a boundary": { type: "multipart/form-data", body: "--x\r\n", status: 400 },
    "multipart, cut short": {
      type: "multipart/form-data; boundary=sbfuzz",
      body: '--sbfuzz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
      status: 400,
    },
  };
  for (const route of ["/inbox/media", "/templates/media"]) {
    for (const [name, c] of Object.entries(cases)) {
      test(`${route}, ${name}`, async () => {
        const res = await page.request.post(route, {
          headers: c.type ? { "content-type": c.type } : {},
          data: c.body,
        });
        expect(await answerOf(res)).toEqual({ status: c.status, shape: "ok" });
      });
    }
  }

  for (const route of ["/inbox/media", "/templates/media"]) {
    test(`${route}: 100 MiB without Content-Length gets its 413 at the limit, on a closed connection`, async ({
      baseURL,
    }) => {
      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      const url = new URL(baseURL!);
      const socket = net.connect(Number(url.port), url.hostname);
      let answer = "";
      socket.on("data", (c: Buffer) => (answer += c.toString("latin1")));
      socket.on("error", () => undefined);
      const closed = new Promise((r) => socket.on("close", r));
      socket.write(
        `POST ${route} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const head = '--b\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-';
      socket.write(`${Buffer.byteLength(head).toString(16)}\r\n${head}\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const framed = Buffer.concat([
        Buffer.from(`${chunk.length.toString(16)}\r\n`),
        chunk,
        Buffer.from("\r\n"),
      ]);
      let sent = 0;
      while (!answer && sent < 100 * 1024 * 1024 && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(framed)) await Promise.race([new Promise((r) => socket.once("drain", r)), closed]);
      }
      await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
      socket.destroy();
      expect(answer, `after ${sent} bytes sent`).toMatch(/^HTTP\/1\.1 413/);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toMatch(/"code":"payload_too_large"/);
      // The limit (16 MiB and the form) plus what the kernel held when it answered: loopback's
      // receive buffer grows to 32 MiB (tcp_rmem) and the send buffer to 4 MiB, so a server slow
      // to answer under load sees the client 52 MiB in without having read past its limit. (A
      // bound of 24 MiB failed CI once on a loaded machine.) A server reading to the end would
      // take all 100 MiB.
      expect(sent).toBeLessThan(64 * 1024 * 1024);
    });
  }
});
