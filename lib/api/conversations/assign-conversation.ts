/**
 * Assign or transfer a conversation (conversations, docs/conversations.md; not in the spec).
 * POST /api/v3/conversations/{business_id}/{conversation_id}/assign
 */
import { createRoute, z } from "@hono/zod-openapi";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { AssignInput, ConversationView } from "@/lib/conversations/schemas";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { BASE, conflictDoc, idParams, json, ok, tags } from "./schemas";

export type AssignConversationRequest = z.input<typeof AssignInput>;

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/assign`,
  tags,
  summary: "Assign or transfer a conversation",
  description:
    "`assigneeId`: a user of the business (a transfer when somebody holds it), or null to put it back to waiting. Recorded as done by the key. Raises conversation.assigned.",
  request: {
    params: idParams,
    body: json(AssignInput, { assigneeId: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
  },
  responses: { ...ok("The conversation after the change", ConversationView), 409: conflictDoc },
});

export type AssignConversationResponse = ResponseOf<typeof contract>;

export const assignConversationOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { conversation_id } = c.req.valid("param");
  return c.json(await assignConversation(ctx, businessId, conversation_id, c.req.valid("json")), 200);
});
