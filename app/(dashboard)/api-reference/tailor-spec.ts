/** The parts of an OpenAPI 3.1 document this page changes; everything else passes through. */
type Parameter = { name?: string; in?: string; example?: unknown; schema?: Record<string, unknown> };
type Operation = { tags?: string[]; parameters?: Parameter[] };
export type OpenApiDoc = {
  paths?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string }>;
  [key: string]: unknown;
};

const BUSINESS_PARAMS = new Set(["business_id", "businessId", "tenant_id"]);
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * The document as the signed-in user should read it: "Try it out" pre-filled with their own
 * business id instead of the schema's example (a request to the example id gets 401), and the
 * operator-only Internal operations left out for business users, who cannot call them, and
 * without `servers` (the page calls its own origin). Pure: returns a new document.
 */
export function tailorSpec(
  doc: OpenApiDoc,
  opts: { businessId: string | null; showInternal: boolean },
): OpenApiDoc {
  const paths: NonNullable<OpenApiDoc["paths"]> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if (!METHODS.has(key)) {
        kept[key] = value;
        continue;
      }
      const op = value as Operation;
      if (!opts.showInternal && op.tags?.includes("Internal")) continue;
      kept[key] = opts.businessId ? withBusinessId(op, opts.businessId) : op;
    }
    if (Object.keys(kept).some((k) => METHODS.has(k))) paths[path] = kept;
  }
  const tags = opts.showInternal ? doc.tags : doc.tags?.filter((t) => t.name !== "Internal");
  // The page calls the server it is on: the document's one relative server would only add
  // Swagger UI's server selector, a <select> without a label (axe: select-name).
  const { servers: _servers, ...rest } = doc;
  return { ...rest, paths, ...(tags ? { tags } : {}) };
}

function withBusinessId(op: Operation, businessId: string): Operation {
  if (!op.parameters) return op;
  return {
    ...op,
    parameters: op.parameters.map((p) =>
      p.in === "path" && p.name && BUSINESS_PARAMS.has(p.name)
        ? { ...p, example: businessId, schema: { ...p.schema, example: businessId } }
        : p,
    ),
  };
}
