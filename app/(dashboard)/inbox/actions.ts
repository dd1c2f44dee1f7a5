"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { setConversationState } from "@/lib/conversations/set-conversation-state";

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
