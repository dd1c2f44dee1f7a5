/**
 * A4: send an RCS free-form text.
 * POST /api/v3/message/{tenant_id}/rcs/text (the spec gives no path; chosen here, docs/messaging.md)
 */
import { createRoute, z } from "@hono/zod-openapi";
import { sendRcsMessage } from "@/lib/messages/send/send-rcs-message";
import { sendRcsTextInput } from "@/lib/messages/schemas";
import { idempotentSend } from "../idempotent-send";
import { idempotencyHeaders, SendResponseDoc, sendResponses, tenantIdParam, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";

export type SendRcsTextRequest = z.input<typeof sendRcsTextInput>;
export type SendRcsTextResponse = z.infer<typeof SendResponseDoc>;

export const contract = createRoute({
  method: "post",
  path: "/api/v3/message/{tenant_id}/rcs/text",
  tags: ["Messages"],
  summary: "Send an RCS freeform text (A4)",
  description:
    "The spec gives no path for A4; this one sits beside A2 (`/api/v3/message/{tenant_id}/template/rcs`). `phone` with or without '+'.",
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: jsonBody(sendRcsTextInput, {
      example: { phone: "+919876543210", text: "Your table is ready." },
    }),
  },
  responses: sendResponses,
});

export const sendRcsTextOperation = withBusiness({ spec: "A4", contract }, (c, { ctx, businessId }) => {
  const body = c.req.valid("json");
  const input = {
    to: body.phone,
    toPath: "phone",
    message: { messageType: "text" as const, text: body.text },
    messageRef: body.messageRef,
  };
  return idempotentSend(c, body, (idempotency) =>
    sendRcsMessage(ctx, businessId, input, { idempotency, groupCommit: true }),
  );
});
