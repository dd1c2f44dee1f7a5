import type { TemplateReviewProvider } from "../types";
import { env } from "../../env";

/** Template names containing this word are rejected, so rejection can be demonstrated. */
export const SIMULATOR_REJECT_PATTERN = /reject/;
/** Template names containing this are left PENDING for an operator (console review queue). */
export const SIMULATOR_MANUAL_PATTERN = /manual/;

/**
 * Simulated review: approves every template SIMULATOR_TEMPLATE_REVIEW_SECONDS after creation
 * (3 by default, 0 allowed) except names containing `reject`, which it rejects with a reason,
 * and names containing `manual`, which it leaves PENDING for an operator to decide.
 */
export const simulatorTemplateReview: TemplateReviewProvider = {
  name: "simulator",
  submitDelaySeconds: () => env().SIMULATOR_TEMPLATE_REVIEW_SECONDS,
  async submitForReview(t) {
    if (SIMULATOR_REJECT_PATTERN.test(t.name)) {
      return {
        providerRef: `sim_${t.id}`,
        status: "REJECTED",
        reason: "Simulator: template names containing 'reject' are rejected (INVALID_FORMAT)",
      };
    }
    if (SIMULATOR_MANUAL_PATTERN.test(t.name)) return { providerRef: `sim_${t.id}`, status: "PENDING" };
    return { providerRef: `sim_${t.id}`, status: "APPROVED" };
  },
};
