import type { Ctx } from "../context";
import { forbidden } from "../errors";
import { parseTemplateInput } from "./parse-input";
import { reviewDecisionInput, type ReviewDecisionInput, type TemplateView } from "./schemas";
import { setTemplateStatus } from "./set-template-status";

/**
 * An operator's decision from the console review queue: a PENDING template becomes
 * APPROVED or REJECTED (with a reason). Audited as template.review.
 */
export async function reviewTemplate(ctx: Ctx, raw: ReviewDecisionInput): Promise<TemplateView> {
  if (ctx.actor.type !== "user" || ctx.actor.role !== "OPERATOR")
    throw forbidden("Only operators review templates");
  const input = parseTemplateInput(reviewDecisionInput, raw);
  const { template } = await setTemplateStatus(ctx, {
    businessId: input.businessId,
    templateId: input.templateId,
    to: input.decision,
    reason: input.reason || null,
    from: ["PENDING"],
    action: "template.review",
  });
  return template;
}
