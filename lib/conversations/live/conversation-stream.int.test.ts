import { describe, expect, it } from "vitest";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import type { ConversationChange } from "../publish-change";
import { setUserStatus } from "@/lib/users/set-user-status";
import { assignConversation } from "../assign-conversation";
import { subscribeChanges } from "./change-hub";
import { conversationStream } from "./conversation-stream";

/**
 * "Not told" is decided on an event, not on a clock: `userId` of the stream's business changes
 * its status, which every open inbox of the business is told (`event: agent`), and the stream
 * is read until that marker. Changes reach each stream in commit order, and a change the
 * viewer cannot see is decided without a read (another business, another agent's conversation
 * outside a team), so whatever the stream was to be told before the marker is in `text` by then.
 */
async function readUntilMarker(stream: ReadableStream<Uint8Array>, businessId: string, userId: string) {
  await setUserStatus(userCtx(businessId, userId), businessId, { userId, userStatus: "Away" });
  return readUntil(stream, new RegExp(`event: agent\ndata: \{"userId":"${userId}"\}`), 5_000);
}

/** Reads the stream until `pattern` shows or `ms` pass; returns what it read. */
async function readUntil(stream: ReadableStream<Uint8Array>, pattern: RegExp, ms: number): Promise<string> {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let text = "";
  const end = Date.now() + ms;
  while (!pattern.test(text) && Date.now() < end) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, end - Date.now()))),
    ]);
    if (!next || next.done) break;
    text += dec.decode(next.value);
  }
  reader.releaseLock();
  return text;
}

describe("the inbox event stream", () => {
  it("tells the assigned agent and an admin, not an agent of another business", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const stranger = await createTestUser(other.business.id);
    const ac = new AbortController();
    try {
      const mine = await conversationStream(userCtx(t.business.id, agent.id), t.business.id, ac.signal);
      const admin = await conversationStream(
        userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN"),
        t.business.id,
        ac.signal,
      );
      const theirs = await conversationStream(
        userCtx(other.business.id, stranger.id),
        other.business.id,
        ac.signal,
      );
      await customerWrites(t, "919555000222", "hello");
      expect(await readUntil(mine, /"kind":"message"/, 3_000)).toMatch(
        /event: conversation\ndata: .*"kind":"message"/,
      );
      expect(await readUntil(admin, /event: conversation/, 3_000)).toMatch(/event: conversation/);
      const heard = await readUntilMarker(theirs, other.business.id, stranger.id);
      expect(heard).toMatch(/event: agent/);
      expect(heard).not.toMatch(/event: conversation/);
    } finally {
      ac.abort();
    }
  });

  it("announces a new customer's conversation once, with the agent routing chose, and tells that agent only", async () => {
    const t = await createTestBusiness();
    const agents = [await createTestUser(t.business.id), await createTestUser(t.business.id)];
    const changes: ConversationChange[] = [];
    const stop = await subscribeChanges((c) => {
      // Not "agent": a user's status changes are told too.
      if (c.businessId === t.business.id && c.kind !== "agent") changes.push(c);
    });
    const ac = new AbortController();
    try {
      const streams = await Promise.all(
        agents.map((a) => conversationStream(userCtx(t.business.id, a.id), t.business.id, ac.signal)),
      );
      await customerWrites(t, "919555000333", "hello");
      const conv = await conversationOf(t.business.id, "919555000333");
      const mine = conv.assignee_id === agents[0]!.id ? 0 : 1;
      expect(await readUntil(streams[mine]!, /"kind":"message"/, 3_000)).toContain(conv.id);
      const heard = await readUntilMarker(streams[1 - mine]!, t.business.id, agents[1 - mine]!.id);
      expect(heard).toMatch(/event: agent/);
      expect(heard).not.toMatch(/event: conversation/);
      // One change, once the assignee is known (not one each for opened, assigned and the
      // message): one with no assignee would cost every agent's stream a read (bench/inbound.ts).
      expect(changes).toEqual([
        {
          businessId: t.business.id,
          conversationId: conv.id,
          kind: "message",
          assigneeId: conv.assignee_id,
          teamId: null,
        },
      ]);
    } finally {
      ac.abort();
      stop();
    }
  });

  it("tells the agent a supervisor took a conversation from, not only the one who got it", async () => {
    const t = await createTestBusiness();
    const agents = [await createTestUser(t.business.id), await createTestUser(t.business.id)];
    const ac = new AbortController();
    try {
      await customerWrites(t, "919555000444", "hello");
      const conv = await conversationOf(t.business.id, "919555000444");
      const from = agents.findIndex((a) => a.id === conv.assignee_id);
      expect(from).toBeGreaterThanOrEqual(0);
      const to = 1 - from;
      const streams = await Promise.all(
        agents.map((a) => conversationStream(userCtx(t.business.id, a.id), t.business.id, ac.signal)),
      );
      await assignConversation(userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN"), t.business.id, conv.id, {
        assigneeId: agents[to]!.id,
      });
      const told = await readUntil(streams[from]!, /"kind":"assigned"/, 3_000);
      expect(told).toMatch(/event: conversation\ndata: .*"kind":"assigned"/);
      expect(told).toContain(conv.id);
      expect(await readUntil(streams[to]!, /"kind":"assigned"/, 3_000)).toContain(conv.id);
    } finally {
      ac.abort();
    }
  });
});
