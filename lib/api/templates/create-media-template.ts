/**
 * D2: create a chatapp template with image headers (multipart, images in `files`), buttons or
 * a carousel.
 * POST /api/v1/template/media/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError, invalid } from "@/lib/errors";
import { createChatappTemplate, type UploadedFile } from "@/lib/templates/create-chatapp-template";
import { assertStorableText } from "@/lib/validation/find-unstorable-text";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiEnv } from "../types";
import { withBusiness } from "../with-business";
import { CreatedDoc, json, TEMPLATE_JSON_PARTS } from "./schemas";

export type CreateMediaTemplateResponse = z.infer<typeof CreatedDoc>;

export const contract = createRoute({
  method: "post",
  path: "/api/v1/template/media/{business_id}",
  tags: ["Templates"],
  summary: "Create a chatapp template with an image header, buttons or a carousel",
  description:
    "multipart/form-data: the template JSON (as in D1) in the part `template` (also accepted: `body`, `data`, `payload`, `json`), and one JPEG or PNG (<= 5 MB) per IMAGE header in the part `files`, in component order: the top header, then each carousel card. A JSON body (no images) is accepted too.",
  request: { params: businessIdParam },
  responses: {
    200: json(CreatedDoc, "Created, PENDING review"),
    ...errorResponses,
    413: errorResponses[400],
  },
});

export const createMediaTemplateOperation = withBusiness(
  { spec: "D2", contract },
  async (c, { ctx, businessId }) => {
    const { template, files } = await readD2Body(c);
    const t = await createChatappTemplate(ctx, { businessId, template, files });
    return c.json(
      { id: t.id, status: t.status, category: t.category ?? "", lintWarnings: t.lintWarnings },
      200,
    );
  },
);

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
