import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { chatappSender, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { getRoutingSettings } from "./routing-settings";
import { routingSettingsView, saveRoutingSettings } from "./save-routing-settings";

async function team(businessId: string, supervisorId: string) {
  const id = uuidv7();
  await rawQuery(db(), `INSERT INTO teams (id, business_id, name, supervisor_id) VALUES ($1, $2, $3, $4)`, [
    id,
    businessId,
    `Team ${id.slice(-6)}`,
    supervisorId,
  ]);
  return id;
}

describe("conversation routing settings", () => {
  it("saves the limit and a sender's team for an admin, refusing others' teams and senders", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const mine = await team(t.business.id, t.admin.id);
    const theirs = await team(other.business.id, other.admin.id);
    const key = `chatapp:${chatappSender(t)}`;

    const view = await routingSettingsView(admin, t.business.id);
    expect(view.openLimit).toBe(20);
    expect(view.senders.map((s) => s.key)).toContain(key);

    const saved = await saveRoutingSettings(admin, t.business.id, {
      openLimit: "7",
      senders: [{ key, teamId: mine }],
    });
    expect(saved.openLimit).toBe(7);
    expect(await getRoutingSettings(admin, t.business.id)).toEqual({
      openLimit: 7,
      senderTeams: { [key]: mine },
    });

    await expect(
      saveRoutingSettings(admin, t.business.id, { openLimit: 7, senders: [{ key, teamId: theirs }] }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "senders.0.teamId" }] });
    await expect(
      saveRoutingSettings(admin, t.business.id, {
        openLimit: 7,
        senders: [{ key: "chatapp:nope", teamId: "" }],
      }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "senders.0.key" }] });
    await expect(
      saveRoutingSettings(admin, t.business.id, { openLimit: "0", senders: [] }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "openLimit", message: "At least 1" }],
    });
    await expect(
      saveRoutingSettings(admin, t.business.id, { openLimit: "ten", senders: [] }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "openLimit", message: "A whole number" }],
    });

    const agent = await createTestUser(t.business.id);
    await expect(
      saveRoutingSettings(userCtx(t.business.id, agent.id), t.business.id, { openLimit: 3, senders: [] }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
