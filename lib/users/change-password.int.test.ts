import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { createTestBusiness, uniq } from "@/test/factories";
import { systemCtx } from "../context";
import { AppError } from "../errors";
import { authenticateUser } from "./authenticate-user";
import { changePassword } from "./change-password";
import { createDashboardUser } from "./create-dashboard-user";
import { findSessionUser } from "./find-session-user";

describe("changePassword", () => {
  it("sets the new password, clears mustChangePassword and ends older sessions", async () => {
    const ctx = systemCtx("test");
    const { business } = await createTestBusiness();
    const email = `agent-${uniq()}@example.test`;
    const { id } = await createDashboardUser(ctx, {
      businessId: business.id,
      role: "AGENT",
      email,
      password: "temporary-pass-1",
      firstName: "Tem",
      mustChangePassword: true,
    });
    const before = await authenticateUser(ctx, { email, password: "temporary-pass-1" });
    expect(before?.mustChangePassword).toBe(true);

    await changePassword(ctx, {
      userId: id,
      currentPassword: "temporary-pass-1",
      newPassword: "my-own-password-2",
      confirmPassword: "my-own-password-2",
    });

    expect(await authenticateUser(ctx, { email, password: "temporary-pass-1" })).toBeNull();
    const after = await authenticateUser(ctx, { email, password: "my-own-password-2" });
    expect(after?.mustChangePassword).toBe(false);
    expect(after!.sessionVersion).toBe(before!.sessionVersion + 1);
    // A session issued before the change no longer resolves to a user.
    expect(await findSessionUser(ctx, id, before!.sessionVersion)).toBeNull();
  });

  it("refuses a wrong current password with a field error and changes nothing", async () => {
    const ctx = systemCtx("test");
    const { admin } = await createTestBusiness();
    const err = await changePassword(ctx, {
      userId: admin.id,
      currentPassword: "not-it",
      newPassword: "another-password-3",
      confirmPassword: "another-password-3",
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).details[0]?.path).toBe("currentPassword");
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.sessionVersion).toBe(1);
  });

  it("validates the new password (length, confirmation, different from the current)", async () => {
    const ctx = systemCtx("test");
    const { admin } = await createTestBusiness();
    const base = { userId: admin.id, currentPassword: admin.password };
    await expect(
      changePassword(ctx, { ...base, newPassword: "short", confirmPassword: "short" }),
    ).rejects.toThrow();
    await expect(
      changePassword(ctx, { ...base, newPassword: "long-enough-pw", confirmPassword: "different-pw-x" }),
    ).rejects.toThrow(/do not match/);
    await expect(
      changePassword(ctx, { ...base, newPassword: admin.password, confirmPassword: admin.password }),
    ).rejects.toThrow(/different/);
  });
});
