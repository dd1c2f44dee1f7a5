import { z } from "@hono/zod-openapi";

/** The chatapp template shapes D1 ... D4 share. */
/** Names accepted for the JSON part of the D2 multipart body, first match wins. */
export const TEMPLATE_JSON_PARTS = ["template", "body", "data", "payload", "json"] as const;

export const LintWarningDoc = z.object({ code: z.string(), path: z.string(), message: z.string() });
export const Usage = z.object({
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
});

export const CreatedDoc = z
  .object({
    id: z.string().openapi({ example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
    status: z.enum(["PENDING", "APPROVED", "REJECTED"]).openapi({ example: "PENDING" }),
    category: z.string().openapi({ example: "UTILITY" }),
    lintWarnings: z.array(LintWarningDoc).openapi({ description: "Problems likely to get it rejected" }),
  })
  .openapi("TemplateCreated");

export const ChatappRecordDoc = z
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

export { jsonResponse as json } from "../schemas";
