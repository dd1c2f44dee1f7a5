/**
 * Reply to the customer (conversations, docs/conversations.md; not in the spec).
 * POST /api/v3/conversations/{business_id}/{conversation_id}/messages
 */
import { createRoute, z } from "@hono/zod-openapi";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { ReplyInput, ReplyResult } from "@/lib/conversations/reply-schemas";
import { idempotentSend } from "../idempotent-send";
import { idempotencyHeaders, sendResponsesOf } from "../schemas";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { BASE, idParams, json, tags } from "./schemas";

export type ReplyToConversationRequest = z.input<typeof ReplyInput>;

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/messages`,
  tags,
  summary: "Reply to the customer",
  description:
    "Free-form text, or an image or document by https URL, while the customer service window is open (chatapp: 24 h after the customer's last message; RCS: always); an approved template at any time (`type: template`, A1's `message`), never a MARKETING template to an opted-out customer (409). Sent through the same pipeline as A1: statuses and message.status callbacks follow.",
  request: {
    params: idParams,
    headers: idempotencyHeaders,
    body: json(ReplyInput, { type: "text", text: "Your order ships *today*." }),
  },
  responses: sendResponsesOf(ReplyResult),
});

export type ReplyToConversationResponse = ResponseOf<typeof contract>;

export const replyToConversationOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { conversation_id } = c.req.valid("param");
  const body = c.req.valid("json");
  return idempotentSend(c, { conversation_id, body }, (idempotency) =>
    replyToConversation(ctx, businessId, conversation_id, body, { idempotency }),
  );
});
