"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { addNote } from "@/lib/conversations/add-note";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { markConversationRead } from "@/lib/conversations/mark-read";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { setConversationState } from "@/lib/conversations/set-conversation-state";
import { replyWithTemplate } from "@/lib/conversations/template-reply";
import { setUserPreferences } from "@/lib/users/user-preferences";

// A conversation's id and the body the API's conversation routes take: the domain parses the
// body (after its scope and window checks), so both edges answer the same field errors.
const PAGE = ["/inbox"];
const withBody = z.tuple([z.string(), z.unknown()]);

/** The signed-in user answers a conversation (the API's reply, same checks and window). */
export const replyAction = defineAction(
  { action: "replyAction", input: withBody, revalidate: PAGE },
  async ([conversationId, body], { ctx, businessId }) => {
    const sent = await replyToConversation(ctx, businessId, conversationId, body);
    return { messageId: sent.messageId };
  },
);

/** Sends an approved template into the conversation (the composer outside the window). */
export const templateReplyAction = defineAction(
  { action: "templateReplyAction", input: withBody, revalidate: PAGE },
  async ([conversationId, body], { ctx, businessId }) => {
    const sent = await replyWithTemplate(ctx, businessId, conversationId, body);
    return { messageId: sent.messageId };
  },
);

/** Resolves (or reopens, or marks pending) a conversation. */
export const conversationStateAction = defineAction(
  { action: "conversationStateAction", input: withBody, revalidate: PAGE },
  async ([conversationId, state], { ctx, businessId }) => {
    await setConversationState(ctx, businessId, conversationId, { state });
    return undefined;
  },
);

/** Assigns or transfers a conversation (null: back to waiting); the domain checks the scope. */
export const assignAction = defineAction(
  { action: "assignAction", input: withBody, revalidate: PAGE },
  async ([conversationId, assigneeId], { ctx, businessId }) => {
    const c = await assignConversation(ctx, businessId, conversationId, { assigneeId });
    return { assigneeId: c.assigneeId };
  },
);

/** An internal note on the conversation, never sent to the customer. */
export const addNoteAction = defineAction(
  { action: "addNoteAction", input: withBody, revalidate: PAGE },
  async ([conversationId, body], { ctx, businessId }) => {
    const note = await addNote(ctx, businessId, conversationId, body);
    return { id: note.id };
  },
);

/** The holder opened the conversation: its unread count clears (nothing for anyone else). */
export const markReadAction = defineAction(
  { action: "markReadAction", input: z.string() },
  async (conversationId, { ctx, businessId }) => ({
    changed: await markConversationRead(ctx, businessId, conversationId),
  }),
);

/** The signed-in user's own new-chat alerts (sound, desktop notification), kept on the server. */
export const saveInboxAlertsAction = defineAction(
  { action: "saveInboxAlertsAction", input: z.unknown() },
  async (body, { ctx, businessId }) => setUserPreferences(ctx, businessId, body),
);
