"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { addTestNumber } from "@/lib/businesses/add-test-number";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { getTemplate } from "@/lib/templates/get-template";
import { resubmitTemplate } from "@/lib/templates/resubmit-template";

/** Edits a rejected template and submits it for review again (images uploaded first). */
export async function resubmitTemplateAction(
  templateId: string,
  template: unknown,
  mediaHashes: string[],
): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("resubmitTemplateAction");
      const t = await resubmitTemplate(userCtx(user), {
        businessId: user.businessId,
        templateId: String(templateId),
        template,
        mediaHashes: Array.isArray(mediaHashes) ? mediaHashes.map(String) : [],
      });
      revalidatePath("/templates");
      return { id: t.id };
    },
    templateId,
    template,
    mediaHashes,
  );
}

export async function deleteTemplateAction(templateId: string): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const user = await requireAction("deleteTemplateAction");
    await deleteTemplate(userCtx(user), { businessId: user.businessId, templateId: String(templateId) });
    revalidatePath("/templates");
    return undefined;
  }, templateId);
}

/**
 * "Send a test": one message through the API's send path (A1 or A2); a typed number is put
 * on the test numbers first when asked (a full list refuses before anything is sent).
 */
export async function sendTestMessageAction(input: {
  templateId: string;
  to: string;
  values: string[];
  keep?: boolean;
}): Promise<ActionResult<{ messageId: string; recipient: string }>> {
  return runAction(async () => {
    const user = await requireAction("sendTestMessageAction");
    if (input.keep === true)
      await addTestNumber(userCtx(user), { businessId: user.businessId, number: input.to });
    const res = await sendTestMessage(userCtx(user), user.businessId, input);
    return { messageId: res.messageId, recipient: input.to.replace(/[^\d]/g, "") };
  }, input);
}

/** The template's status alone: the PENDING page polls it and re-renders only on a change. */
export async function templateStatusAction(templateId: string): Promise<ActionResult<{ status: string }>> {
  return runAction(async () => {
    const user = await requireAction("templateStatusAction");
    const t = await getTemplate(userCtx(user), {
      businessId: user.businessId,
      templateId: String(templateId),
    });
    return { status: t.status };
  }, templateId);
}
