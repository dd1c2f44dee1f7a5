import { expect, test } from "@playwright/test";

// Black-box checks of the running server: what an integrator sees before they have a key.

test("health and readiness answer", async ({ request }) => {
  expect((await request.get("/api/health")).status()).toBe(200);
  expect((await request.get("/api/ready")).status()).toBe(200);
});

test("a missing or unknown key gets 401 with the error shape and a request id", async ({ request }) => {
  const url = "/api/v3/business/00000000-0000-7000-8000-000000000000/channels";
  const attempts: Record<string, string>[] = [{}, { "x-api-key": "sb_live_notarealkeynotarealkeynotareal" }];
  for (const headers of attempts) {
    const res = await request.get(url, { headers });
    expect(res.status()).toBe(401);
    expect(res.headers()["x-request-id"]).toBeTruthy();
    const body = await res.json();
    expect(body.error).toMatchObject({ code: "unauthorized" });
    expect(typeof body.error.message).toBe("string");
  }
});

test("an unknown API path is a JSON 404", async ({ request }) => {
  const res = await request.get("/api/v3/no-such-thing");
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe("not_found");
});

test("the OpenAPI document lists the three auth schemes", async ({ request }) => {
  const doc = await (await request.get("/api/openapi.json")).json();
  expect(doc.openapi).toMatch(/^3\.1/);
  expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
    "ApiKeyHeader",
    "ApiKeyQuery",
    "BearerAuth",
  ]);
});
