import { describe, expect, it } from "vitest";
import { userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { createSavedReply, deleteSavedReply, listSavedReplies } from "./saved-replies";

describe("saved replies", () => {
  it("are per business, named once, written by staff and read by agents", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const saved = await createSavedReply(admin, t.business.id, { name: " Thanks ", text: "Thank you!" });
    expect(saved).toMatchObject({ name: "thanks", text: "Thank you!" });
    await expect(
      createSavedReply(admin, t.business.id, { name: "thanks", text: "Again" }),
    ).rejects.toMatchObject({
      code: "conflict",
      details: [{ path: "name" }],
    });
    await expect(
      createSavedReply(admin, t.business.id, { name: "two words", text: "x" }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "name" }],
    });

    const agent = await createTestUser(t.business.id);
    const agentCtx = userCtx(t.business.id, agent.id);
    expect((await listSavedReplies(agentCtx, t.business.id)).map((r) => r.name)).toEqual(["thanks"]);
    await expect(
      createSavedReply(agentCtx, t.business.id, { name: "mine", text: "x" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });

    // Another business neither sees nor deletes it; the same name is free there.
    const otherAdmin = userCtx(other.business.id, other.admin.id, "BUSINESS_ADMIN");
    expect(await listSavedReplies(otherAdmin, other.business.id)).toEqual([]);
    await expect(deleteSavedReply(otherAdmin, other.business.id, saved.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await createSavedReply(otherAdmin, other.business.id, { name: "thanks", text: "Merci" });
    await deleteSavedReply(admin, t.business.id, saved.id);
    expect(await listSavedReplies(admin, t.business.id)).toEqual([]);
  });
});
