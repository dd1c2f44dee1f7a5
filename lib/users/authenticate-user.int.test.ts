import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { systemCtx } from "../context";
import { db } from "../db/pool";
import { authenticateUser } from "./authenticate-user";
import { createTestBusiness } from "@/test/factories";

describe("authenticateUser", () => {
  it("signs in with the right password only", async () => {
    const t = await createTestBusiness();
    const ok = await authenticateUser(systemCtx(), { email: t.admin.email, password: t.admin.password });
    expect(ok?.id).toBe(t.admin.id);
    expect(
      await authenticateUser(systemCtx(), { email: t.admin.email, password: "wrong-password" }),
    ).toBeNull();
    expect(await authenticateUser(systemCtx(), { email: "nobody@example.test", password: "x" })).toBeNull();
  });

  it("never signs in a user without a password, whatever is typed", async () => {
    const t = await createTestBusiness();
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, t.admin.id));
    // The dummy hash used for timing equality verifies this password: it must not let anyone in.
    for (const password of ["not-a-real-password", t.admin.password, ""]) {
      expect(await authenticateUser(systemCtx(), { email: t.admin.email, password })).toBeNull();
    }
  });

  it("refuses a disabled user", async () => {
    const t = await createTestBusiness();
    await db().update(users).set({ enabled: false }).where(eq(users.id, t.admin.id));
    expect(
      await authenticateUser(systemCtx(), { email: t.admin.email, password: t.admin.password }),
    ).toBeNull();
  });
});
