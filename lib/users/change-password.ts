import { eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { hashPassword, verifyPassword } from "./passwords";
import { inTransaction, type Ctx } from "../context";
import { invalid, notFound } from "../errors";
import { changePasswordInput, type ChangePasswordInput } from "./change-password-input";

/**
 * A user sets a new password (required after a temporary one). Clears mustChangePassword and
 * bumps session_version, so every other session of the user ends; the caller signs the user
 * in again with the new password. Returns the e-mail for that sign-in.
 */
export async function changePassword(
  ctx: Ctx,
  input: { userId: string } & ChangePasswordInput,
): Promise<{ email: string }> {
  const { currentPassword, newPassword } = changePasswordInput.parse(input);
  const [user] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash, businessId: users.businessId })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw notFound("User");
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw invalid("The current password is not correct", [
      { path: "currentPassword", message: "Not your current password" },
    ]);
  }
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, input.userId));
    await recordAudit(tx, {
      businessId: user.businessId,
      action: "user.change_password",
      targetType: "user",
      targetId: input.userId,
    });
  });
  return { email: user.email };
}
