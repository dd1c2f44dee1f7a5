"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { createChatappTemplate } from "@/lib/templates/create-chatapp-template";
import { createRcsTemplate } from "@/lib/templates/create-rcs-template";
import { limits } from "@/lib/templates/template-fields";

/** Creates a chatapp template from the form; images were uploaded first (their hashes). */
export async function createChatappTemplateAction(
  template: unknown,
  mediaHashes: string[],
): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("createChatappTemplateAction");
      const t = await createChatappTemplate(userCtx(user), {
        businessId: user.businessId,
        template,
        mediaHashes: Array.isArray(mediaHashes) ? mediaHashes.map(String) : [],
      });
      revalidatePath("/templates");
      return { id: t.id };
    },
    template,
    mediaHashes,
  );
}

/** Creates an RCS template; uploaded images come as their hashes, one per card ("" for none). */
export async function createRcsTemplateAction(
  template: unknown,
  mediaHash?: string | string[],
): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("createRcsTemplateAction");
      const t = await createRcsTemplate(userCtx(user), {
        businessId: user.businessId,
        template,
        // A server action's arguments are untrusted: strings only, at most one per card.
        mediaHash: (Array.isArray(mediaHash) ? mediaHash : [mediaHash])
          .slice(0, limits.cards.max)
          .map((h) => (typeof h === "string" ? h : "")),
      });
      revalidatePath("/templates");
      return { id: t.id };
    },
    template,
    mediaHash ?? null,
  );
}
