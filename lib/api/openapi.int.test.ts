import { describe, expect, it } from "vitest";
import { api } from "@/test/api";

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with the three auth schemes", async () => {
    const res = await api("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    expect(Object.keys(res.json.components.securitySchemes).sort()).toEqual([
      "ApiKeyHeader",
      "ApiKeyQuery",
      "BearerAuth",
    ]);
    expect(res.json.components.securitySchemes.ApiKeyQuery).toMatchObject({ in: "query", name: "apikey" });
    expect(res.json.paths["/api/v3/business/{business_id}/channels"].get).toBeDefined();
  });
});

describe("health", () => {
  it("reports liveness and readiness", async () => {
    expect((await api("/api/health")).json).toEqual({ status: "ok" });
    const ready = await api("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ready", checks: { database: true, queue: true } });
  });
});
