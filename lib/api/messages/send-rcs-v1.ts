/**
 * A5: send an RCS message in the v1 forms (template with components, template only, text,
 * rich card).
 * POST /api/v1/message/{business_id}/template/rcs?channel=rcs
 */
import { createRoute, z } from "@hono/zod-openapi";
import { sendRcsMessage } from "@/lib/messages/send/send-rcs-message";
import { sendRcsV1Input } from "@/lib/messages/schemas";
import { idempotentSend } from "../idempotent-send";
import { businessIdParam, idempotencyHeaders, SendResponseDoc, sendResponses, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";

export type SendRcsV1Request = z.input<typeof sendRcsV1Input>;
export type SendRcsV1Response = z.infer<typeof SendResponseDoc>;

export const contract = createRoute({
  method: "post",
  path: "/api/v1/message/{business_id}/template/rcs",
  tags: ["Messages"],
  summary: "Send an RCS message, v1 forms (A5)",
  description:
    "Four forms of `message` (`messageType: rcs_message`): `templateId` with `components` (BODY `variables`, HEADER `media.mediaUrl`) and rcsMessageType RICHCARD_STANDALONE; `templateId` only; `text` with rcsMessageType TEXT; `richCard` with RICHCARD_STANDALONE. `to` with '+' and the country code. Every form answers `transactionId` and `messageId`.",
  request: {
    params: businessIdParam,
    query: z.object({
      channel: z.literal("rcs", { error: "channel must be rcs" }).openapi({ example: "rcs" }),
    }),
    headers: idempotencyHeaders,
    body: jsonBody(sendRcsV1Input, {
      example: {
        message: {
          messageType: "rcs_message",
          rcsMessageType: "RICHCARD_STANDALONE",
          templateId: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
          components: [{ type: "BODY", variables: [{ type: "text", value: "Asha" }] }],
        },
        to: "+919876543210",
      },
    }),
  },
  responses: sendResponses,
});

export const sendRcsV1Operation = withBusiness({ spec: "A5", contract }, (c, { ctx, businessId }) => {
  const body = c.req.valid("json");
  return idempotentSend(c, body, (idempotency) =>
    sendRcsMessage(ctx, businessId, { ...body, toPath: "to" }, { idempotency, groupCommit: true }),
  );
});
