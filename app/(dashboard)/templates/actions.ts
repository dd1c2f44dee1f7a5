"use server";

import { revalidatePath } from "next/cache";
import { fail, runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireBusinessUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { createChatappTemplate } from "@/lib/templates/create-chatapp-template";
import { createRcsTemplate } from "@/lib/templates/create-rcs-template";

const CAN_CREATE = new Set(["BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN"]);

/** Creates a chatapp template from the form; images were uploaded first (their hashes). */
export async function createChatappTemplateAction(
  template: unknown,
  mediaHashes: string[],
): Promise<ActionResult<{ id: string }>> {
  const user = await requireBusinessUser();
  if (!CAN_CREATE.has(user.role)) return fail("Agents cannot create templates.");
  return runAction(
    async () => {
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

export async function createRcsTemplateAction(template: unknown): Promise<ActionResult<{ id: string }>> {
  const user = await requireBusinessUser();
  if (!CAN_CREATE.has(user.role)) return fail("Agents cannot create templates.");
  return runAction(async () => {
    const t = await createRcsTemplate(userCtx(user), { businessId: user.businessId, template });
    revalidatePath("/templates");
    return { id: t.id };
  }, template);
}
