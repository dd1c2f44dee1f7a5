"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { addNote } from "@/lib/conversations/add-note";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { markConversationRead } from "@/lib/conversations/mark-read";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { setConversationState } from "@/lib/conversations/set-conversation-state";
import { replyWithTemplate } from "@/lib/conversations/template-reply";
import { setUserPreferences, type UserPreferences } from "@/lib/users/user-preferences";

/** The signed-in user answers a conversation (the API's reply, same checks and window). */
export async function replyAction(
  conversationId: string,
  input: unknown,
): Promise<ActionResult<{ messageId: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("replyAction");
      const sent = await replyToConversation(userCtx(user), user.businessId, String(conversationId), input);
      revalidatePath("/inbox");
      return { messageId: sent.messageId };
    },
    conversationId,
    input,
  );
}

/** Sends an approved template into the conversation (the composer outside the window). */
export async function templateReplyAction(
  conversationId: string,
  input: unknown,
): Promise<ActionResult<{ messageId: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("templateReplyAction");
      const sent = await replyWithTemplate(userCtx(user), user.businessId, String(conversationId), input);
      revalidatePath("/inbox");
      return { messageId: sent.messageId };
    },
    conversationId,
    input,
  );
}

/** Resolves (or reopens, or marks pending) a conversation. */
export async function conversationStateAction(
  conversationId: string,
  state: unknown,
): Promise<ActionResult<undefined>> {
  return runAction(
    async () => {
      const user = await requireAction("conversationStateAction");
      await setConversationState(userCtx(user), user.businessId, String(conversationId), { state });
      revalidatePath("/inbox");
      return undefined;
    },
    conversationId,
    state,
  );
}

/** Assigns or transfers a conversation (null: back to waiting); the domain checks the scope. */
export async function assignAction(
  conversationId: string,
  assigneeId: unknown,
): Promise<ActionResult<{ assigneeId: string | null }>> {
  return runAction(
    async () => {
      const user = await requireAction("assignAction");
      const c = await assignConversation(userCtx(user), user.businessId, String(conversationId), {
        assigneeId,
      });
      revalidatePath("/inbox");
      return { assigneeId: c.assigneeId };
    },
    conversationId,
    assigneeId,
  );
}

/** An internal note on the conversation, never sent to the customer. */
export async function addNoteAction(
  conversationId: string,
  input: unknown,
): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("addNoteAction");
      const note = await addNote(userCtx(user), user.businessId, String(conversationId), input);
      revalidatePath("/inbox");
      return { id: note.id };
    },
    conversationId,
    input,
  );
}

/** The holder opened the conversation: its unread count clears (nothing for anyone else). */
export async function markReadAction(conversationId: string): Promise<ActionResult<{ changed: boolean }>> {
  return runAction(async () => {
    const user = await requireAction("markReadAction");
    const changed = await markConversationRead(userCtx(user), user.businessId, String(conversationId));
    return { changed };
  }, conversationId);
}

/** The signed-in user's own new-chat alerts (sound, desktop notification), kept on the server. */
export async function saveInboxAlertsAction(input: unknown): Promise<ActionResult<UserPreferences>> {
  return runAction(async () => {
    const user = await requireAction("saveInboxAlertsAction");
    return setUserPreferences(userCtx(user), user.businessId, input);
  }, input);
}
