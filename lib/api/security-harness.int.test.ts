import type { RouteConfig } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { systemCtx } from "@/lib/context";
import { uuidv7 } from "@/lib/ids";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { createApiApp } from "./app";
import { bodyLimitOf } from "./body-policy";
import { operations } from "./operations";

/**
 * The security cases every operation taking the business's API key must pass, run on each
 * route of every such operation in the registry (lib/api/operations.ts): an operation added
 * there is covered without touching this file. Statuses are the API's (docs/api.md,
 * docs/architecture.md rules 3 and 5): no key, a revoked key and another business's id in the
 * path are 401; a malformed JSON body and text PostgreSQL cannot store are 400; a body over the
 * route's limit is 413.
 */
const app = createApiApp();
const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Probe = { op: string; method: string; path: string; route: RouteConfig; asUser: boolean };

const probes: Probe[] = operations.flatMap((op) =>
  op.auth === "business" || op.auth === "business-user"
    ? op.routes.map((route) => ({
        op: `${route.method.toUpperCase()} ${route.path}${op.spec ? ` (${op.spec})` : ""}`,
        method: route.method.toUpperCase(),
        path: route.path,
        route,
        asUser: op.auth === "business-user",
      }))
    : [],
);

const namesBusiness = (p: Probe) => /\{(business_id|tenant_id)\}/.test(p.path);
const takesJson = (p: Probe) => Boolean(p.route.request?.body?.content?.["application/json"]);

/** The path with the business's id (or `businessId`) and fresh ids for the other parameters. */
function pathOf(p: Probe, businessId: string): string {
  return p.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === "business_id" || name === "tenant_id" ? businessId : uuidv7(),
  );
}

/** The documented error body (rule 3), its request id the response's. */
function expectError(res: { status: number; headers: Headers; json: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.json?.error).toMatchObject({ code, message: expect.any(String), details: expect.any(Array) });
  expect(res.json.error.requestId).toBe(res.headers.get("x-request-id"));
}

describe("security harness: every operation on the business's API key", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let revoked: TestBusiness;

  beforeAll(async () => {
    [a, b, revoked] = await Promise.all([createTestBusiness(), createTestBusiness(), createTestBusiness()]);
    await revokeApiKey(systemCtx(), { businessId: revoked.business.id, id: revoked.keyId });
  });

  /** Calls `p` as business `t` would (its key, its admin's email), with `init`'s changes. */
  async function call(
    p: Probe,
    t: TestBusiness,
    init: { key?: string | null; businessId?: string; body?: string; email?: string } = {},
  ) {
    // channel=rcs: A5's required query; the G routes' acting user.
    const email = init.email ?? t.admin.email;
    const query = new URLSearchParams({ channel: "rcs", ...(p.asUser ? { email } : {}) });
    const headers: Record<string, string> = {};
    const key = init.key === undefined ? t.apiKey : init.key;
    if (key !== null) headers["x-api-key"] = key;
    if (init.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(init.body));
    }
    const url = `${pathOf(p, init.businessId ?? t.business.id)}?${query}`;
    const res = await app.request(url, { method: p.method, headers, body: init.body });
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  it("walks every operation of the registry that takes the key", () => {
    expect(probes.length).toBeGreaterThanOrEqual(60);
    expect(probes.map((p) => p.op)).toContain("POST /api/v3/message/{business_id}/template (A1)");
    expect(probes.map((p) => p.op)).toContain("POST /api/v1/message/{business_id}/template (A1)");
  });

  it("knows every route the app serves: each belongs to an operation of the registry", () => {
    const registered = new Set(
      operations.flatMap((op) =>
        op.routes.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    const infrastructure = ["/*", "/api/health", "/api/ready", "/api/openapi.json"];
    const served = app.routes
      .filter((r) => !infrastructure.includes(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(served.filter((r) => !registered.has(r))).toEqual([]);
  });

  for (const p of probes) {
    describe(p.op, () => {
      it("no key: 401 with the error body", async () => {
        const res = await call(p, a, { key: null });
        expectError(res, 401, "unauthorized");
        expect(res.json.error.message).toMatch(/x-api-key/);
      });

      it("a revoked key: 401", async () => {
        const res = await call(p, revoked);
        expectError(res, 401, "unauthorized");
        expect(res.json.error.message).toMatch(/revoked/);
      });

      if (namesBusiness(p)) {
        it("another business's key on this business's path: 401, nothing of it shown", async () => {
          const res = await call(p, b, { businessId: a.business.id });
          expectError(res, 401, "unauthorized");
          expect(res.json.error.message).toMatch(/does not belong/);
          expect(res.text).not.toContain(a.business.name);
        });
      }

      if (p.asUser) {
        it("another business's key with this business's user: 401", async () => {
          const res = await call(p, b, { email: a.admin.email });
          expectError(res, 401, "unauthorized");
        });
      }

      if (takesJson(p)) {
        it("a malformed JSON body: 400", async () => {
          const res = await call(p, a, { body: '{"a": [1, 2' });
          expectError(res, 400, "invalid_request");
          expect(res.json.error.message).toMatch(/JSON/);
        });
      }

      if (WRITE.has(p.method)) {
        it("NUL in a text field: 400 naming it", async () => {
          const res = await call(p, a, { body: JSON.stringify({ text: "a\u0000b" }) });
          expectError(res, 400, "invalid_request");
          expect(res.json.error.details[0]).toMatchObject({ path: "text" });
        });

        it("a body over the route's limit: 413", async () => {
          const limit = bodyLimitOf({
            req: { path: pathOf(p, a.business.id), header: () => "application/json" },
          } as never);
          const body = `{"a":"${"x".repeat(limit - 7)}"}`;
          expect(Buffer.byteLength(body)).toBe(limit + 1);
          expectError(await call(p, a, { body }), 413, "payload_too_large");
        });
      }
    });
  }
});
