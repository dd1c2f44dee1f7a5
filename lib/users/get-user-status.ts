import type { Ctx } from "../context";
import type { UserDetails } from "./business-user-schemas";
import { assertCanManageUser, loadActingUser } from "./user-permissions";
import { findBusinessUser, userDetails } from "./user-details";

/** G5: anyone reads its own status; other users' statuses follow the role matrix. */
export async function getUserStatus(ctx: Ctx, businessId: string, userId: string): Promise<UserDetails> {
  const actor = await loadActingUser(ctx, businessId);
  const target = await findBusinessUser(ctx, businessId, userId);
  if (target.id !== actor.id) assertCanManageUser(actor, target, "read this user's status");
  return userDetails(target);
}
