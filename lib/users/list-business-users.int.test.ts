import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "@/db/schema";
import type { Ctx } from "@/lib/context";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { findSessionUser } from "./find-session-user";
import { listBusinessUsers } from "./list-business-users";
import { setCallingEnabled } from "./set-calling-enabled";
import { setUserStatus } from "./set-user-status";

const as = (id: string, role: string, businessId: string): Ctx => ({
  db: db(),
  actor: { type: "user", id, role, businessId } as Ctx["actor"],
});

describe("the Users page's controls", () => {
  it("an admin may set the status of the users it manages and turn calling on for itself", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id, { role: "AGENT" });
    const off = await createTestUser(t.business.id, { role: "AGENT" });
    await setUserStatus(as(t.admin.id, "BUSINESS_ADMIN", t.business.id), t.business.id, {
      userId: off.id,
      userStatus: "Disabled",
    });
    const admin = as(t.admin.id, "BUSINESS_ADMIN", t.business.id);
    const rows = await listBusinessUsers(admin, t.business.id);
    const row = (id: string) => rows.find((r) => r.userId === id)!;
    expect(row(agent.id)).toMatchObject({ manageable: true, statusEditable: true, callingEditable: true });
    // A disabled user gets a status only by being enabled again.
    expect(row(off.id)).toMatchObject({ manageable: true, statusEditable: false });
    // Itself: no status menu (the calls page has it), but calling, as the only admin.
    expect(row(t.admin.id)).toMatchObject({
      manageable: false,
      statusEditable: false,
      callingEditable: true,
    });

    const set = await setUserStatus(admin, t.business.id, { userId: agent.id, userStatus: "Away" });
    expect(set.userStatus).toBe("Away");
    const calling = await setCallingEnabled(admin, t.business.id, {
      userId: t.admin.id,
      callingEnabled: true,
      phoneNumber: "+919900000001",
    });
    expect(calling.callingEnabled).toBe(true);
  });

  it("an agent gets no control over itself but its own status elsewhere", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id, { role: "AGENT" });
    const [self] = await listBusinessUsers(as(agent.id, "AGENT", t.business.id), t.business.id);
    expect(self).toMatchObject({
      userId: agent.id,
      manageable: false,
      statusEditable: false,
      callingEditable: false,
    });
  });
});

describe("a disabled business", () => {
  it("signs its users out: their sessions no longer resolve until it is enabled again", async () => {
    const t = await createTestBusiness();
    const ctx = systemCtx("test");
    expect(await findSessionUser(ctx, t.admin.id, 1)).toMatchObject({ id: t.admin.id });
    await db().update(businesses).set({ enabled: false }).where(eq(businesses.id, t.business.id));
    expect(await findSessionUser(ctx, t.admin.id, 1)).toBeNull();
    await db().update(businesses).set({ enabled: true }).where(eq(businesses.id, t.business.id));
    expect(await findSessionUser(ctx, t.admin.id, 1)).toMatchObject({ id: t.admin.id });
  });
});
