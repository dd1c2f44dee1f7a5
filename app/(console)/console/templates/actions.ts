"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { reviewTemplate } from "@/lib/templates/review-template";

/** An operator's approve/reject from the review queue (audited by the domain function). */
export async function reviewTemplateAction(raw: {
  businessId: string;
  templateId: string;
  decision: "APPROVED" | "REJECTED";
  reason?: string;
}): Promise<ActionResult<{ status: string }>> {
  return runAction(async () => {
    const user = await requireAction("reviewTemplateAction");
    const t = await reviewTemplate(userCtx(user), raw);
    revalidatePath("/console/templates");
    return { status: t.status };
  }, raw);
}
