/**
 * A2: send an RCS template message (by name, or any of the A5 forms).
 * POST /api/v3/message/{tenant_id}/template/rcs
 */
import { createRoute, z } from "@hono/zod-openapi";
import { sendRcsMessage } from "@/lib/messages/send/send-rcs-message";
import { sendRcsTemplateInput } from "@/lib/messages/schemas";
import { idempotentSend } from "../idempotent-send";
import { idempotencyHeaders, SendResponseDoc, sendResponses, tenantIdParam, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";

export type SendRcsTemplateRequest = z.input<typeof sendRcsTemplateInput>;
export type SendRcsTemplateResponse = z.infer<typeof SendResponseDoc>;

export const contract = createRoute({
  method: "post",
  path: "/api/v3/message/{tenant_id}/template/rcs",
  tags: ["Messages"],
  summary: "Send an RCS template message (A2)",
  description:
    "A template by name (`messageType: template`, body parameters fill the card's {{n}}, a header media parameter replaces its image), or any of the A5 forms (`messageType: rcs_message`). `to` with or without '+'. Answers `messageId` and `transactionId`.",
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: jsonBody(sendRcsTemplateInput, {
      example: {
        message: {
          messageType: "template",
          name: "summer_sale",
          language: "en",
          components: [{ componentType: "body", parameters: [{ type: "text", text: "Asha" }] }],
        },
        to: "919876543210",
      },
    }),
  },
  responses: sendResponses,
});

export const sendRcsTemplateOperation = withBusiness({ spec: "A2", contract }, (c, { ctx, businessId }) => {
  const body = c.req.valid("json");
  return idempotentSend(c, body, (idempotency) =>
    sendRcsMessage(ctx, businessId, { ...body, toPath: "to" }, { idempotency, groupCommit: true }),
  );
});
