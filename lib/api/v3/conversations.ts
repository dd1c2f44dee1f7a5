import { createRoute, z } from "@hono/zod-openapi";
import { addNote } from "@/lib/conversations/add-note";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { getConversation } from "@/lib/conversations/get-conversation";
import { listConversations } from "@/lib/conversations/list-conversations";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { ReplyInput, ReplyResult } from "@/lib/conversations/reply-schemas";
import {
  AssignInput,
  ConversationView,
  ListConversationsInput,
  NoteInput,
  StateInput,
  TimelineInput,
  TimelineItem,
} from "@/lib/conversations/schemas";
import { setConversationState } from "@/lib/conversations/set-conversation-state";
import { apiKeyAuth } from "../auth";
import { idempotentSend } from "../idempotent-send";
import { keyScope } from "../key-ctx";
import { businessIdParam, errorResponses, idempotencyHeaders, sendResponsesOf } from "../schemas";
import type { ApiApp } from "../types";

// The shared inbox for a CRM that runs its own (docs/conversations.md); not in the spec.
const BASE = "/api/v3/conversations/{business_id}";
const tags = ["Conversations"];
const idParams = businessIdParam.extend({
  conversation_id: z.string().openapi({ param: { name: "conversation_id", in: "path" } }),
});
const json = <S extends z.ZodType>(schema: S, example?: unknown) => ({
  required: true,
  content: { "application/json": { schema, ...(example ? { example } : {}) } },
});
const ok = <S extends z.ZodType>(description: string, schema: S) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
});
const conflictDoc = {
  description: "Refused in the conversation's state",
  content: errorResponses[400].content,
};

const list = createRoute({
  method: "get",
  path: BASE,
  tags,
  summary: "List and search conversations",
  description:
    "Latest activity first. `tab`: all, unassigned (waiting for an agent) or mine (meaningless for a key: empty). `q` searches the customer's number and name. Page with `nextCursor`.",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, query: ListConversationsInput },
  responses: ok(
    "One page",
    z.object({ conversations: z.array(ConversationView), nextCursor: z.string().nullable() }),
  ),
});

const get = createRoute({
  method: "get",
  path: `${BASE}/{conversation_id}`,
  tags,
  summary: "Get a conversation with its messages",
  description:
    "The conversation and its timeline, newest first: the customer's messages, every message the business sent the customer from this sender (templates, campaigns, tests, replies) with its status, notes and events. Page to older items with `nextCursor`.",
  middleware: [apiKeyAuth] as const,
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

const reply = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/messages`,
  tags,
  summary: "Reply to the customer",
  description:
    "Free-form text, or an image or document by https URL, while the customer service window is open (chatapp: 24 h after the customer's last message; RCS: always); an approved template at any time (`type: template`, A1's `message`), never a MARKETING template to an opted-out customer (409). Sent through the same pipeline as A1: statuses and message.status callbacks follow.",
  middleware: [apiKeyAuth] as const,
  request: {
    params: idParams,
    headers: idempotencyHeaders,
    body: json(ReplyInput, { type: "text", text: "Your order ships *today*." }),
  },
  responses: sendResponsesOf(ReplyResult),
});

const assign = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/assign`,
  tags,
  summary: "Assign or transfer a conversation",
  description:
    "`assigneeId`: a user of the business (a transfer when somebody holds it), or null to put it back to waiting. Recorded as done by the key. Raises conversation.assigned.",
  middleware: [apiKeyAuth] as const,
  request: {
    params: idParams,
    body: json(AssignInput, { assigneeId: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
  },
  responses: { ...ok("The conversation after the change", ConversationView), 409: conflictDoc },
});

const state = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/state`,
  tags,
  summary: "Resolve a conversation (or mark it pending, or open it again)",
  description: "Resolving raises conversation.resolved; the customer's next message reopens it.",
  middleware: [apiKeyAuth] as const,
  request: { params: idParams, body: json(StateInput, { state: "resolved" }) },
  responses: ok("The conversation after the change", ConversationView),
});

const note = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/notes`,
  tags,
  summary: "Add an internal note",
  description: "Seen by the business's users in the conversation; never sent to the customer.",
  middleware: [apiKeyAuth] as const,
  request: { params: idParams, body: json(NoteInput, { text: "Called the customer, refund approved." }) },
  responses: {
    201: {
      description: "The note",
      content: {
        "application/json": {
          schema: z.object({
            id: z.string(),
            text: z.string(),
            author: z.object({ type: z.string(), id: z.string() }),
            createdAt: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses,
  },
});

export function registerConversationRoutes(app: ApiApp): void {
  // GET /api/v3/conversations/{business_id} (conversations; not in the spec)
  app.openapi(list, async (c) => {
    const { ctx, businessId } = keyScope(c);
    return c.json(await listConversations(ctx, businessId, c.req.valid("query")), 200);
  });

  // GET /api/v3/conversations/{business_id}/{conversation_id} (conversations; not in the spec)
  app.openapi(get, async (c) => {
    const { ctx, businessId } = keyScope(c);
    const { conversation_id } = c.req.valid("param");
    return c.json(await getConversation(ctx, businessId, conversation_id, c.req.valid("query")), 200);
  });

  // POST /api/v3/conversations/{business_id}/{conversation_id}/messages (conversations; not in the spec)
  app.openapi(reply, async (c) => {
    const { ctx, businessId } = keyScope(c);
    const { conversation_id } = c.req.valid("param");
    const body = c.req.valid("json");
    return idempotentSend(c, { conversation_id, body }, (idempotency) =>
      replyToConversation(ctx, businessId, conversation_id, body, { idempotency }),
    );
  });

  // POST /api/v3/conversations/{business_id}/{conversation_id}/assign (conversations; not in the spec)
  app.openapi(assign, async (c) => {
    const { ctx, businessId } = keyScope(c);
    const { conversation_id } = c.req.valid("param");
    return c.json(await assignConversation(ctx, businessId, conversation_id, c.req.valid("json")), 200);
  });

  // POST /api/v3/conversations/{business_id}/{conversation_id}/state (conversations; not in the spec)
  app.openapi(state, async (c) => {
    const { ctx, businessId } = keyScope(c);
    const { conversation_id } = c.req.valid("param");
    return c.json(await setConversationState(ctx, businessId, conversation_id, c.req.valid("json")), 200);
  });

  // POST /api/v3/conversations/{business_id}/{conversation_id}/notes (conversations; not in the spec)
  app.openapi(note, async (c) => {
    const { ctx, businessId } = keyScope(c);
    const { conversation_id } = c.req.valid("param");
    return c.json(await addNote(ctx, businessId, conversation_id, c.req.valid("json")), 201);
  });
}
