import { describe, expect, it } from "vitest";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { countUnread } from "./count-unread";
import { getConversation } from "./get-conversation";
import { markConversationRead } from "./mark-read";

// Opening a chat clears its unread count, for the agent who holds it.

const phone = () => `9191${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

describe("opening a conversation", () => {
  it("clears its unread count when its holder opens it, not when someone else looks in", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const customer = phone();
    await customerWrites(t, customer, "one");
    await customerWrites(t, customer, "two");
    const conv = await conversationOf(t.business.id, customer);
    expect(conv.assignee_id).toBe(agent.id);
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const holder = userCtx(t.business.id, agent.id);
    const unread = async () => (await getConversation(admin, t.business.id, conv.id)).conversation.unread;
    expect(await unread()).toBe(2);
    expect(await countUnread(holder, t.business.id)).toBe(1);

    expect(await markConversationRead(admin, t.business.id, conv.id)).toBe(false);
    expect(await unread()).toBe(2);
    expect(await markConversationRead(holder, t.business.id, conv.id)).toBe(true);
    expect(await unread()).toBe(0);
    expect(await countUnread(holder, t.business.id)).toBe(0);
    expect(await markConversationRead(holder, t.business.id, conv.id)).toBe(false);
    expect(await markConversationRead(holder, t.business.id, "not-an-id")).toBe(false);
  });
});
