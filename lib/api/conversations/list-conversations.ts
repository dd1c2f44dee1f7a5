/**
 * List and search conversations (conversations, docs/conversations.md; not in the spec).
 * GET /api/v3/conversations/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listConversations } from "@/lib/conversations/list-conversations";
import { ConversationView, ListConversationsInput } from "@/lib/conversations/schemas";
import { businessIdParam } from "../schemas";
import type { ResponseOf } from "../operation";
import { withBusiness } from "../with-business";
import { BASE, ok, tags } from "./schemas";

export type ListConversationsRequest = z.input<typeof ListConversationsInput>;

export const contract = createRoute({
  method: "get",
  path: BASE,
  tags,
  summary: "List and search conversations",
  description:
    "Latest activity first. `tab`: all, unassigned (waiting for an agent) or mine (meaningless for a key: empty). `q` searches the customer's number and name. Page with `nextCursor`.",
  request: { params: businessIdParam, query: ListConversationsInput },
  responses: ok(
    "One page",
    z.object({ conversations: z.array(ConversationView), nextCursor: z.string().nullable() }),
  ),
});

export type ListConversationsResponse = ResponseOf<typeof contract>;

export const listConversationsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await listConversations(ctx, businessId, c.req.valid("query")), 200);
});
