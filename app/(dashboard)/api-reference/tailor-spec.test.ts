import { describe, expect, it } from "vitest";
import { tailorSpec, type OpenApiDoc } from "./tailor-spec";

const EXAMPLE = "0193b6f2-8c1a-7cde-9f00-1234567890ab";
const doc: OpenApiDoc = {
  openapi: "3.1.0",
  tags: [{ name: "Messages" }, { name: "Internal" }],
  paths: {
    "/api/v3/message/{business_id}/template": {
      post: {
        tags: ["Messages"],
        parameters: [
          { name: "business_id", in: "path", example: EXAMPLE, schema: { type: "string", example: EXAMPLE } },
        ],
      },
    },
    "/api/internal/dispatch": { post: { tags: ["Internal"] } },
    "/api/internal/mixed": { summary: "x", get: { tags: ["Internal"] }, post: { tags: ["Messages"] } },
  },
};

describe("tailorSpec", () => {
  it("pre-fills the signed-in business's id in every business path parameter", () => {
    const out = tailorSpec(doc, { businessId: "b-1", showInternal: false });
    const p = (out.paths!["/api/v3/message/{business_id}/template"]!.post as { parameters: unknown[] })
      .parameters[0];
    expect(p).toEqual({
      name: "business_id",
      in: "path",
      example: "b-1",
      schema: { type: "string", example: "b-1" },
    });
    // The input is not changed.
    expect(JSON.stringify(doc)).toContain(EXAMPLE);
  });

  it("hides Internal operations, their empty paths and the tag from business users", () => {
    const out = tailorSpec(doc, { businessId: "b-1", showInternal: false });
    expect(Object.keys(out.paths!)).toEqual([
      "/api/v3/message/{business_id}/template",
      "/api/internal/mixed",
    ]);
    expect(Object.keys(out.paths!["/api/internal/mixed"]!)).toEqual(["summary", "post"]);
    expect(out.tags).toEqual([{ name: "Messages" }]);
  });

  it("keeps everything for operators, who have no business id", () => {
    const out = tailorSpec(doc, { businessId: null, showInternal: true });
    expect(out).toEqual(doc);
  });

  it("leaves out the document's servers: the page calls its own origin, and a server selector has no label", () => {
    const out = tailorSpec({ ...doc, servers: [{ url: "/" }] }, { businessId: null, showInternal: true });
    expect(out).toEqual(doc);
  });
});
