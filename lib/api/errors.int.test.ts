import { createRoute, z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "./app";
import { apiKeyAuth } from "./auth";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

// A probe route mounted on the real app: it exercises the shared middleware chain
// (request id, body limit, content type, validation hook, error mapping) like any route.
const app = createApiApp();
app.openapi(
  createRoute({
    method: "post",
    path: "/api/v3/probe/{business_id}",
    middleware: [apiKeyAuth] as const,
    request: {
      params: z.object({ business_id: z.string() }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({ message: z.object({ name: z.string(), count: z.number().int().max(10) }) }),
          },
        },
      },
    },
    responses: { 200: { description: "ok" } },
  }),
  (c) => c.json({ ok: true, name: c.req.valid("json").message.name }, 200),
);
app.get("/api/v3/boom", () => {
  throw new Error("secret database password is hunter2");
});

async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (typeof init.body === "string") headers["content-length"] ??= String(Buffer.byteLength(init.body));
  const res = await app.request(path, { ...init, headers });
  const text = await res.text();
  return { res, text, json: text.startsWith("{") ? JSON.parse(text) : undefined };
}

describe("error model", () => {
  let t: TestBusiness;
  let url: string;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestBusiness();
    url = `/api/v3/probe/${t.business.id}`;
    auth = { "x-api-key": t.apiKey, "content-type": "application/json" };
  });

  it("accepts a valid body", async () => {
    const r = await call(url, { method: "POST", headers: auth, body: '{"message":{"name":"a","count":1}}' });
    expect(r.res.status).toBe(200);
    expect(r.json).toEqual({ ok: true, name: "a" });
  });

  it("answers malformed JSON with 400 invalid_request", async () => {
    const r = await call(url, { method: "POST", headers: auth, body: '{"message": {' });
    expect(r.res.status).toBe(400);
    expect(r.json.error.code).toBe("invalid_request");
    expect(r.json.error.message).toMatch(/JSON/i);
  });

  it("names the path of each validation problem", async () => {
    const r = await call(url, { method: "POST", headers: auth, body: '{"message":{"count":11}}' });
    expect(r.res.status).toBe(400);
    const paths = r.json.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["message.count", "message.name"]);
    expect(r.json.error.message).toMatch(/message\./);
  });

  it("answers a wrong content type with 415", async () => {
    const r = await call(url, {
      method: "POST",
      headers: { ...auth, "content-type": "text/plain" },
      body: "name=a",
    });
    expect(r.res.status).toBe(415);
    expect(r.json.error.code).toBe("unsupported_media_type");
    expect(r.json.error.message).toMatch(/application\/json/);
  });

  it("answers an oversized body with 413 before reading it all", async () => {
    const big = JSON.stringify({ message: { name: "x".repeat(2 * 1024 * 1024), count: 1 } });
    const r = await call(url, { method: "POST", headers: auth, body: big });
    expect(r.res.status).toBe(413);
    expect(r.json.error.code).toBe("payload_too_large");
  });

  it("lets the bulk send (B1) carry a larger body than other routes", async () => {
    const big = JSON.stringify({
      subscribers: [{ subscriberId: "1", variables: ["x".repeat(2 * 1024 * 1024)] }],
    });
    const bulk = await call(`/api/v2/message/${t.business.id}/template`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(bulk.res.status).toBe(401); // past the body limit, stopped by the missing key
    const other = await call(url, { method: "POST", headers: auth, body: big });
    expect(other.res.status).toBe(413);
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const r = await call("/api/v2/nothing/here");
    expect(r.res.status).toBe(404);
    expect(r.res.headers.get("content-type")).toMatch(/application\/json/);
    expect(r.json.error.code).toBe("not_found");
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const r = await call(`/api/v3/business/${t.business.id}/channels`, { method: "DELETE" });
    expect(r.res.status).toBe(405);
    expect(r.res.headers.get("allow")).toBe("GET");
    expect(r.json.error.code).toBe("method_not_allowed");
  });

  it("never leaks internals in a 500", async () => {
    const r = await call("/api/v3/boom");
    expect(r.res.status).toBe(500);
    expect(r.json.error.code).toBe("internal");
    expect(r.text).not.toContain("hunter2");
    expect(r.text).not.toMatch(/at .*\.ts/);
    expect(r.json.error.requestId).toBe(r.res.headers.get("x-request-id"));
  });

  it("puts x-request-id on every response and echoes a sane incoming one", async () => {
    const own = await call("/api/health", { headers: { "x-request-id": "req-12345678" } });
    expect(own.res.headers.get("x-request-id")).toBe("req-12345678");
    const fresh = await call("/api/health", { headers: { "x-request-id": "<script>" } });
    expect(fresh.res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
