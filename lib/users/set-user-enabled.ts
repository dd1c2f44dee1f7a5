import { and, eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { assignWaiting } from "../conversations/assign-waiting";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { forbidden } from "../errors";
import type { UserDetails } from "./business-user-schemas";
import { assertCanManageUser, loadActingUser } from "./user-permissions";
import { findBusinessUser, userDetails } from "./user-details";

/**
 * G3/G4. Disabling sets the status `Disabled` and bumps session_version, so the user's
 * dashboard sessions end at its next request and the API stops accepting its e-mail at once.
 * Enabling restores `Available`. Both are idempotent; nobody may disable itself.
 */
export async function setUserEnabled(
  ctx: Ctx,
  businessId: string,
  input: { userId: string; enabled: boolean },
): Promise<UserDetails> {
  return inTransaction(ctx, async (tx) => {
    const actor = await loadActingUser(tx, businessId);
    const target = await findBusinessUser(tx, businessId, input.userId, { forUpdate: true });
    if (target.id === actor.id) throw forbidden("You cannot enable or disable your own account");
    assertCanManageUser(actor, target, input.enabled ? "enable this user" : "disable this user");
    if (target.enabled === input.enabled) return userDetails(target);
    const [row] = await tx.db
      .update(users)
      .set(
        input.enabled
          ? { enabled: true, status: "Available", statusBeforeCall: null, updatedAt: sql`now()` }
          : {
              enabled: false,
              status: "Disabled",
              statusBeforeCall: null,
              sessionVersion: sql`${users.sessionVersion} + 1`,
              updatedAt: sql`now()`,
            },
      )
      .where(and(eq(users.id, target.id), eq(users.businessId, businessId)))
      .returning();
    await recordAudit(tx, {
      businessId,
      action: input.enabled ? "user.enable" : "user.disable",
      targetType: "user",
      targetId: target.id,
    });
    if (input.enabled) await assignWaiting(tx, businessId);
    return userDetails(row!);
  });
}
