/**
 * Resolve a conversation (or mark it pending, or open it again) (conversations, docs/conversations.md; not in the spec).
 * POST /api/v3/conversations/{business_id}/{conversation_id}/state
 */
import { createRoute, z } from "@hono/zod-openapi";
import { setConversationState } from "@/lib/conversations/set-conversation-state";
import { ConversationView, StateInput } from "@/lib/conversations/schemas";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { BASE, idParams, json, ok, tags } from "./schemas";

export type SetConversationStateRequest = z.input<typeof StateInput>;

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/state`,
  tags,
  summary: "Resolve a conversation (or mark it pending, or open it again)",
  description: "Resolving raises conversation.resolved; the customer's next message reopens it.",
  request: { params: idParams, body: json(StateInput, { state: "resolved" }) },
  responses: ok("The conversation after the change", ConversationView),
});

export type SetConversationStateResponse = ResponseOf<typeof contract>;

export const setConversationStateOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { conversation_id } = c.req.valid("param");
  return c.json(await setConversationState(ctx, businessId, conversation_id, c.req.valid("json")), 200);
});
