import { createHash } from "node:crypto";
import type { ApiApp } from "./types";

export const SECURITY: Record<string, string[]>[] = [
  { ApiKeyHeader: [] },
  { BearerAuth: [] },
  { ApiKeyQuery: [] },
];

/** Serves the OpenAPI 3.1 document generated from the route contracts. */
export function registerOpenApi(app: ApiApp): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "The business's API key in the x-api-key header.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "BearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The same API key as `Authorization: Bearer <key>`.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyQuery", {
    type: "apiKey",
    in: "query",
    name: "apikey",
    description: "The same API key as the apikey query parameter (bulk, status, user endpoints).",
  });
  const config = {
    openapi: "3.1.0",
    info: {
      title: "Switchboard API",
      version: "1.0.0",
      description:
        "Template messages over chatapp (WhatsApp Business) and RCS, templates, bulk sends, campaigns, profiles, users, teams and calls. Errors share one shape: `{ error: { code, message, details, requestId } }`.",
    },
    // Relative: the server that serves this document (a generated client sets its baseUrl).
    servers: [{ url: "/", description: "The Switchboard server that serves this document" }],
    security: SECURITY,
  };
  // The document is the same until the process restarts (it comes from the registered
  // contracts), and generating it from the zod schemas is the slow part of the API reference's
  // load (measured: docs/decisions/inbox-page.md): made once per
  // app on its first request, answered with an ETag so a browser's second visit gets a 304.
  let cached: { body: string; etag: string } | undefined;
  app.get("/api/openapi.json", (c) => {
    if (!cached) {
      const body = JSON.stringify(app.getOpenAPI31Document(config));
      cached = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    }
    c.header("ETag", cached.etag);
    c.header("Cache-Control", "no-cache");
    if (c.req.header("if-none-match") === cached.etag) return c.body(null, 304);
    return c.body(cached.body, 200, { "content-type": "application/json; charset=utf-8" });
  });
}
