import type { promotionStatuses } from "@/db/schema";
import { AppError } from "../errors";

export type PromotionStatus = (typeof promotionStatuses)[number];

/**
 * Every allowed move of a promotion, in one place (docs/promotions.md "Engine" has the diagram).
 * Preparation = `Preparing` (ingest, validation, capability checks) and `Scheduled` (waiting
 * for its schedule time, nothing sent yet): the only states Cancel is allowed from (spec E5).
 * A started promotion is stopped, not cancelled; Stopped resumes to Active. Round changes
 * (retries) stay Active. Cancelled, Completed and Expired are final.
 */
export const promotionTransitions: Readonly<Record<PromotionStatus, readonly PromotionStatus[]>> = {
  Preparing: ["Active", "Scheduled", "Cancelled", "Expired"],
  Scheduled: ["Active", "Cancelled", "Stopped", "Expired"],
  Active: ["Stopped", "Completed", "Expired"],
  Stopped: ["Active", "Expired"],
  Cancelled: [],
  Completed: [],
  Expired: [],
};

export function canMove(from: PromotionStatus, to: PromotionStatus): boolean {
  return promotionTransitions[from].includes(to);
}

export function isFinal(status: PromotionStatus): boolean {
  return promotionTransitions[status].length === 0;
}

/** Why a user's move is refused, in words a caller can act on. */
function refusal(from: PromotionStatus, to: PromotionStatus): string {
  if (to === "Cancelled" && (from === "Active" || from === "Stopped"))
    return `A promotion can be cancelled only during its preparation phase (Preparing or Scheduled); this one is ${from}: stop it with status "Stopped" instead`;
  if (isFinal(from)) return `The promotion is ${from}, a final state: it cannot become ${to}`;
  if (to === "Active" && from !== "Stopped")
    return `Only a Stopped promotion can be resumed with status "Active"; this one is ${from}`;
  if (to === "Stopped")
    return `Only a running (Scheduled or Active) promotion can be stopped; this one is ${from}`;
  return `A ${from} promotion cannot become ${to}`;
}

/** Throws the documented 400 when `from -> to` is not allowed. */
export function assertMove(from: PromotionStatus, to: PromotionStatus): void {
  if (!canMove(from, to)) {
    const message = refusal(from, to);
    throw new AppError("invalid_request", message, [{ path: "status", message }]);
  }
}
