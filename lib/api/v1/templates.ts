import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError, invalid } from "@/lib/errors";
import { readMedia } from "@/lib/media/read-media";
import { createChatappTemplate, type UploadedFile } from "@/lib/templates/create-chatapp-template";
import { getTemplate, getTemplateUsage } from "@/lib/templates/get-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { createChatappTemplateInput, listTemplatesQuery } from "@/lib/templates/schemas";
import { chatappRecord } from "@/lib/templates/template-records";
import { assertStorableText } from "@/lib/validation/find-unstorable-text";
import { apiKeyAuth } from "../auth";
import { keyCtx } from "../key-ctx";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp, ApiEnv } from "../types";

/** Names accepted for the JSON part of the D2 multipart body, first match wins. */
export const TEMPLATE_JSON_PARTS = ["template", "body", "data", "payload", "json"] as const;

const LintWarningDoc = z.object({ code: z.string(), path: z.string(), message: z.string() });
const Usage = z.object({ sent: z.number(), delivered: z.number(), read: z.number(), failed: z.number() });

const CreatedDoc = z
  .object({
    id: z.string().openapi({ example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
    status: z.enum(["PENDING", "APPROVED", "REJECTED"]).openapi({ example: "PENDING" }),
    category: z.string().openapi({ example: "UTILITY" }),
    lintWarnings: z.array(LintWarningDoc).openapi({ description: "Problems likely to get it rejected" }),
  })
  .openapi("TemplateCreated");

const ChatappRecordDoc = z
  .object({
    id: z.string(),
    name: z.string().openapi({ example: "order_update" }),
    language: z.string().openapi({ example: "en_US" }),
    category: z.string().nullable().openapi({ example: "UTILITY" }),
    status: z.enum(["PENDING", "APPROVED", "REJECTED"]),
    components: z.array(z.unknown()).openapi({
      description: "HEADER image headers carry their media URL in example.header_handle",
    }),
    rejectionReason: z.string().nullable(),
    lintWarnings: z.array(LintWarningDoc),
    analytics: Usage.optional().openapi({ description: "Only with analytics=true" }),
  })
  .openapi("ChatappTemplate");

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const createRouteD1 = createRoute({
  method: "post",
  path: "/api/v1/template/{business_id}",
  tags: ["Templates"],
  summary: "Create a chatapp template (text)",
  middleware: [apiKeyAuth] as const,
  request: {
    params: businessIdParam,
    body: { required: true, content: { "application/json": { schema: createChatappTemplateInput } } },
  },
  responses: {
    200: json(CreatedDoc, "Created, PENDING review"),
    ...errorResponses,
    409: errorResponses[400],
  },
});

const createRouteD2 = createRoute({
  method: "post",
  path: "/api/v1/template/media/{business_id}",
  tags: ["Templates"],
  summary: "Create a chatapp template with an image header, buttons or a carousel",
  description:
    "multipart/form-data: the template JSON (as in D1) in the part `template` (also accepted: `body`, `data`, `payload`, `json`), and one JPEG or PNG (<= 5 MB) per IMAGE header in the part `files`, in component order: the top header, then each carousel card. A JSON body (no images) is accepted too.",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam },
  responses: {
    200: json(CreatedDoc, "Created, PENDING review"),
    ...errorResponses,
    413: errorResponses[400],
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/template/{business_id}",
  tags: ["Templates"],
  summary: "List chatapp templates",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, query: listTemplatesQuery.omit({ channel: true }) },
  responses: {
    200: json(
      z.object({
        data: z.array(ChatappRecordDoc),
        paging: z.object({ nextCursor: z.string().nullable() }),
      }),
      "Templates, newest first; pass paging.nextCursor as cursor for the next page",
    ),
    ...errorResponses,
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/api/v1/template/id/{business_id}",
  tags: ["Templates"],
  summary: "Get a chatapp template",
  middleware: [apiKeyAuth] as const,
  request: {
    params: businessIdParam,
    query: z.object({
      templateId: z.string().min(1, "Required"),
      analytics: z.enum(["true", "false"]).optional().openapi({ description: "true adds usage counters" }),
    }),
  },
  responses: { 200: json(ChatappRecordDoc, "The template"), ...errorResponses },
});

const mediaRoute = createRoute({
  method: "get",
  path: "/api/v1/media/{business_id}/{sha256}",
  tags: ["Templates"],
  summary: "Download an uploaded template image",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam.extend({ sha256: z.string() }) },
  responses: {
    200: {
      description: "The image",
      content: { "image/png": { schema: z.string() }, "image/jpeg": { schema: z.string() } },
    },
    ...errorResponses,
  },
});

const originOf = (c: Context<ApiEnv>) => new URL(c.req.url).origin;

export function registerTemplateRoutes(app: ApiApp): void {
  // POST /api/v1/template/{business_id} (D1)
  app.openapi(createRouteD1, async (c) => {
    const t = await createChatappTemplate(keyCtx(c), {
      businessId: c.get("auth").businessId,
      template: c.req.valid("json"),
    }).catch(hintMediaEndpoint);
    return c.json(
      { id: t.id, status: t.status, category: t.category ?? "", lintWarnings: t.lintWarnings },
      200,
    );
  });

  // POST /api/v1/template/media/{business_id} (D2)
  app.openapi(createRouteD2, async (c) => {
    const { template, files } = await readD2Body(c);
    const t = await createChatappTemplate(keyCtx(c), {
      businessId: c.get("auth").businessId,
      template,
      files,
    });
    return c.json(
      { id: t.id, status: t.status, category: t.category ?? "", lintWarnings: t.lintWarnings },
      200,
    );
  });

  // GET /api/v1/template/{business_id} (D3)
  app.openapi(listRoute, async (c) => {
    const page = await listTemplates(keyCtx(c), c.get("auth").businessId, {
      ...c.req.valid("query"),
      channel: "chatapp",
    });
    const origin = originOf(c);
    return c.json(
      { data: page.items.map((t) => chatappRecord(t, origin)), paging: { nextCursor: page.nextCursor } },
      200,
    );
  });

  // GET /api/v1/template/id/{business_id}?templateId=&analytics=true (D4)
  app.openapi(getRoute, async (c) => {
    const q = c.req.valid("query");
    const ctx = keyCtx(c);
    const businessId = c.get("auth").businessId;
    const t = await getTemplate(ctx, { businessId, templateId: q.templateId, channel: "chatapp" });
    const record = chatappRecord(t, originOf(c));
    if (q.analytics === "true") record.analytics = await getTemplateUsage(ctx, businessId, t.id);
    return c.json(record, 200);
  });

  // GET /api/v1/media/{business_id}/{sha256} (template image previews; not in the spec)
  app.openapi(mediaRoute, async (c) => {
    const m = await readMedia(keyCtx(c), {
      businessId: c.get("auth").businessId,
      sha256: c.req.valid("param").sha256,
    });
    return c.body(new Uint8Array(m.bytes), 200, {
      "content-type": m.contentType,
      "cache-control": "private, max-age=31536000, immutable",
      etag: `"${c.req.valid("param").sha256}"`,
      "x-content-type-options": "nosniff",
    });
  });
}

/** D2: the template JSON from its part (or a JSON body) and the image files, in order. */
async function readD2Body(c: Context<ApiEnv>): Promise<{ template: unknown; files: UploadedFile[] }> {
  const type = c.req.header("content-type") ?? "";
  if (/^application\/(.+\+)?json\b/i.test(type)) {
    const body = await c.req.json().catch(() => {
      throw invalid("Malformed JSON in request body");
    });
    return { template: body, files: [] };
  }
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new AppError(
      "unsupported_media_type",
      "Send multipart/form-data (or application/json without images)",
    );
  }
  const form = await c.req.parseBody({ all: true }).catch(() => {
    throw invalid("Malformed multipart/form-data body");
  });
  const part = TEMPLATE_JSON_PARTS.find((k) => typeof form[k] === "string");
  let template: unknown;
  if (part) {
    try {
      template = JSON.parse(form[part] as string);
    } catch {
      throw invalid(`The '${part}' part is not valid JSON`, [{ path: part, message: "Invalid JSON" }]);
    }
  } else if (typeof form.name === "string") {
    // The template's fields as separate parts; components as a JSON string.
    let components: unknown = form.components;
    try {
      if (typeof components === "string") components = JSON.parse(components);
    } catch {
      throw invalid("The 'components' part is not valid JSON", [
        { path: "components", message: "Invalid JSON" },
      ]);
    }
    template = { name: form.name, language: form.language, category: form.category, components };
  } else {
    throw invalid("Put the template JSON in the form-data part 'template'", [
      { path: "template", message: `Required (also accepted: ${TEMPLATE_JSON_PARTS.slice(1).join(", ")})` },
    ]);
  }
  // The middleware saw the part only as text; escapes inside its JSON are checked here.
  assertStorableText(template);
  const raw = [form.files, form["files[]"]].flat().filter((f): f is File => f instanceof File);
  const files = await Promise.all(
    raw.map(async (f) => ({ bytes: new Uint8Array(await f.arrayBuffer()), fileName: f.name })),
  );
  return { template, files };
}

/** D1 is text-only: point callers with image headers at D2. */
function hintMediaEndpoint(err: unknown): never {
  if (err instanceof AppError && err.details.some((d) => d.path === "files")) {
    throw invalid(
      "Templates with an IMAGE header are created with POST /api/v1/template/media/{business_id} (multipart, image in 'files')",
      err.details,
    );
  }
  throw err;
}
