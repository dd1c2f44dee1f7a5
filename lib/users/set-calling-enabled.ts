import { and, eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { forbidden } from "../errors";
import type { UserDetails } from "./business-user-schemas";
import { getDefaultCountry } from "../businesses/get-default-country";
import { requireTypedPhone } from "../phone/typed-phones";
import { assertCanManageUser, loadActingUser } from "./user-permissions";
import { findBusinessUser, userDetails } from "./user-details";

/**
 * G2 type=callingEnabled: turns outbound calling on or off and sets the number the user is
 * reached on (the first leg of its calls; a national number takes the business's default
 * country). Follows the role matrix; only a business admin may change its own flag.
 */
export async function setCallingEnabled(
  ctx: Ctx,
  businessId: string,
  input: { userId: string; callingEnabled: boolean; phoneNumber: string },
): Promise<UserDetails> {
  return inTransaction(ctx, async (tx) => {
    const actor = await loadActingUser(tx, businessId);
    const target = await findBusinessUser(tx, businessId, input.userId, { forUpdate: true });
    if (target.id === actor.id && actor.role !== "BUSINESS_ADMIN") {
      throw forbidden("Only a business admin may change its own calling settings");
    }
    assertCanManageUser(actor, target, "change this user's calling settings");
    const phoneNumber = requireTypedPhone(
      input.phoneNumber,
      await getDefaultCountry(tx, businessId),
      "phoneNumber",
    );
    const [row] = await tx.db
      .update(users)
      .set({ callingEnabled: input.callingEnabled, phoneNumber, updatedAt: sql`now()` })
      .where(and(eq(users.id, target.id), eq(users.businessId, businessId)))
      .returning();
    await recordAudit(tx, {
      businessId,
      action: "user.calling",
      targetType: "user",
      targetId: target.id,
      data: { callingEnabled: input.callingEnabled, phoneNumber },
    });
    return userDetails(row!);
  });
}
