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
  app.doc31("/api/openapi.json", {
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
  });
}
