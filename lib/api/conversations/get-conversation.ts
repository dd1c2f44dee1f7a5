/**
 * Get a conversation with its messages (conversations, docs/conversations.md; not in the spec).
 * GET /api/v3/conversations/{business_id}/{conversation_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getConversation } from "@/lib/conversations/get-conversation";
import { ConversationView, TimelineInput, TimelineItem } from "@/lib/conversations/schemas";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { BASE, idParams, ok, tags } from "./schemas";

export type GetConversationRequest = z.input<typeof TimelineInput>;

export const contract = createRoute({
  method: "get",
  path: `${BASE}/{conversation_id}`,
  tags,
  summary: "Get a conversation with its messages",
  description:
    "The conversation and its timeline, newest first: the customer's messages, every message the business sent the customer from this sender (templates, campaigns, tests, replies) with its status, notes and events. Page to older items with `nextCursor`.",
  request: { params: idParams, query: TimelineInput },
  responses: ok(
    "The conversation and one page of its timeline",
    z.object({
      conversation: ConversationView,
      items: z.array(TimelineItem),
      nextCursor: z.string().nullable(),
    }),
  ),
});

export type GetConversationResponse = ResponseOf<typeof contract>;

export const getConversationOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { conversation_id } = c.req.valid("param");
  return c.json(await getConversation(ctx, businessId, conversation_id, c.req.valid("query")), 200);
});
