import { describe, expect, it } from "vitest";
import { errorCodes, errorStatus } from "@/lib/errors";
import { sendTemplateInput } from "@/lib/messages/schemas";
import { createChatappTemplateInput } from "@/lib/templates/chatapp-schemas";
import { api } from "@/test/api";

describe("GET /api/openapi.json", () => {
  it("is made once: the same bytes each time, with an ETag that answers 304", async () => {
    const t0 = performance.now();
    const first = await api("/api/openapi.json");
    const t1 = performance.now();
    const second = await api("/api/openapi.json");
    const t2 = performance.now();
    console.log(`openapi.json: first ${Math.round(t1 - t0)} ms, then ${Math.round(t2 - t1)} ms`);
    expect(second.text).toBe(first.text);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.get("etag")).toBe(etag);
    const again = await api("/api/openapi.json", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

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

describe("the Error schema in the OpenAPI document", () => {
  it("lists every error code the API answers as an enum", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const code = doc.components.schemas.Error.properties.error.properties.code;
    expect(code.enum).toEqual(errorCodes);
    expect(code.enum).toEqual(Object.keys(errorStatus));
    expect(code.enum).toContain("rate_limited");
  });
});

describe("the carousel message component in the OpenAPI document", () => {
  it("is one of the A1 (v3 and v1) and B1 message components, with cards and an integer card_index", async () => {
    const doc = (await api("/api/openapi.json")).json;
    for (const path of [
      "/api/v3/message/{business_id}/template",
      "/api/v1/message/{business_id}/template",
      "/api/v2/message/{business_id}/template",
    ]) {
      const body = doc.paths[path].post.requestBody.content["application/json"].schema;
      const options = body.properties.message.properties.components.items.oneOf;
      const carousel = options.find((o: { properties: { componentType: { enum: string[] } } }) =>
        o.properties.componentType.enum.includes("carousel"),
      );
      expect(carousel, path).toBeDefined();
      expect(carousel.required).toEqual(["componentType", "cards"]);
      expect(carousel.properties.cards).toMatchObject({ type: "array", minItems: 1, maxItems: 10 });
      expect(carousel.properties.cards.items.properties.card_index).toMatchObject({
        type: "integer",
        minimum: 0,
        maximum: 9,
      });
      const card = carousel.properties.cards.items.properties.components.items;
      expect(card.properties.sub_type.enum).toEqual(["url", "quick_reply"]);
    }
    const example =
      doc.paths["/api/v3/message/{business_id}/template"].post.requestBody.content["application/json"]
        .examples.carousel.value;
    expect(sendTemplateInput.safeParse(example).success).toBe(true);
  });
});

describe("health", () => {
  it("reports liveness and readiness", async () => {
    expect((await api("/api/health")).json).toEqual({ status: "ok" });
    const ready = await api("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({
      status: "ready",
      checks: { database: true, queue: true, migrations: true },
      reasons: [],
    });
  });
});

describe("D1 in the OpenAPI document", () => {
  it("documents the body's fields and shows a TEXT header and an authentication template, both valid", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const body = doc.paths["/api/v1/template/{business_id}"].post.requestBody.content["application/json"];
    expect(Object.keys(body.schema.properties).sort()).toEqual([
      "category",
      "components",
      "language",
      "name",
    ]);
    expect(body.schema.properties.components.description).toMatch(/AUTHENTICATION/);
    for (const name of ["text", "authentication"]) {
      const r = createChatappTemplateInput.safeParse(body.examples[name].value);
      expect(r.success, name).toBe(true);
    }
  });
});
