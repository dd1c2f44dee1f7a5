"use server";

import { defineAction } from "@/lib/actions/define-action";
import { reviewTemplate } from "@/lib/templates/review-template";
import { reviewDecisionInput } from "@/lib/templates/schemas";

/** An operator's approve/reject from the review queue (audited by the domain function). */
export const reviewTemplateAction = defineAction(
  {
    action: "reviewTemplateAction",
    input: reviewDecisionInput,
    invalidLabel: "Invalid template",
    revalidate: ["/console/templates"],
  },
  async (input, { ctx }) => ({ status: (await reviewTemplate(ctx, input)).status }),
);
