import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { startReceiver } from "@/test/callback-receiver";
import { customerWrites, conversationOf } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { approvedTemplate, drainAll } from "@/test/messages";

const phone = () => `9196${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const tplMessage = (name: string) => ({
  name,
  language: "en_US",
  components: [
    {
      componentType: "body",
      parameters: [
        { type: "text", text: "Asha" },
        { type: "text", text: "A-1" },
      ],
    },
  ],
});

describe("conversations API", () => {
  it("lists, reads, replies, transfers, notes and resolves, with the opt-in callbacks", async () => {
    const t = await createTestBusiness();
    const key = { "x-api-key": t.apiKey };
    const base = `/api/v3/conversations/${t.business.id}`;
    const rx = await startReceiver();
    const quiet = await startReceiver();
    try {
      const sub = await api(`/api/v3/callbacks/${t.business.id}/endpoints`, {
        headers: key,
        json: {
          url: rx.url,
          events: ["conversation.opened", "conversation.assigned", "conversation.resolved"],
        },
      });
      expect(sub.status).toBe(201);
      // An endpoint with no events listed keeps receiving only the spec's events.
      expect(
        (
          await api(`/api/v3/callbacks/${t.business.id}/endpoints`, {
            headers: key,
            json: { url: quiet.url },
          })
        ).status,
      ).toBe(201);
      const agent = await createTestUser(t.business.id);
      const customer = phone();
      await customerWrites(t, customer, "Where is my order?");
      const conv = await conversationOf(t.business.id, customer);
      expect(conv.assignee_id).toBe(agent.id);

      const list = await api(`${base}?q=${customer.slice(-6)}`, { headers: key });
      expect(list.status).toBe(200);
      expect(list.json.conversations).toEqual([
        expect.objectContaining({
          id: conv.id,
          subscriberId: customer,
          state: "open",
          assigneeId: agent.id,
          unread: 1,
        }),
      ]);
      expect(list.json.conversations[0].windowClosesAt).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);

      const reply = await api(`${base}/${conv.id}/messages`, {
        headers: { ...key, "idempotency-key": `r-${conv.id}` },
        json: { type: "text", text: "It ships *today*." },
      });
      expect(reply.status, reply.text).toBe(200);
      const again = await api(`${base}/${conv.id}/messages`, {
        headers: { ...key, "idempotency-key": `r-${conv.id}` },
        json: { type: "text", text: "It ships *today*." },
      });
      expect(again.json).toEqual(reply.json);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      await drainAll();
      const [msg] = await rawQuery<{
        msg_type: string;
        content: { kind: string; text: string };
        status: string;
      }>(db(), `SELECT msg_type, content, status FROM messages WHERE business_id = $1 AND id = $2`, [
        t.business.id,
        reply.json.messageId,
      ]);
      expect(msg).toMatchObject({ msg_type: "text", content: { kind: "text", text: "It ships *today*." } });
      expect(["accepted", "sent", "delivered", "read"]).toContain(msg!.status);

      const note = await api(`${base}/${conv.id}/notes`, { headers: key, json: { text: "VIP customer" } });
      expect(note.status).toBe(201);

      // Two pages of the timeline: newest first, nothing lost or repeated.
      const p1 = await api(`${base}/${conv.id}?limit=2`, { headers: key });
      expect(p1.status).toBe(200);
      const p2 = await api(`${base}/${conv.id}?limit=50&cursor=${p1.json.nextCursor}`, { headers: key });
      const items = [...p1.json.items, ...p2.json.items];
      expect(items[0]).toMatchObject({ kind: "note", text: "VIP customer" });
      expect(items.map((i: { kind: string }) => i.kind)).toEqual([
        "note",
        "outbound",
        "event",
        "event",
        "inbound",
      ]);
      expect(new Set(items.map((i: { id: string }) => i.id)).size).toBe(items.length);

      const other = await createTestUser(t.business.id, { status: "Away" });
      const moved = await api(`${base}/${conv.id}/assign`, { headers: key, json: { assigneeId: other.id } });
      expect(moved.status).toBe(200);
      expect(moved.json.assigneeId).toBe(other.id);
      const resolved = await api(`${base}/${conv.id}/state`, { headers: key, json: { state: "resolved" } });
      expect(resolved.json.state).toBe("resolved");

      await drainAll();
      // Each event is its own delivery, and deliveries run concurrently: arrival order is free.
      const events = rx.received.map((r) => r.headers["x-switchboard-event"]);
      expect([...events].sort()).toEqual([
        "conversation.assigned",
        "conversation.assigned",
        "conversation.opened",
        "conversation.resolved",
      ]);
      const transfer = rx.received
        .filter((r) => r.headers["x-switchboard-event"] === "conversation.assigned")
        .map((r) => JSON.parse(r.body) as { previousAssigneeId?: string | null })
        .find((b) => b.previousAssigneeId);
      expect(transfer).toMatchObject({
        conversationId: conv.id,
        assigneeId: other.id,
        previousAssigneeId: agent.id,
        actor: { type: "api_key", id: t.keyId },
      });
      expect(
        quiet.received.filter((r) => String(r.headers["x-switchboard-event"]).startsWith("conversation")),
      ).toEqual([]);
    } finally {
      await rx.close();
      await quiet.close();
    }
  });

  it("allows templates only once the window has closed, and no marketing template to an opted-out customer", async () => {
    const t = await createTestBusiness();
    const key = { "x-api-key": t.apiKey };
    const base = `/api/v3/conversations/${t.business.id}`;
    const customer = phone();
    await customerWrites(t, customer, "hi", { at: new Date(Date.now() - 25 * 3600_000) });
    const conv = await conversationOf(t.business.id, customer);

    const text = await api(`${base}/${conv.id}/messages`, {
      headers: key,
      json: { type: "text", text: "hello" },
    });
    expect(text.status).toBe(409);
    expect(text.json.error.message).toMatch(/window is closed/);

    const tpl = await approvedTemplate(t.business.id);
    const ok = await api(`${base}/${conv.id}/messages`, {
      headers: key,
      json: { type: "template", template: tplMessage(tpl.name) },
    });
    expect(ok.status, ok.text).toBe(200);

    const promo = await approvedTemplate(t.business.id);
    await rawQuery(db(), `UPDATE templates SET category = 'MARKETING' WHERE id = $1`, [promo.id]);
    await api(`/api/v3/optouts/${t.business.id}`, { headers: key, json: { phones: [customer] } });
    const refused = await api(`${base}/${conv.id}/messages`, {
      headers: key,
      json: { type: "template", template: tplMessage(promo.name) },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/opted out/);
  });

  it("keeps businesses apart and answers bad input with 4xx", async () => {
    const a = await createTestBusiness();
    const b = await createTestBusiness();
    const customer = phone();
    await customerWrites(a, customer);
    const conv = await conversationOf(a.business.id, customer);
    const bKey = { "x-api-key": b.apiKey };

    expect((await api(`/api/v3/conversations/${a.business.id}`, { headers: bKey })).status).toBe(401);
    const list = await api(`/api/v3/conversations/${b.business.id}`, { headers: bKey });
    expect(list.json.conversations).toEqual([]);
    for (const [path, json] of [
      [`${conv.id}`, undefined],
      [`${conv.id}/messages`, { type: "text", text: "x" }],
      [`${conv.id}/assign`, { assigneeId: null }],
      [`${conv.id}/state`, { state: "resolved" }],
      [`${conv.id}/notes`, { text: "x" }],
    ] as const) {
      const res = await api(`/api/v3/conversations/${b.business.id}/${path}`, { headers: bKey, json });
      expect(res.status, path).toBe(404);
    }
    expect((await api(`/api/v3/conversations/${b.business.id}/not-a-uuid`, { headers: bKey })).status).toBe(
      404,
    );
    expect((await api(`/api/v3/conversations/${b.business.id}?cursor=zzz`, { headers: bKey })).status).toBe(
      400,
    );
    const aKey = { "x-api-key": a.apiKey };
    const bad = await api(`/api/v3/conversations/${a.business.id}/${conv.id}/assign`, {
      headers: aKey,
      json: { assigneeId: b.admin.id },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await api(`/api/v3/conversations/${a.business.id}/${conv.id}/messages`, {
          headers: aKey,
          json: { type: "fax" },
        })
      ).status,
    ).toBe(400);
  });
});
