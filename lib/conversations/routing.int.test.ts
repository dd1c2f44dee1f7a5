import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { setUserStatus } from "@/lib/users/set-user-status";
import {
  chatappSender,
  conversationOf,
  createTeamOf,
  customerWrites,
  setOpenLimit,
  userCtx,
} from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { systemCtx } from "@/lib/context";
import { recordInboundMessages } from "@/lib/inbound/record-inbound-messages";
import { customerText } from "@/test/customer-text";
import { assignConversation } from "./assign-conversation";
import { setConversationState } from "./set-conversation-state";

const phone = () => `9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

describe("conversation routing", () => {
  it("gives each Available agent one, never an Away agent, and reopens with the same agent", async () => {
    const t = await createTestBusiness();
    const a1 = await createTestUser(t.business.id);
    const a2 = await createTestUser(t.business.id);
    const away = await createTestUser(t.business.id, { status: "Away" });
    const [c1, c2] = [phone(), phone()];
    await customerWrites(t, c1);
    await customerWrites(t, c2);
    const first = await conversationOf(t.business.id, c1);
    const second = await conversationOf(t.business.id, c2);
    expect(new Set([first.assignee_id, second.assignee_id])).toEqual(new Set([a1.id, a2.id]));
    expect([first.assignee_id, second.assignee_id]).not.toContain(away.id);

    // A second message of the same customer stays in the same conversation, same agent.
    await customerWrites(t, c1, "again");
    expect(await conversationOf(t.business.id, c1)).toMatchObject({
      id: first.id,
      assignee_id: first.assignee_id,
    });

    await setConversationState(userCtx(t.business.id, first.assignee_id!), t.business.id, first.id, {
      state: "resolved",
    });
    expect((await conversationOf(t.business.id, c1)).state).toBe("resolved");
    await customerWrites(t, c1, "one more thing");
    expect(await conversationOf(t.business.id, c1)).toMatchObject({
      id: first.id,
      state: "open",
      assignee_id: first.assignee_id,
    });
    const events = await rawQuery<{ type: string }>(
      db(),
      `SELECT type FROM conversation_events WHERE business_id = $1 AND conversation_id = $2 ORDER BY id`,
      [t.business.id, first.id],
    );
    expect(events.map((e) => e.type)).toEqual(["opened", "assigned", "resolved", "reopened", "assigned"]);
  });

  it("picks the agent with the fewest open conversations, ties to the longest since an assignment", async () => {
    const t = await createTestBusiness();
    const a1 = await createTestUser(t.business.id);
    const a2 = await createTestUser(t.business.id);
    const customers = [phone(), phone(), phone(), phone()];
    for (const c of customers) await customerWrites(t, c);
    const holders = await Promise.all(customers.map((c) => conversationOf(t.business.id, c)));
    // Alternates: each new conversation goes to whoever has fewer, then to the one waiting longer.
    expect(holders.map((h) => h.assignee_id)).toEqual([
      holders[0]!.assignee_id,
      holders[0]!.assignee_id === a1.id ? a2.id : a1.id,
      holders[0]!.assignee_id,
      holders[0]!.assignee_id === a1.id ? a2.id : a1.id,
    ]);
  });

  it("waits unassigned beyond the limit and is assigned when an agent becomes Available", async () => {
    const t = await createTestBusiness();
    await setOpenLimit(t.business.id, 1);
    const a1 = await createTestUser(t.business.id);
    const a2 = await createTestUser(t.business.id, { status: "Busy" });
    const [c1, c2] = [phone(), phone()];
    // An admin replying as the customer on the virtual phone stores these messages.
    const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    await customerWrites(t, c1, "hello", { ctx: admin });
    await customerWrites(t, c2, "hello", { ctx: admin });
    expect((await conversationOf(t.business.id, c1)).assignee_id).toBe(a1.id);
    expect((await conversationOf(t.business.id, c2)).assignee_id).toBeNull();

    await setUserStatus(userCtx(t.business.id, a2.id), t.business.id, {
      userId: a2.id,
      userStatus: "Available",
    });
    expect((await conversationOf(t.business.id, c2)).assignee_id).toBe(a2.id);
    // Each event names who decided it: the customer opened, routing assigned (not the admin
    // who stored the message, nor the agent whose status change let routing run).
    const events = await rawQuery<{ customer: string; type: string; actor_type: string; actor_id: string }>(
      db(),
      `SELECT c.customer, e.type, e.actor_type, e.actor_id FROM conversation_events e
       JOIN conversations c ON c.id = e.conversation_id WHERE e.business_id = $1 ORDER BY e.id`,
      [t.business.id],
    );
    expect(events).toEqual([
      { customer: c1, type: "opened", actor_type: "system", actor_id: "customer" },
      { customer: c1, type: "assigned", actor_type: "system", actor_id: "routing" },
      { customer: c2, type: "opened", actor_type: "system", actor_id: "customer" },
      { customer: c2, type: "assigned", actor_type: "system", actor_id: "routing" },
    ]);
  });

  it("routes a sender's conversations to its team only, and a resolve frees a place", async () => {
    const t = await createTestBusiness();
    const outsider = await createTestUser(t.business.id);
    const member = await createTestUser(t.business.id);
    const teamId = await createTeamOf(t, [member.id]);
    await setOpenLimit(t.business.id, 1, { [`chatapp:${chatappSender(t)}`]: teamId });
    const [c1, c2] = [phone(), phone()];
    await customerWrites(t, c1);
    await customerWrites(t, c2);
    const first = await conversationOf(t.business.id, c1);
    expect(first.assignee_id).toBe(member.id);
    expect((await conversationOf(t.business.id, c2)).assignee_id).toBeNull();
    expect([first.assignee_id]).not.toContain(outsider.id);

    await setConversationState(userCtx(t.business.id, member.id), t.business.id, first.id, {
      state: "resolved",
    });
    expect((await conversationOf(t.business.id, c2)).assignee_id).toBe(member.id);
  });

  it("lets a supervisor transfer, records who did, and refuses an agent moving a colleague's", async () => {
    const t = await createTestBusiness();
    const a1 = await createTestUser(t.business.id);
    const c1 = phone();
    await customerWrites(t, c1);
    const conv = await conversationOf(t.business.id, c1);
    expect(conv.assignee_id).toBe(a1.id);
    const a2 = await createTestUser(t.business.id, { status: "Away" });
    await expect(
      assignConversation(userCtx(t.business.id, a2.id), t.business.id, conv.id, { assigneeId: a2.id }),
    ).rejects.toMatchObject({ code: "not_found" });

    const manager = await createTestUser(t.business.id, { role: "MANAGER" });
    const after = await assignConversation(
      userCtx(t.business.id, manager.id, "MANAGER"),
      t.business.id,
      conv.id,
      {
        assigneeId: a2.id,
      },
    );
    expect(after.assigneeId).toBe(a2.id);
    const [event] = await rawQuery<{
      type: string;
      actor_id: string;
      from_user_id: string;
      to_user_id: string;
    }>(
      db(),
      `SELECT type, actor_id, from_user_id, to_user_id FROM conversation_events
       WHERE business_id = $1 AND conversation_id = $2 ORDER BY id DESC LIMIT 1`,
      [t.business.id, conv.id],
    );
    expect(event).toEqual({
      type: "transferred",
      actor_id: manager.id,
      from_user_id: a1.id,
      to_user_id: a2.id,
    });
    await expect(
      assignConversation(userCtx(t.business.id, a1.id), t.business.id, conv.id, { assigneeId: a1.id }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("routes many customers' messages stored at once (one transaction) as one at a time would", async () => {
    const t = await createTestBusiness();
    await setOpenLimit(t.business.id, 3);
    const a1 = await createTestUser(t.business.id);
    const a2 = await createTestUser(t.business.id);
    const away = await createTestUser(t.business.id, { status: "Away" });
    // A returning customer whose last agent was a2, resolved; their number sorts first, so the
    // batch decides them first.
    const returning = `9190${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await customerWrites(t, returning);
    const earlier = await conversationOf(t.business.id, returning);
    if (earlier.assignee_id !== a2.id)
      await assignConversation(
        userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN"),
        t.business.id,
        earlier.id,
        {
          assigneeId: a2.id,
        },
      );
    await setConversationState(userCtx(t.business.id, a2.id), t.business.id, earlier.id, {
      state: "resolved",
    });

    const fresh = Array.from({ length: 7 }, () => phone()).sort();
    const to = chatappSender(t);
    // Two messages from one new customer in the same batch: one conversation, unread 2.
    await recordInboundMessages(systemCtx("test"), {
      businessId: t.business.id,
      channel: "chatapp",
      provider: "simulator",
      messages: [returning, ...fresh, fresh[0]!].map((from) => customerText(from, to)),
    });

    const back = await conversationOf(t.business.id, returning);
    expect(back).toMatchObject({ id: earlier.id, state: "open", assignee_id: a2.id });
    const holders = await Promise.all(fresh.map((c) => conversationOf(t.business.id, c)));
    // Each agent up to the limit of 3 (a2 holds the returning customer), in key order, then the
    // rest wait unassigned; the Away agent gets none.
    expect(holders.slice(0, 5).every((h) => h.assignee_id === a1.id || h.assignee_id === a2.id)).toBe(true);
    expect(holders.slice(5).map((h) => h.assignee_id)).toEqual([null, null]);
    const counts = await rawQuery<{ assignee_id: string; n: number }>(
      db(),
      `SELECT assignee_id, count(*)::int AS n FROM conversations
       WHERE business_id = $1 AND state <> 'resolved' AND assignee_id IS NOT NULL GROUP BY assignee_id`,
      [t.business.id],
    );
    expect(Object.fromEntries(counts.map((c) => [c.assignee_id, c.n]))).toEqual({ [a1.id]: 3, [a2.id]: 3 });
    expect(counts.map((c) => c.assignee_id)).not.toContain(away.id);
    // The kept loads agree with the rows.
    const loads = await rawQuery<{ user_id: string; open: number }>(
      db(),
      `SELECT user_id, open FROM agent_loads WHERE business_id = $1 AND open > 0`,
      [t.business.id],
    );
    expect(Object.fromEntries(loads.map((l) => [l.user_id, l.open]))).toEqual({ [a1.id]: 3, [a2.id]: 3 });
    // Fewest open first: a1 (0) before a2 (1 after the returning customer), so a1 takes the
    // first new one; each new conversation is opened by the customer, then assigned by routing.
    expect(holders[0]!.assignee_id).toBe(a1.id);
    const [unread] = await rawQuery<{ unread: number }>(
      db(),
      `SELECT unread FROM conversations WHERE id = $1`,
      [holders[0]!.id],
    );
    expect(unread!.unread).toBe(2);
    const events = await rawQuery<{ conversation_id: string; type: string; actor_id: string }>(
      db(),
      `SELECT conversation_id, type, actor_id FROM conversation_events
       WHERE business_id = $1 AND conversation_id = ANY($2::uuid[]) ORDER BY created_at, id`,
      [t.business.id, holders.map((h) => h.id)],
    );
    for (const [i, h] of holders.entries()) {
      const mine = events.filter((e) => e.conversation_id === h.id).map((e) => `${e.type}:${e.actor_id}`);
      expect(mine).toEqual(i < 5 ? ["opened:customer", "assigned:routing"] : ["opened:customer"]);
    }
    const reopened = await rawQuery<{ type: string }>(
      db(),
      `SELECT type FROM conversation_events WHERE conversation_id = $1 ORDER BY created_at, id`,
      [earlier.id],
    );
    expect(reopened.map((e) => e.type).slice(-2)).toEqual(["reopened", "assigned"]);
  });
});
