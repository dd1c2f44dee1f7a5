import { and, eq, sql } from "drizzle-orm";
import { users, userStatuses } from "@/db/schema";
import { assignWaiting } from "../conversations/assign-waiting";
import { publishAgentStatus } from "../conversations/publish-change";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { conflict } from "../errors";
import type { UserDetails } from "./business-user-schemas";
import { setUserEnabled } from "./set-user-enabled";
import { assertCanManageUser, loadActingUser } from "./user-permissions";
import { findBusinessUser, userDetails } from "./user-details";

type Status = (typeof userStatuses)[number];

/**
 * G2 type=userStatus. Everyone may set its own status (except `Disabled`); other users'
 * statuses follow the role matrix. `Disabled` is the same as G4 disable; a disabled user gets
 * another status only through G3 enable.
 */
export async function setUserStatus(
  ctx: Ctx,
  businessId: string,
  input: { userId: string; userStatus: Status },
): Promise<UserDetails> {
  if (input.userStatus === "Disabled")
    return setUserEnabled(ctx, businessId, { userId: input.userId, enabled: false });
  return inTransaction(ctx, async (tx) => {
    const actor = await loadActingUser(tx, businessId);
    const target = await findBusinessUser(tx, businessId, input.userId, { forUpdate: true });
    if (target.id !== actor.id) assertCanManageUser(actor, target, "change this user's status");
    if (!target.enabled) throw conflict("The user is disabled: enable it first (POST .../enable)");
    if (target.status === input.userStatus) return userDetails(target);
    const [row] = await tx.db
      .update(users)
      .set({
        status: input.userStatus,
        // A status chosen during a call replaces the one the call would have restored.
        statusBeforeCall: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, target.id), eq(users.businessId, businessId)))
      .returning();
    await recordAudit(tx, {
      businessId,
      action: "user.status",
      targetType: "user",
      targetId: target.id,
      data: { from: target.status, to: input.userStatus },
    });
    // Open inboxes hear of it at commit (a supervisor's assign control shows who is Away).
    await publishAgentStatus(tx, businessId, target.id);
    // An agent who becomes Available takes the conversations waiting for somebody at once.
    if (input.userStatus === "Available") await assignWaiting(tx, businessId);
    return userDetails(row!);
  });
}
