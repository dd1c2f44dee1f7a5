/**
 * Add an internal note (conversations, docs/conversations.md; not in the spec).
 * POST /api/v3/conversations/{business_id}/{conversation_id}/notes
 */
import { createRoute, z } from "@hono/zod-openapi";
import { addNote } from "@/lib/conversations/add-note";
import { NoteInput } from "@/lib/conversations/schemas";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, idParams, json, tags } from "./schemas";

export type AddNoteRequest = z.input<typeof NoteInput>;

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{conversation_id}/notes`,
  tags,
  summary: "Add an internal note",
  description: "Seen by the business's users in the conversation; never sent to the customer.",
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

export type AddNoteResponse = ResponseOf<typeof contract, 201>;

export const addNoteOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { conversation_id } = c.req.valid("param");
  return c.json(await addNote(ctx, businessId, conversation_id, c.req.valid("json")), 201);
});
