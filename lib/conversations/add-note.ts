import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalidInput } from "../errors";
import { uuidv7 } from "../ids";
import { findVisible } from "./find-visible";
import { publishChange } from "./publish-change";
import { NoteInput } from "./schemas";
import { loadViewer } from "./viewer";

export type NoteView = { id: string; text: string; author: { type: string; id: string }; createdAt: number };

/** An internal note on a conversation the actor sees: never sent to the customer. */
export async function addNote(ctx: Ctx, businessId: string, id: string, raw: unknown): Promise<NoteView> {
  const parsed = NoteInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  return inTransaction(ctx, async (tx) => {
    const viewer = await loadViewer(tx, businessId);
    const conv = await findVisible(tx, businessId, viewer, id);
    const noteId = uuidv7();
    const [row] = await rawQuery<{ created_at: Date }>(
      tx.db,
      `INSERT INTO conversation_notes (id, business_id, conversation_id, author_type, author_id, text)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`,
      [noteId, businessId, conv.id, tx.actor.type, tx.actor.id, parsed.data.text],
    );
    await publishChange(tx, {
      businessId,
      conversationId: conv.id,
      kind: "note",
      assigneeId: conv.assignee_id,
      teamId: conv.team_id,
    });
    return {
      id: noteId,
      text: parsed.data.text,
      author: { type: tx.actor.type, id: tx.actor.id },
      createdAt: Math.floor(row!.created_at.getTime() / 1000),
    };
  });
}
