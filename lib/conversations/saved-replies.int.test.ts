import { describe, expect, it } from "vitest";
import { userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from "./saved-replies";

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

  it("can be edited: name and text, a taken name refused, another business's or an agent's edit refused", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const hi = await createSavedReply(admin, t.business.id, { name: "hi", text: "Hello!" });
    await createSavedReply(admin, t.business.id, { name: "bye", text: "Goodbye!" });
    expect(
      await updateSavedReply(admin, t.business.id, hi.id, { name: "Hello", text: "Hello, how can we help?" }),
    ).toEqual({
      id: hi.id,
      name: "hello",
      text: "Hello, how can we help?",
    });
    expect((await listSavedReplies(admin, t.business.id)).map((r) => `${r.name}:${r.text}`)).toEqual([
      "bye:Goodbye!",
      "hello:Hello, how can we help?",
    ]);
    await expect(
      updateSavedReply(admin, t.business.id, hi.id, { name: "bye", text: "x" }),
    ).rejects.toMatchObject({
      code: "conflict",
      details: [{ path: "name" }],
    });
    await expect(
      updateSavedReply(admin, t.business.id, hi.id, { name: "hello", text: " " }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "text" }],
    });
    const otherAdmin = userCtx(other.business.id, other.admin.id, "BUSINESS_ADMIN");
    await expect(
      updateSavedReply(otherAdmin, other.business.id, hi.id, { name: "mine", text: "x" }),
    ).rejects.toMatchObject({ code: "not_found" });
    const agent = await createTestUser(t.business.id);
    await expect(
      updateSavedReply(userCtx(t.business.id, agent.id), t.business.id, hi.id, { name: "mine", text: "x" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});
