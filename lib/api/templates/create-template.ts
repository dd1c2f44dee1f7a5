/**
 * D1: create a chatapp template (text; image headers go to D2).
 * POST /api/v1/template/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { AppError, invalid } from "@/lib/errors";
import { createChatappTemplate } from "@/lib/templates/create-chatapp-template";
import { createChatappTemplateInput } from "@/lib/templates/chatapp-schemas";
import { businessIdParam, errorResponses, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";
import { CreatedDoc, json } from "./schemas";

export type CreateTemplateRequest = z.input<typeof createChatappTemplateInput>;
export type CreateTemplateResponse = z.infer<typeof CreatedDoc>;

export const contract = createRoute({
  method: "post",
  path: "/api/v1/template/{business_id}",
  tags: ["Templates"],
  summary: "Create a chatapp template (text)",
  request: {
    params: businessIdParam,
    body: jsonBody(createChatappTemplateInput, {
      examples: {
        text: {
          summary: "A TEXT header and a body with variables",
          value: {
            name: "order_update",
            language: "en_US",
            category: "UTILITY",
            components: [
              { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["A-1001"] } },
              {
                type: "BODY",
                text: "Hello {{1}}, your order has shipped today.",
                example: { body_text: [["Asha"]] },
              },
            ],
          },
        },
        authentication: {
          summary: "An AUTHENTICATION template (Meta writes its text)",
          value: {
            name: "login_code",
            language: "en_US",
            category: "AUTHENTICATION",
            components: [
              { type: "BODY", add_security_recommendation: true },
              { type: "FOOTER", code_expiration_minutes: 10 },
              {
                type: "BUTTONS",
                buttons: [
                  {
                    type: "OTP",
                    otp_type: "ONE_TAP",
                    supported_apps: [{ package_name: "com.example.shop", signature_hash: "K8a/AINcGX7" }],
                  },
                ],
              },
            ],
          },
        },
      },
    }),
  },
  responses: {
    200: json(CreatedDoc, "Created, PENDING review"),
    ...errorResponses,
    409: errorResponses[400],
  },
});

export const createTemplateOperation = withBusiness(
  { spec: "D1", contract },
  async (c, { ctx, businessId }) => {
    const t = await createChatappTemplate(ctx, { businessId, template: c.req.valid("json") }).catch(
      hintMediaEndpoint,
    );
    return c.json(
      { id: t.id, status: t.status, category: t.category ?? "", lintWarnings: t.lintWarnings },
      200,
    );
  },
);

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
