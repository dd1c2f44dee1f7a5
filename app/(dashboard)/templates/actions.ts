"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { createChatappTemplate } from "@/lib/templates/create-chatapp-template";
import { createRcsTemplate } from "@/lib/templates/create-rcs-template";

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

/** Creates an RCS template; an uploaded image comes as its hash (`mediaHash`). */
export async function createRcsTemplateAction(
  template: unknown,
  mediaHash?: string,
): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("createRcsTemplateAction");
      const t = await createRcsTemplate(userCtx(user), {
        businessId: user.businessId,
        template,
        mediaHash: typeof mediaHash === "string" && mediaHash ? mediaHash : undefined,
      });
      revalidatePath("/templates");
      return { id: t.id };
    },
    template,
    mediaHash ?? null,
  );
}
